import {
  includedTax,
  type InvoiceStatus,
  type Locale,
  localDay,
  SUPPLEMENT_FREQUENCIES,
  type SupplementFrequency,
} from '@inscrio/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import {
  auditEvents,
  type BuyerSnapshot,
  type OrderLineSupplement,
  creditNoteLines,
  creditNotes,
  invoiceLines,
  invoices,
  type SellerSnapshot,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import { nextDocumentNumber } from './numbering';

/*
 * The invoice's state machine (CONVENTIONS rule 5), run inside the callers' transactions:
 *
 *   issued ─▶ pending ──online payment pending at the provider──▶ processing ──paid──▶ paid
 *             pending ──due date passed──▶ overdue ──paid──▶ paid
 *             any ──credit notes cover the whole total──▶ cancelled
 *
 * The status is never set by hand: `refreshInvoiceStatus` derives it from the amounts (total, credited,
 * received) and the due date, so every event (payment, refund, credit note, the overdue job) just calls it.
 */

/** Reasons printed on the credit notes the platform emits itself, in the document's language. */
export const CREDIT_REASONS = {
  orderCancelled: { fr: 'Commande annulée', en: 'Order cancelled' },
  registrationCancelled: { fr: 'Inscription annulée', en: 'Registration cancelled' },
  providerRefund: {
    fr: 'Remboursement effectué chez le prestataire de paiement',
    en: 'Refund made at the payment provider',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export const localeOf = (row: { locale: string }): Locale => (row.locale === 'en' ? 'en' : 'fr');

/** `yyyy-MM-dd` plus a number of days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface SellerRow {
  name: string;
  billing_address: string | null;
  billing_city: string | null;
  billing_postal_code: string | null;
  billing_country: string | null;
  vat_number: string | null;
  billing_email: string | null;
  billing_phone: string | null;
  contact_email: string | null;
  iban: string | null;
  bic: string | null;
  vat_regime: string;
  vat_exemption_mention: string | null;
  invoice_due_days: number;
  time_zone: string;
  logo_asset_id: string | null;
}

export const SELLER_COLUMNS = sql`org.name, org.billing_address, org.billing_city, org.billing_postal_code,
  org.billing_country, org.vat_number, org.billing_email, org.billing_phone, org.contact_email, org.iban, org.bic,
  org.vat_regime, org.vat_exemption_mention, org.invoice_due_days, org.time_zone,
  coalesce(org.document_logo_asset_id, org.logo_asset_id) as logo_asset_id`;

export function sellerSnapshot(row: SellerRow): SellerSnapshot {
  return {
    name: row.name,
    address: row.billing_address,
    city: row.billing_city,
    postalCode: row.billing_postal_code,
    country: row.billing_country,
    vatNumber: row.vat_number,
    email: row.billing_email ?? row.contact_email,
    phone: row.billing_phone,
    iban: row.iban,
    bic: row.bic,
    vatRegime: row.vat_regime,
    vatExemptionMention: row.vat_regime === 'exempt' ? row.vat_exemption_mention : null,
    logoAssetId: row.logo_asset_id,
  };
}

export interface BuyerRow {
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  email: string | null;
  company_name: string | null;
  company_vat_number: string | null;
  company_address: string | null;
  company_city: string | null;
  company_postal_code: string | null;
  company_country: string | null;
}

/** The family's adult, or the company they gave on their profile (then its address is printed). */
export function buyerSnapshot(row: BuyerRow): BuyerSnapshot {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email ?? '');
  if (row.company_name) {
    return {
      name,
      companyName: row.company_name,
      vatNumber: row.company_vat_number,
      address: row.company_address,
      city: row.company_city,
      postalCode: row.company_postal_code,
      country: row.company_country,
      email: row.email,
    };
  }
  return {
    name,
    companyName: null,
    vatNumber: null,
    address: row.address,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    email: row.email,
  };
}

export interface NewDocumentLine {
  description: string;
  serviceDate?: string | null;
  quantity: number;
  unitPrice: number;
  taxPercentage: number;
  orderLineId?: string | null;
  /** The supplement of the order line this line charges; absent on the session's own line. */
  supplementId?: string | null;
  supplementFrequency?: SupplementFrequency | null;
  blueprintId?: string | null;
  invoiceLineId?: string | null;
}

/** Line totals: quantity × unit price, VAT included; no VAT at all when the seller is exempt. */
export function priceLines(lines: NewDocumentLine[], exempt: boolean) {
  return lines.map((line, position) => {
    const taxPercentage = exempt ? 0 : line.taxPercentage;
    const totalAmount = line.quantity * line.unitPrice;
    return {
      ...line,
      taxPercentage,
      totalAmount,
      taxAmount: includedTax(totalAmount, taxPercentage),
      position,
    };
  });
}

/** What a document line prints, the same on invoices and credit notes. */
const printedLine = (l: ReturnType<typeof priceLines>[number]) => ({
  description: l.description,
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  taxPercentage: l.taxPercentage,
  totalAmount: l.totalAmount,
  taxAmount: l.taxAmount,
  position: l.position,
});

export interface NewInvoice {
  organizationId: string;
  orderId?: string | null;
  familyId?: string | null;
  memberId?: string | null;
  issuedAt: Date;
  /** yyyy-MM-dd; defaults to the day of `issuedAt` in the organisation's time zone. */
  issueDate?: string;
  locale: string;
  seller: SellerRow;
  buyer: BuyerSnapshot;
  lines: NewDocumentLine[];
  structuredReference?: string | null;
  createdByUserId?: string | null;
}

export type InvoiceRow = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferInsert;

/**
 * An invoice and its lines as rows, every column given, without a number (given when the writing
 * transaction commits, see numbering.ts). Status as issued: nothing received or credited yet, so
 * pending (paid when there is nothing to pay); the callers that may know more refresh it after.
 */
export function buildInvoice(input: NewInvoice): { invoice: InvoiceRow; lines: InvoiceLineRow[] } {
  const seller = input.seller;
  const issueDate = input.issueDate ?? localDay(input.issuedAt, seller.time_zone);
  const priced = priceLines(input.lines, seller.vat_regime === 'exempt');
  const serviceDates = priced
    .map((l) => l.serviceDate)
    .filter((d): d is string => !!d)
    .sort();
  const id = newId('inv', input.issuedAt.getTime());
  const totalAmount = priced.reduce((sum, l) => sum + l.totalAmount, 0);
  const invoice: InvoiceRow = {
    organizationId: input.organizationId,
    id,
    number: null,
    orderId: input.orderId ?? null,
    familyId: input.familyId ?? null,
    memberId: input.memberId ?? null,
    status: totalAmount === 0 ? 'paid' : 'pending',
    issueDate,
    dueDate: addDays(issueDate, seller.invoice_due_days),
    serviceFrom: serviceDates[0] ?? null,
    serviceTo: serviceDates.at(-1) ?? null,
    locale: input.locale === 'en' ? 'en' : 'fr',
    seller: sellerSnapshot(seller),
    buyer: input.buyer,
    totalAmount,
    taxAmount: priced.reduce((sum, l) => sum + l.taxAmount, 0),
    creditedAmount: 0,
    paidAmount: 0,
    structuredReference: input.structuredReference ?? null,
    paidAt: totalAmount === 0 ? input.issuedAt : null,
    remindedAt: null,
    createdByUserId: input.createdByUserId ?? null,
    createdAt: input.issuedAt,
    updatedAt: input.issuedAt,
  };
  const lines = priced.map((l) => ({
    organizationId: input.organizationId,
    id: newId('inv', input.issuedAt.getTime()),
    invoiceId: id,
    orderLineId: l.orderLineId ?? null,
    supplementId: l.supplementId ?? null,
    supplementFrequency: l.supplementFrequency ?? null,
    blueprintId: l.blueprintId ?? null,
    serviceDate: l.serviceDate ?? null,
    ...printedLine(l),
  }));
  return { invoice, lines };
}

/** Writes an invoice and its lines (`buildInvoice`); the caller then refreshes its status. */
export async function insertInvoice(tx: Executor, input: NewInvoice): Promise<string> {
  const { invoice, lines } = buildInvoice(input);
  await tx.insert(invoices).values(invoice);
  if (lines.length > 0) await tx.insert(invoiceLines).values(lines);
  return invoice.id;
}

/** An order line as its invoice lines need it. */
export interface OrderLineForInvoice {
  id: string;
  description: string;
  unitPrice: number;
  supplements: OrderLineSupplement[];
  taxPercentage: number;
  blueprintId: string;
  startDateTime: Date;
}

/**
 * What an invoice (or credit note) line of a supplement says: « Supplément T-shirt du club (une fois par
 * période) — Natation — 14/03/2027 10:00 — Léa Dupont », the order line it belongs to last.
 */
export function supplementLineDescription(
  supplement: Pick<OrderLineSupplement, 'name' | 'frequency'>,
  orderLineDescription: string,
  locale: Locale,
): string {
  const frequency = SUPPLEMENT_FREQUENCIES.label(supplement.frequency ?? 'per-session', locale);
  const word = locale === 'en' ? 'Supplement' : 'Supplément';
  return `${word} ${supplement.name} (${frequency.toLowerCase()}) — ${orderLineDescription}`;
}

/*
 * The invoice lines of an order: per order line, the session at its own price, then each supplement the
 * order line charged as a line of its own, so a family reads on its invoice what it pays for (a T-shirt
 * once, a meal per session). An order line stays one per registration (seat, cancellation, credit all
 * hang on its participant), its supplements an array on it (`supplements`, priced at checkout); the
 * invoice, the legal document, spreads them out: each line names its order line (`orderLineId`), and a
 * supplement's line its supplement (`supplementId`, with the frequency charged), so every invoice line is
 * explained by a line of the order and a cancellation credits exactly the lines of its registration.
 * The sum of an order line's invoice lines is its total, and their VAT its VAT (`linePrice`).
 */
export function orderInvoiceLines(
  lines: OrderLineForInvoice[],
  timeZone: string,
  locale: Locale,
): NewDocumentLine[] {
  return lines.flatMap((l) => {
    const common = {
      serviceDate: localDay(l.startDateTime, timeZone),
      quantity: 1,
      taxPercentage: l.taxPercentage,
      orderLineId: l.id,
      blueprintId: l.blueprintId,
    };
    return [
      { ...common, description: l.description, unitPrice: l.unitPrice },
      ...l.supplements.map((s) => ({
        ...common,
        description: supplementLineDescription(s, l.description, locale),
        unitPrice: s.price,
        supplementId: s.supplementId,
        // Ordered before supplements had a frequency: they were charged on every session.
        supplementFrequency: s.frequency ?? ('per-session' as const),
      })),
    ];
  });
}

/**
 * The buyer of an order's invoice, from the user `u` who ordered and their own member `m` (left joined):
 * a `BuyerRow` with the member's id.
 */
export const BUYER_COLUMNS = sql`m.id as member_id, m.first_name, m.last_name, m.address, m.city,
  m.postal_code, m.country, coalesce(m.email, u.email) as email, u.company_name, u.company_vat_number,
  u.company_address, u.company_city, u.company_postal_code, u.company_country`;

interface OrderForInvoice extends SellerRow, BuyerRow {
  family_id: string;
  member_id: string | null;
  locale: string;
  structured_reference: string | null;
  invoice_id: string | null;
}

/**
 * The invoice of an order, issued once (when an offline order is placed, an online one paid or pending
 * at its provider): one line per participant at the price of the order line (supplements included),
 * the buyer being the person who checked out (or their company). An order has one invoice: when it
 * exists already it is only brought up to date, so every payment event may simply ask for it. Locks the
 * order row, so two events never issue two invoices.
 */
export async function issueOrderInvoice(
  tx: Executor,
  organizationId: string,
  orderId: string,
  now: Date,
): Promise<string> {
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
  if (!order) throw new Error(`order ${orderId} not found`);
  if (order.invoice_id) {
    await refreshInvoiceStatus(tx, organizationId, order.invoice_id, now);
    return order.invoice_id;
  }
  const lines = rowsOf<OrderLineForInvoice>(
    await tx.execute(sql`
      select ol.id, ol.description, ol.unit_price as "unitPrice", ol.supplements,
        ol.tax_percentage as "taxPercentage", s.blueprint_id as "blueprintId", s.start_date_time as "startDateTime"
      from order_lines ol
      join services s on s.organization_id = ol.organization_id and s.id = ol.service_id
      where ol.organization_id = ${organizationId} and ol.order_id = ${orderId}
      order by ol.position, ol.id`),
  );
  const id = await insertInvoice(tx, {
    organizationId,
    orderId,
    familyId: order.family_id,
    memberId: order.member_id,
    issuedAt: now,
    locale: order.locale,
    seller: order,
    buyer: buyerSnapshot(order),
    structuredReference: order.structured_reference,
    lines: orderInvoiceLines(
      lines.map((l) => ({ ...l, startDateTime: new Date(l.startDateTime) })),
      order.time_zone,
      localeOf(order),
    ),
  });
  await refreshInvoiceStatus(tx, organizationId, id, now);
  return id;
}

/**
 * Sets the invoice's status from its amounts: cancelled once credit notes cover its total, paid once
 * received + credited covers it, processing while an online payment is pending at its provider, overdue
 * past its due date (the organisation's today), pending otherwise. Answers the new status.
 */
export async function refreshInvoiceStatus(
  tx: Executor,
  organizationId: string,
  invoiceId: string,
  now: Date,
): Promise<InvoiceStatus | undefined> {
  const result = await tx.execute(sql`
    with facts as (
      select i.organization_id, i.id, i.total_amount, i.credited_amount, i.due_date,
        coalesce((select o.paid_amount from orders o
                  where o.organization_id = i.organization_id and o.id = i.order_id), i.paid_amount) as paid,
        exists (select 1 from payments p
                where p.organization_id = i.organization_id and p.order_id = i.order_id
                  and p.status = 'pending' and p.provider <> 'offline') as processing,
        (${now}::timestamptz at time zone org.time_zone)::date as today
      from invoices i join organizations org on org.id = i.organization_id
      where i.organization_id = ${organizationId} and i.id = ${invoiceId}
    ), decided as (
      select f.*, case
        when f.total_amount > 0 and f.credited_amount >= f.total_amount then 'cancelled'
        when f.paid + f.credited_amount >= f.total_amount then 'paid'
        when f.processing then 'processing'
        when f.due_date < f.today then 'overdue'
        else 'pending' end as status
      from facts f
    )
    update invoices i set status = d.status,
      paid_at = case when d.status = 'paid' then coalesce(i.paid_at, ${now}::timestamptz) else i.paid_at end,
      updated_at = ${now}::timestamptz
    from decided d
    where i.organization_id = d.organization_id and i.id = d.id
    returning i.status`);
  return rowsOf<{ status: InvoiceStatus }>(result)[0]?.status;
}

/** The order's invoice, if it has one, brought up to date (after a payment, refund or cancellation). */
export async function refreshOrderInvoice(
  tx: Executor,
  organizationId: string,
  orderId: string,
  now: Date,
): Promise<void> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(
      sql`select id from invoices where organization_id = ${organizationId} and order_id = ${orderId}`,
    ),
  );
  if (row) await refreshInvoiceStatus(tx, organizationId, row.id, now);
}

export interface NewCreditNote {
  organizationId: string;
  invoiceId: string;
  reason: string;
  issuedAt: Date;
  lines: NewDocumentLine[];
  refundId?: string | null;
  createdByUserId?: string | null;
  impersonatorUserId?: string | null;
}

export class CreditExceedsInvoiceError extends Error {}

/**
 * Numbers and writes a credit note on an invoice (whose row it locks), adds it to the invoice's credited
 * amount and refreshes the invoice's status. Refuses (CreditExceedsInvoiceError) a note larger than
 * what is left to credit. Records the audit event `credit-note-emitted`. Answers its id and number.
 */
export async function insertCreditNote(
  tx: Executor,
  input: NewCreditNote,
): Promise<{ id: string; number: string; totalAmount: number }> {
  const [invoice] = rowsOf<{
    total_amount: number;
    credited_amount: number;
    locale: string;
    vat_regime: string;
    time_zone: string;
  }>(
    await tx.execute(sql`
      select i.total_amount, i.credited_amount, i.locale, i.seller->>'vatRegime' as vat_regime, org.time_zone
      from invoices i join organizations org on org.id = i.organization_id
      where i.organization_id = ${input.organizationId} and i.id = ${input.invoiceId}
      for update of i`),
  );
  if (!invoice) throw new Error(`invoice ${input.invoiceId} not found`);
  const priced = priceLines(input.lines, invoice.vat_regime === 'exempt');
  const totalAmount = priced.reduce((sum, l) => sum + l.totalAmount, 0);
  if (totalAmount <= 0 || totalAmount > invoice.total_amount - invoice.credited_amount) {
    throw new CreditExceedsInvoiceError();
  }
  const issueDate = localDay(input.issuedAt, invoice.time_zone);
  const id = newId('cn', input.issuedAt.getTime());
  const number = await nextDocumentNumber(
    tx,
    input.organizationId,
    'credit-note',
    Number(issueDate.slice(0, 4)),
  );
  await tx.insert(creditNotes).values({
    organizationId: input.organizationId,
    id,
    number,
    invoiceId: input.invoiceId,
    issueDate,
    reason: input.reason,
    locale: invoice.locale,
    totalAmount,
    taxAmount: priced.reduce((sum, l) => sum + l.taxAmount, 0),
    refundId: input.refundId ?? null,
    createdByUserId: input.createdByUserId ?? null,
    createdAt: input.issuedAt,
  });
  await tx.insert(creditNoteLines).values(
    priced.map((l) => ({
      organizationId: input.organizationId,
      id: newId('cn', input.issuedAt.getTime()),
      creditNoteId: id,
      invoiceLineId: l.invoiceLineId ?? null,
      ...printedLine(l),
    })),
  );
  await tx.execute(sql`
    with invoice as (
      update invoices set credited_amount = credited_amount + ${totalAmount}
      where organization_id = ${input.organizationId} and id = ${input.invoiceId}
      returning organization_id, order_id)
    update orders o set credited_amount = o.credited_amount + ${totalAmount}
    from invoice i where o.organization_id = i.organization_id and o.id = i.order_id`);
  // The transfer still awaited on the order now awaits what is left to pay (total − credited − paid),
  // or nothing at all once credit notes and payments cover the order.
  await tx.execute(sql`
    with due as (
      select o.organization_id, o.id, greatest(0, o.total_amount - o.credited_amount - o.paid_amount) as amount
      from invoices i join orders o on o.organization_id = i.organization_id and o.id = i.order_id
      where i.organization_id = ${input.organizationId} and i.id = ${input.invoiceId})
    update payments p set
      amount = case when d.amount > 0 then d.amount else p.amount end,
      status = case when d.amount > 0 then p.status else 'cancelled' end,
      updated_at = ${input.issuedAt}::timestamptz
    from due d
    where p.organization_id = d.organization_id and p.order_id = d.id
      and p.provider = 'offline' and p.status = 'open'`);
  await refreshInvoiceStatus(tx, input.organizationId, input.invoiceId, input.issuedAt);
  await tx.insert(auditEvents).values({
    id: newId('aud', input.issuedAt.getTime()),
    organizationId: input.organizationId,
    type: 'credit-note-emitted',
    actorUserId: input.createdByUserId ?? null,
    impersonatorUserId: input.impersonatorUserId ?? null,
    subjectType: 'credit-note',
    subjectId: id,
    data: { number, invoiceId: input.invoiceId, amount: totalAmount, refundId: input.refundId ?? null },
  });
  return { id, number, totalAmount };
}

type Actor = { userId?: string | null; impersonatorUserId?: string | null };

/**
 * Credits `amount` cents (default: all that is left) of an order's invoice: its own lines when the whole
 * of an uncredited invoice goes, otherwise one line for the amount at the invoice's main VAT rate.
 * Nothing when the order has no invoice or nothing is left to credit. Answers the credit note made.
 */
export async function creditOrderInvoice(
  tx: Executor,
  organizationId: string,
  orderId: string,
  reason: string,
  now: Date,
  options: Actor & { amount?: number; refundId?: string | null } = {},
): Promise<{ id: string; number: string; totalAmount: number } | null> {
  const [invoice] = rowsOf<{ id: string; remaining: number; credited_amount: number }>(
    await tx.execute(sql`
      select id, total_amount - credited_amount as remaining, credited_amount from invoices
      where organization_id = ${organizationId} and order_id = ${orderId}`),
  );
  if (!invoice || invoice.remaining <= 0) return null;
  const amount = Math.min(options.amount ?? invoice.remaining, invoice.remaining);
  if (amount <= 0) return null;
  const lines = rowsOf<NewDocumentLine>(
    await tx.execute(sql`
      select id as "invoiceLineId", description, service_date as "serviceDate", quantity,
        unit_price as "unitPrice", tax_percentage as "taxPercentage"
      from invoice_lines where organization_id = ${organizationId} and invoice_id = ${invoice.id}
      order by position`),
  );
  const credit =
    invoice.credited_amount === 0 && amount === invoice.remaining
      ? lines
      : [
          {
            description: reason,
            quantity: 1,
            unitPrice: amount,
            taxPercentage: lines[0]?.taxPercentage ?? 0,
          },
        ];
  return insertCreditNote(tx, {
    organizationId,
    invoiceId: invoice.id,
    reason,
    issuedAt: now,
    lines: credit,
    refundId: options.refundId ?? null,
    createdByUserId: options.userId ?? null,
    impersonatorUserId: options.impersonatorUserId ?? null,
  });
}

/**
 * An order cancelled before any money came in owes nothing: what is left of its invoice is credited
 * (the invoice becomes cancelled). Orders with money received keep their invoice, for the manager to
 * refund through a credit note.
 */
export async function creditUnpaidOrderInvoice(
  tx: Executor,
  organizationId: string,
  orderId: string,
  reason: string,
  now: Date,
  actor: Actor = {},
) {
  const [order] = rowsOf<{ paid_amount: number }>(
    await tx.execute(
      sql`select paid_amount from orders where organization_id = ${organizationId} and id = ${orderId}`,
    ),
  );
  if (!order || order.paid_amount > 0) return null;
  return creditOrderInvoice(tx, organizationId, orderId, reason, now, actor);
}

export interface ParticipantInvoiceCredit {
  invoiceId: string;
  /** The lines to credit, in the invoice's order, each naming its invoice line. */
  lines: NewDocumentLine[];
  /** Cents the order of the invoice has received, net of refunds. */
  orderPaid: number;
  locale: Locale;
}

/**
 * What cancelling a registration credits, per invoice, lines not credited yet: its session's line and
 * its per-session supplements; and the `once` supplements (a T-shirt) of its member, activity and
 * period, wherever they were charged, only when no other ordered live registration (reserved or
 * confirmed) of that member, activity and period remains: the T-shirt was charged once for them all and
 * goes back only with the last. Sessions without a period group by activity. An invoice left with less
 * to credit than its lines (credited by hand meanwhile) is left out. Empty when nothing is invoiced.
 */
export async function participantInvoiceCredits(
  db: Executor,
  organizationId: string,
  participantId: string,
): Promise<ParticipantInvoiceCredit[]> {
  const rows = rowsOf<{
    invoice_id: string;
    line_id: string;
    description: string;
    quantity: number;
    unit_price: number;
    tax_percentage: number;
    paid_amount: number;
    locale: string;
    remaining: number;
  }>(
    await db.execute(sql`
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
      select il.invoice_id, il.id as line_id, il.description, il.quantity, il.unit_price, il.tax_percentage,
        o.paid_amount, i.locale, i.total_amount - i.credited_amount as remaining
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
  const credits = new Map<string, ParticipantInvoiceCredit & { remaining: number }>();
  for (const row of rows) {
    let credit = credits.get(row.invoice_id);
    if (!credit) {
      credit = {
        invoiceId: row.invoice_id,
        lines: [],
        orderPaid: row.paid_amount,
        locale: localeOf(row),
        remaining: row.remaining,
      };
      credits.set(row.invoice_id, credit);
    }
    credit.lines.push({
      description: row.description,
      quantity: row.quantity,
      unitPrice: row.unit_price,
      taxPercentage: row.tax_percentage,
      invoiceLineId: row.line_id,
    });
  }
  return [...credits.values()]
    .filter((c) => c.remaining >= c.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0))
    .map(({ remaining: _remaining, ...credit }) => credit);
}
