import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import type { InvoiceFilter } from './invoicing.repository';

/**
 * The accounting totals read from their running sums (`invoice_totals`, kept by triggers: migration
 * 0018), in O(days) whatever the number of invoices, when the filter is one the sums are kept by: a
 * status and issue dates. Any other filter (a family, a period, an activity, an order, a search) reads
 * the invoices themselves (`InvoicingRepository.totals`). Both give the same figures.
 */
export function readsRunningSums(filter: InvoiceFilter): boolean {
  return (
    filter.familyId === undefined && !filter.periodId && !filter.blueprintId && !filter.orderId && !filter.q
  );
}

export function createAccountingTotals(db: Executor) {
  return {
    /** Count and amount per status, overdue balance by age, and what was credited, over the filter. */
    async totals(organizationId: string, filter: InvoiceFilter, today: string) {
      const conditions: SQL[] = [sql`organization_id = ${organizationId}`];
      if (filter.status) conditions.push(sql`status = ${filter.status}`);
      if (filter.from) conditions.push(sql`issue_date >= ${filter.from}::date`);
      if (filter.to) conditions.push(sql`issue_date <= ${filter.to}::date`);
      const where = sql.join(conditions, sql` and `);
      const [byStatus, ageing] = await Promise.all([
        db.execute(sql`select status, sum(invoices)::int as count, sum(amount)::bigint as amount,
            sum(credited)::bigint as credited
          from invoice_totals where ${where} group by status having sum(invoices) <> 0`),
        db.execute(sql`select case
              when ${today}::date - due_date <= 30 then '1-30'
              when ${today}::date - due_date <= 60 then '31-60'
              when ${today}::date - due_date <= 90 then '61-90'
              else '90+' end as bucket,
            sum(outstanding)::bigint as amount
          from invoice_totals where ${where} and status = 'overdue' group by 1 having sum(invoices) <> 0`),
      ]);
      return {
        byStatus: rowsOf<{ status: string; count: number; amount: number; credited: number }>(byStatus),
        ageing: rowsOf<{ bucket: string; amount: number }>(ageing),
      };
    },

    /** Merges the sums' new deltas (the recurring job; the sums are exact before and after). */
    async fold() {
      await db.execute(sql`select fold_invoice_totals()`);
    },
  };
}
