import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { rowsOf } from '../../db/client';
import { refreshInvoiceStatus } from './invoice-lifecycle';
import { sendReminder } from './reminders';

export const OVERDUE_QUEUE = 'invoicing.mark-overdue';
const HOUR = 3_600_000;
const BATCH = 200;

/**
 * Pending invoices past their due date (the organisation's today) become overdue, and the family gets
 * one reminder e-mail (managers may send more from /accounting). Rows are claimed with SKIP LOCKED, so
 * instances running it at once never handle the same invoice twice. Answers how many became overdue.
 */
export async function markOverdueInvoices(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let total = 0;
  for (;;) {
    const marked = await ctx.db.transaction(async (tx) => {
      const due = rowsOf<{ organization_id: string; id: string; reminded: boolean }>(
        await tx.execute(sql`
          select i.organization_id, i.id, i.reminded_at is not null as reminded
          from invoices i join organizations org on org.id = i.organization_id
          where i.status = 'pending' and i.due_date < (${now}::timestamptz at time zone org.time_zone)::date
          order by i.due_date
          limit ${BATCH}
          for update of i skip locked`),
      );
      for (const invoice of due) await refreshInvoiceStatus(tx, invoice.organization_id, invoice.id, now);
      return due;
    });
    for (const invoice of marked.filter((i) => !i.reminded)) {
      try {
        await sendReminder(ctx, invoice.organization_id, invoice.id);
      } catch (error) {
        ctx.logger.error({ err: error, invoiceId: invoice.id }, 'overdue reminder failed');
      }
    }
    total += marked.length;
    if (marked.length < BATCH) break;
  }
  if (total > 0) ctx.logger.info({ invoices: total }, 'invoices marked overdue');
  return total;
}

/** Every hour, once across instances. */
export async function registerOverdueJob(ctx: AppContext): Promise<void> {
  await ctx.queue.registerRecurring(OVERDUE_QUEUE, HOUR, async () => {
    await markOverdueInvoices(ctx);
  });
}
