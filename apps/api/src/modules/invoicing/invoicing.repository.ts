import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { boundedCount, decodeCursor, encodeCursor } from '../../lib/cursor';
import type { BuyerSnapshot, SellerSnapshot } from '../../db/schema';

/** An invoice row with what its lists show: received amount (its order's, or its own) and buyer. */
export interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  order_id: string | null;
  family_id: string | null;
  member_id: string | null;
  issue_date: string;
  due_date: string;
  service_from: string | null;
  service_to: string | null;
  locale: string;
  seller: SellerSnapshot;
  buyer: BuyerSnapshot;
  total_amount: number;
  tax_amount: number;
  credited_amount: number;
  paid_amount: number;
  structured_reference: string | null;
  reminded_at: Date | null;
}

export interface InvoiceFilter {
  /** A family sees only its own. */
  familyId?: string;
  status?: string;
  periodId?: string;
  blueprintId?: string;
  orderId?: string;
  from?: string;
  to?: string;
  q?: string;
}

export interface DocumentLineRow {
  id: string;
  description: string;
  service_date: string | null;
  quantity: number;
  unit_price: number;
  tax_percentage: number;
  total_amount: number;
  tax_amount: number;
}

export interface CreditNoteRow {
  id: string;
  number: string;
  invoice_id: string;
  invoice_number: string;
  invoice_issue_date: string;
  issue_date: string;
  reason: string;
  total_amount: number;
  tax_amount: number;
  buyer: BuyerSnapshot;
  refund_id: string | null;
  locale: string;
  /** Its invoice's total, credited and received cents (received: its order's, or its own). */
  invoice_total: number;
  invoice_credited: number;
  invoice_paid: number;
  /** Cents of the invoice's unrefunded credit notes issued after this one. */
  newer_unrefunded: number;
}

const INVOICE_COLUMNS = sql`i.id, i.number, i.status, i.order_id, i.family_id, i.member_id,
  i.issue_date::text as issue_date, i.due_date::text as due_date, i.service_from::text as service_from,
  i.service_to::text as service_to, i.locale, i.seller, i.buyer, i.total_amount, i.tax_amount,
  i.credited_amount, coalesce(o.paid_amount, i.paid_amount) as paid_amount, i.structured_reference, i.reminded_at`;

const FROM_INVOICES = sql`from invoices i
  left join orders o on o.organization_id = i.organization_id and o.id = i.order_id`;

function invoiceWhere(organizationId: string, f: InvoiceFilter): SQL {
  const conditions: SQL[] = [sql`i.organization_id = ${organizationId}`];
  if (f.familyId !== undefined) conditions.push(sql`i.family_id = ${f.familyId}`);
  if (f.status) conditions.push(sql`i.status = ${f.status}`);
  if (f.orderId) conditions.push(sql`i.order_id = ${f.orderId}`);
  if (f.from) conditions.push(sql`i.issue_date >= ${f.from}::date`);
  if (f.to) conditions.push(sql`i.issue_date <= ${f.to}::date`);
  if (f.blueprintId) {
    conditions.push(sql`exists (select 1 from invoice_lines il
      where il.organization_id = i.organization_id and il.invoice_id = i.id and il.blueprint_id = ${f.blueprintId})`);
  }
  if (f.periodId) {
    conditions.push(sql`exists (select 1 from invoice_lines il
      join order_lines ol on ol.organization_id = il.organization_id and ol.id = il.order_line_id
      join services s on s.organization_id = ol.organization_id and s.id = ol.service_id
      where il.organization_id = i.organization_id and il.invoice_id = i.id and s.period_id = ${f.periodId})`);
  }
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(i.number ilike ${like} or i.buyer->>'name' ilike ${like}
      or coalesce(i.buyer->>'companyName', '') ilike ${like})`);
  }
  return sql.join(conditions, sql` and `);
}

/** The accounting list's cursor: its order's key (issue date, number). */
const INVOICE_CURSOR = ['invoices', ['date', 'text']] as const;

/** A page: by offset (exact count), or by keyset after a cursor (`after` '' = the first page). */
export type InvoicePaging = { limit: number; offset: number } | { limit: number; after: string };

export function createInvoicingRepository(db: Executor) {
  return {
    /**
     * One page of invoices, latest first, and how many match: by offset (exact count), or by keyset
     * after a cursor (`after` '' = the first page; the index on (organisation, issue_date, number)
     * serves any depth, the count stops at `LIST_COUNT_LIMIT`).
     */
    async listInvoices(organizationId: string, filter: InvoiceFilter, paging: InvoicePaging) {
      const where = invoiceWhere(organizationId, filter);
      const after = 'after' in paging && paging.after ? decodeCursor(...INVOICE_CURSOR, paging.after) : null;
      const keyset = after ? sql` and (i.issue_date, i.number) < (${after[0]}::date, ${after[1]})` : sql``;
      const select = (limit: number, offset: number) =>
        db
          .execute(
            sql`select ${INVOICE_COLUMNS} ${FROM_INVOICES} where ${where}${keyset}
              order by i.issue_date desc, i.number desc limit ${limit} offset ${offset}`,
          )
          .then((r) => rowsOf<InvoiceRow>(r));
      const cursorOf = (row: InvoiceRow) => encodeCursor(INVOICE_CURSOR[0], [row.issue_date, row.number]);
      if ('after' in paging) {
        const [rows, counted] = await Promise.all([
          select(paging.limit + 1, 0),
          boundedCount(db, sql`select 1 from invoices i where ${where}`),
        ]);
        const shown = rows.slice(0, paging.limit);
        return {
          rows: shown,
          total: counted.total,
          capped: counted.capped,
          nextCursor: rows.length > paging.limit ? cursorOf(shown.at(-1)!) : null,
        };
      }
      const [rows, [counted]] = await Promise.all([
        select(paging.limit, paging.offset),
        db
          .execute(sql`select count(*)::int as total ${FROM_INVOICES} where ${where}`)
          .then((c) => rowsOf<{ total: number }>(c)),
      ]);
      const total = counted?.total ?? 0;
      return {
        rows,
        total,
        capped: false,
        nextCursor: rows.length > 0 && paging.offset + rows.length < total ? cursorOf(rows.at(-1)!) : null,
      };
    },

    /** Every matching invoice, oldest first, for the CSV export (bounded by the caller). */
    async exportInvoices(organizationId: string, filter: InvoiceFilter, limit: number) {
      return rowsOf<InvoiceRow>(
        await db.execute(sql`select ${INVOICE_COLUMNS} ${FROM_INVOICES} where ${invoiceWhere(organizationId, filter)}
          order by i.issue_date, i.number limit ${limit}`),
      );
    },

    /** Count and amount per status, overdue balance by age, and what was credited, over the filter. */
    async totals(organizationId: string, filter: InvoiceFilter, today: string) {
      const where = invoiceWhere(organizationId, filter);
      const [byStatus, ageing] = await Promise.all([
        db.execute(sql`select i.status, count(*)::int as count, coalesce(sum(i.total_amount), 0)::bigint as amount,
            coalesce(sum(i.credited_amount), 0)::bigint as credited
          from invoices i where ${where} group by i.status`),
        // Overdue invoices only (the status index), with what their orders received.
        db.execute(sql`select case
              when ${today}::date - i.due_date <= 30 then '1-30'
              when ${today}::date - i.due_date <= 60 then '31-60'
              when ${today}::date - i.due_date <= 90 then '61-90'
              else '90+' end as bucket,
            coalesce(sum(greatest(0, i.total_amount - i.credited_amount - coalesce(o.paid_amount, i.paid_amount))), 0)::bigint as amount
          ${FROM_INVOICES} where ${where} and i.status = 'overdue' group by 1`),
      ]);
      return {
        byStatus: rowsOf<{ status: string; count: number; amount: number; credited: number }>(byStatus),
        ageing: rowsOf<{ bucket: string; amount: number }>(ageing),
      };
    },

    /**
     * What is still due (total − credited − paid) on the invoices awaiting payment and on the overdue
     * ones: how many, and how much, for the manager's dashboard.
     */
    async outstanding(organizationId: string) {
      return rowsOf<{ status: string; count: number; amount: number }>(
        await db.execute(sql`select i.status, count(*)::int as count,
            coalesce(sum(greatest(0, i.total_amount - i.credited_amount - coalesce(o.paid_amount, i.paid_amount))), 0)::bigint as amount
          ${FROM_INVOICES} where i.organization_id = ${organizationId} and i.status in ('pending', 'overdue')
            and i.total_amount - i.credited_amount - coalesce(o.paid_amount, i.paid_amount) > 0
          group by i.status`),
      );
    },

    async findInvoice(organizationId: string, invoiceId: string, familyId?: string) {
      const [row] = rowsOf<InvoiceRow>(
        await db.execute(sql`select ${INVOICE_COLUMNS} ${FROM_INVOICES}
          where ${invoiceWhere(organizationId, { familyId })} and i.id = ${invoiceId}`),
      );
      return row;
    },

    async invoiceLines(organizationId: string, invoiceId: string) {
      return rowsOf<DocumentLineRow>(
        await db.execute(sql`select id, description, service_date::text as service_date, quantity, unit_price,
            tax_percentage, total_amount, tax_amount
          from invoice_lines where organization_id = ${organizationId} and invoice_id = ${invoiceId}
          order by position, id`),
      );
    },

    async creditNotes(
      organizationId: string,
      filter: { invoiceId?: string; creditNoteId?: string; familyId?: string },
      limit = 100,
      offset = 0,
    ) {
      const conditions: SQL[] = [sql`c.organization_id = ${organizationId}`];
      if (filter.invoiceId) conditions.push(sql`c.invoice_id = ${filter.invoiceId}`);
      if (filter.creditNoteId) conditions.push(sql`c.id = ${filter.creditNoteId}`);
      if (filter.familyId !== undefined) conditions.push(sql`i.family_id = ${filter.familyId}`);
      const where = sql.join(conditions, sql` and `);
      const from = sql`from credit_notes c join invoices i on i.organization_id = c.organization_id and i.id = c.invoice_id
        left join orders o on o.organization_id = i.organization_id and o.id = i.order_id`;
      const [rows, counted] = await Promise.all([
        db.execute(sql`select c.id, c.number, c.invoice_id, i.number as invoice_number,
            i.issue_date::text as invoice_issue_date, c.issue_date::text as issue_date, c.reason, c.total_amount,
            c.tax_amount, i.buyer, c.refund_id, c.locale, i.total_amount as invoice_total,
            i.credited_amount as invoice_credited, coalesce(o.paid_amount, i.paid_amount) as invoice_paid,
            (select cast(coalesce(sum(n.total_amount), 0) as bigint) from credit_notes n
              where n.organization_id = c.organization_id and n.invoice_id = c.invoice_id and n.refund_id is null
                and (n.created_at, n.id) > (c.created_at, c.id)) as newer_unrefunded
          ${from} where ${where} order by c.issue_date desc, c.number desc limit ${limit} offset ${offset}`),
        db.execute(sql`select count(*)::int as total ${from} where ${where}`),
      ]);
      return { rows: rowsOf<CreditNoteRow>(rows), total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0 };
    },

    async creditNoteLines(organizationId: string, creditNoteId: string) {
      return rowsOf<DocumentLineRow>(
        await db.execute(sql`select id, description, null as service_date, quantity, unit_price, tax_percentage,
            total_amount, tax_amount
          from credit_note_lines where organization_id = ${organizationId} and credit_note_id = ${creditNoteId}
          order by position, id`),
      );
    },

    /** An image stored by the assets module, for the PDFs' header. */
    async asset(organizationId: string, assetId: string) {
      const [row] = rowsOf<{ data: Buffer; content_type: string }>(
        await db.execute(sql`select data, content_type from assets
          where organization_id = ${organizationId} and id = ${assetId}`),
      );
      return row;
    },

    /** The organisation's today (yyyy-MM-dd) in its time zone. */
    async today(organizationId: string, now: Date): Promise<string> {
      const [row] = rowsOf<{ today: string }>(
        await db.execute(sql`select ((${now}::timestamptz at time zone time_zone)::date)::text as today
          from organizations where id = ${organizationId}`),
      );
      return row!.today;
    },
  };
}

export type InvoicingRepository = ReturnType<typeof createInvoicingRepository>;
