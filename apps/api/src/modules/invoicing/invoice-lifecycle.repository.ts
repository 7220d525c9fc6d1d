import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { auditEvents, creditNoteLines, creditNotes, invoiceLines, invoices } from '../../db/schema';
import type { InvoiceStatus } from '@inscrio/shared';
import type {
  BuyerRow,
  InvoiceLineRow,
  InvoiceRow,
  NewDocumentLine,
  OrderLineForInvoice,
  SellerRow,
} from './invoice-documents';
import type { InvoiceStatusFacts } from './invoice-rules';

/*
 * The SQL of the invoices' state machine (invoice-lifecycle.ts), run in the callers' transactions.
 */

export const SELLER_COLUMNS = sql`org.name, org.billing_address, org.billing_city, org.billing_postal_code,
  org.billing_country, org.vat_number, org.billing_email, org.billing_phone, org.contact_email, org.iban, org.bic,
  org.vat_regime, org.vat_exemption_mention, org.invoice_due_days, org.time_zone,
  coalesce(org.document_logo_asset_id, org.logo_asset_id) as logo_asset_id`;

/**
 * The buyer of an order's invoice, from the user `u` who ordered and their own member `m` (left joined):
 * a `BuyerRow` with the member's id.
 */
export const BUYER_COLUMNS = sql`m.id as member_id, m.first_name, m.last_name, m.address, m.city,
  m.postal_code, m.country, coalesce(m.email, u.email) as email, u.company_name, u.company_vat_number,
  u.company_address, u.company_city, u.company_postal_code, u.company_country`;

export interface OrderForInvoice extends SellerRow, BuyerRow {
  family_id: string;
  member_id: string | null;
  locale: string;
  structured_reference: string | null;
  invoice_id: string | null;
}

/** A participant's invoice line not credited yet, with what its invoice and order stand at. */
export interface ParticipantCreditRow {
  invoiceId: string;
  lineId: string;
  description: string;
  quantity: number;
  unitPrice: number;
  taxPercentage: number;
  paidAmount: number;
  locale: string;
  remaining: number;
}

export function createInvoiceLifecycleRepository(tx: Executor) {
  return {
    /** The order with its seller, its buyer and its invoice's id, its row locked. */
    async lockOrderForInvoice(organizationId: string, orderId: string) {
      const [order] = rowsOf<OrderForInvoice>(
        await tx.execute(sql`
          select o.family_id, o.locale, o.structured_reference, ${SELLER_COLUMNS}, ${BUYER_COLUMNS},
            (select i.id from invoices i where i.organization_id = o.organization_id and i.order_id = o.id) as invoice_id
          from orders o
          join organizations org on org.id = o.organization_id
          join users u on u.organization_id = o.organization_id and u.id = o.user_id
          left join members m on m.organization_id = o.organization_id and m.user_id = o.user_id
          where o.organization_id = ${organizationId} and o.id = ${orderId}
          for update of o`),
      );
      return order;
    },

    async orderLines(organizationId: string, orderId: string): Promise<OrderLineForInvoice[]> {
      const lines = rowsOf<OrderLineForInvoice>(
        await tx.execute(sql`
          select ol.id, ol.description, ol.unit_price as "unitPrice", ol.supplements,
            ol.tax_percentage as "taxPercentage", s.blueprint_id as "blueprintId", s.start_date_time as "startDateTime"
          from order_lines ol
          join services s on s.organization_id = ol.organization_id and s.id = ol.service_id
          where ol.organization_id = ${organizationId} and ol.order_id = ${orderId}
          order by ol.position, ol.id`),
      );
      return lines.map((l) => ({ ...l, startDateTime: new Date(l.startDateTime) }));
    },

    async insertInvoice(invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<void> {
      await tx.insert(invoices).values(invoice);
      if (lines.length > 0) await tx.insert(invoiceLines).values(lines);
    },

    /** What the invoice's status is decided from, `today` in the organisation's time zone at `now`. */
    async statusFacts(
      organizationId: string,
      invoiceId: string,
      now: Date,
    ): Promise<InvoiceStatusFacts | undefined> {
      const [facts] = rowsOf<InvoiceStatusFacts>(
        await tx.execute(sql`
          select i.total_amount as "totalAmount", i.credited_amount as "creditedAmount",
            coalesce((select o.paid_amount from orders o
                      where o.organization_id = i.organization_id and o.id = i.order_id), i.paid_amount) as "paidAmount",
            exists (select 1 from payments p
                    where p.organization_id = i.organization_id and p.order_id = i.order_id
                      and p.status = 'pending' and p.provider <> 'offline') as processing,
            to_char(i.due_date, 'YYYY-MM-DD') as "dueDate",
            to_char((${now}::timestamptz at time zone org.time_zone)::date, 'YYYY-MM-DD') as today
          from invoices i join organizations org on org.id = i.organization_id
          where i.organization_id = ${organizationId} and i.id = ${invoiceId}`),
      );
      return facts;
    },

    /** Sets the status; the first time it is paid, `paidAt` too. */
    async setStatus(organizationId: string, invoiceId: string, status: InvoiceStatus, now: Date) {
      await tx.execute(sql`
        update invoices set status = ${status},
          paid_at = case when ${status} = 'paid' then coalesce(paid_at, ${now}::timestamptz) else paid_at end,
          updated_at = ${now}::timestamptz
        where organization_id = ${organizationId} and id = ${invoiceId}`);
    },

    async orderInvoiceId(organizationId: string, orderId: string): Promise<string | undefined> {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(
          sql`select id from invoices where organization_id = ${organizationId} and order_id = ${orderId}`,
        ),
      );
      return row?.id;
    },

    /** The invoice a credit note goes on, its row locked. */
    async lockInvoiceForCredit(organizationId: string, invoiceId: string) {
      const [invoice] = rowsOf<{
        totalAmount: number;
        creditedAmount: number;
        locale: string;
        vatRegime: string;
        timeZone: string;
      }>(
        await tx.execute(sql`
          select i.total_amount as "totalAmount", i.credited_amount as "creditedAmount", i.locale,
            i.seller->>'vatRegime' as "vatRegime", org.time_zone as "timeZone"
          from invoices i join organizations org on org.id = i.organization_id
          where i.organization_id = ${organizationId} and i.id = ${invoiceId}
          for update of i`),
      );
      return invoice;
    },

    async insertCreditNote(
      note: typeof creditNotes.$inferInsert,
      lines: (typeof creditNoteLines.$inferInsert)[],
    ): Promise<void> {
      await tx.insert(creditNotes).values(note);
      await tx.insert(creditNoteLines).values(lines);
    },

    /**
     * Adds a credit to the invoice and its order; the transfer still awaited on the order then awaits
     * what is left to pay (total − credited − paid), or nothing at all once credit notes and payments
     * cover the order.
     */
    async addCredit(organizationId: string, invoiceId: string, amount: number, now: Date) {
      await tx.execute(sql`
        with invoice as (
          update invoices set credited_amount = credited_amount + ${amount}
          where organization_id = ${organizationId} and id = ${invoiceId}
          returning organization_id, order_id)
        update orders o set credited_amount = o.credited_amount + ${amount}
        from invoice i where o.organization_id = i.organization_id and o.id = i.order_id`);
      await tx.execute(sql`
        with due as (
          select o.organization_id, o.id, greatest(0, o.total_amount - o.credited_amount - o.paid_amount) as amount
          from invoices i join orders o on o.organization_id = i.organization_id and o.id = i.order_id
          where i.organization_id = ${organizationId} and i.id = ${invoiceId})
        update payments p set
          amount = case when d.amount > 0 then d.amount else p.amount end,
          status = case when d.amount > 0 then p.status else 'cancelled' end,
          updated_at = ${now}::timestamptz
        from due d
        where p.organization_id = d.organization_id and p.order_id = d.id
          and p.provider = 'offline' and p.status = 'open'`);
    },

    async audit(event: typeof auditEvents.$inferInsert): Promise<void> {
      await tx.insert(auditEvents).values(event);
    },

    /** The order's invoice with what is left to credit on it. */
    async orderInvoiceToCredit(organizationId: string, orderId: string) {
      const [invoice] = rowsOf<{ id: string; remaining: number; creditedAmount: number }>(
        await tx.execute(sql`
          select id, total_amount - credited_amount as remaining, credited_amount as "creditedAmount"
          from invoices where organization_id = ${organizationId} and order_id = ${orderId}`),
      );
      return invoice;
    },

    /** An invoice's lines as credit note lines, each naming its invoice line. */
    async invoiceLinesToCredit(organizationId: string, invoiceId: string): Promise<NewDocumentLine[]> {
      return rowsOf<NewDocumentLine>(
        await tx.execute(sql`
          select id as "invoiceLineId", description, service_date as "serviceDate", quantity,
            unit_price as "unitPrice", tax_percentage as "taxPercentage"
          from invoice_lines where organization_id = ${organizationId} and invoice_id = ${invoiceId}
          order by position`),
      );
    },

    async orderPaidAmount(organizationId: string, orderId: string): Promise<number | undefined> {
      const [order] = rowsOf<{ paid_amount: number }>(
        await tx.execute(
          sql`select paid_amount from orders where organization_id = ${organizationId} and id = ${orderId}`,
        ),
      );
      return order?.paid_amount;
    },

    /** See `participantInvoiceCredits` (invoice-lifecycle.ts): the lines, in invoice order. */
    async participantCreditRows(
      organizationId: string,
      participantId: string,
    ): Promise<ParticipantCreditRow[]> {
      return rowsOf<ParticipantCreditRow>(
        await tx.execute(sql`
          with me as (
            select p.id, p.member_id, s.blueprint_id, s.period_id
            from participants p
            join services s on s.organization_id = p.organization_id and s.id = p.service_id
            where p.organization_id = ${organizationId} and p.id = ${participantId}
          ), kept as (
            select exists (
              select 1 from participants q
              join services qs on qs.organization_id = q.organization_id and qs.id = q.service_id
              where q.organization_id = ${organizationId} and q.member_id = me.member_id and q.id <> me.id
                and q.status in ('reserved', 'confirmed') and q.order_id is not null
                and qs.blueprint_id = me.blueprint_id and qs.period_id is not distinct from me.period_id
            ) as other_live
            from me
          )
          select il.invoice_id as "invoiceId", il.id as "lineId", il.description, il.quantity,
            il.unit_price as "unitPrice", il.tax_percentage as "taxPercentage", o.paid_amount as "paidAmount",
            i.locale, i.total_amount - i.credited_amount as remaining
          from me cross join kept
          join participants q on q.organization_id = ${organizationId} and q.member_id = me.member_id
          join services qs on qs.organization_id = q.organization_id and qs.id = q.service_id
            and qs.blueprint_id = me.blueprint_id and qs.period_id is not distinct from me.period_id
          join order_lines ol on ol.organization_id = q.organization_id and ol.order_id = q.order_id
            and ol.participant_id = q.id
          join orders o on o.organization_id = ol.organization_id and o.id = ol.order_id
          join invoices i on i.organization_id = ol.organization_id and i.order_id = ol.order_id
          join invoice_lines il on il.organization_id = i.organization_id and il.invoice_id = i.id
            and il.order_line_id = ol.id
          where (case when il.supplement_frequency = 'once' then not kept.other_live
                      else q.id = me.id end)
            and not exists (select 1 from credit_note_lines cl
              where cl.organization_id = il.organization_id and cl.invoice_line_id = il.id)
          order by i.created_at, i.id, il.position`),
      );
    },
  };
}
