import type { InvoiceStatus, Locale } from '@inscrio/shared';
import { localDay } from '@inscrio/shared';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import {
  buildInvoice,
  buyerSnapshot,
  localeOf,
  type NewDocumentLine,
  type NewInvoice,
  orderInvoiceLines,
  priceLines,
  printedLine,
} from './invoice-documents';
import { createInvoiceLifecycleRepository } from './invoice-lifecycle.repository';
import { creditFits, invoiceStatus } from './invoice-rules';
import { nextDocumentNumber } from './numbering.repository';

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

/** Writes an invoice and its lines (`buildInvoice`); the caller then refreshes its status. */
export async function insertInvoice(tx: Executor, input: NewInvoice): Promise<string> {
  const { invoice, lines } = buildInvoice(input);
  await createInvoiceLifecycleRepository(tx).insertInvoice(invoice, lines);
  return invoice.id;
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
  const r = createInvoiceLifecycleRepository(tx);
  const order = await r.lockOrderForInvoice(organizationId, orderId);
  if (!order) throw new Error(`order ${orderId} not found`);
  if (order.invoice_id) {
    await refreshInvoiceStatus(tx, organizationId, order.invoice_id, now);
    return order.invoice_id;
  }
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
    lines: orderInvoiceLines(await r.orderLines(organizationId, orderId), order.time_zone, localeOf(order)),
  });
  await refreshInvoiceStatus(tx, organizationId, id, now);
  return id;
}

/**
 * Sets the invoice's status from its amounts (`invoiceStatus`, the organisation's today). Answers the
 * new status.
 */
export async function refreshInvoiceStatus(
  tx: Executor,
  organizationId: string,
  invoiceId: string,
  now: Date,
): Promise<InvoiceStatus | undefined> {
  const r = createInvoiceLifecycleRepository(tx);
  const facts = await r.statusFacts(organizationId, invoiceId, now);
  if (!facts) return undefined;
  const status = invoiceStatus(facts);
  await r.setStatus(organizationId, invoiceId, status, now);
  return status;
}

/** The order's invoice, if it has one, brought up to date (after a payment, refund or cancellation). */
export async function refreshOrderInvoice(
  tx: Executor,
  organizationId: string,
  orderId: string,
  now: Date,
): Promise<void> {
  const id = await createInvoiceLifecycleRepository(tx).orderInvoiceId(organizationId, orderId);
  if (id) await refreshInvoiceStatus(tx, organizationId, id, now);
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
  const r = createInvoiceLifecycleRepository(tx);
  const invoice = await r.lockInvoiceForCredit(input.organizationId, input.invoiceId);
  if (!invoice) throw new Error(`invoice ${input.invoiceId} not found`);
  const priced = priceLines(input.lines, invoice.vatRegime === 'exempt');
  const totalAmount = priced.reduce((sum, l) => sum + l.totalAmount, 0);
  if (!creditFits(totalAmount, invoice)) throw new CreditExceedsInvoiceError();
  const issueDate = localDay(input.issuedAt, invoice.timeZone);
  const id = newId('cn', input.issuedAt.getTime());
  const number = await nextDocumentNumber(
    tx,
    input.organizationId,
    'credit-note',
    Number(issueDate.slice(0, 4)),
  );
  await r.insertCreditNote(
    {
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
    },
    priced.map((l) => ({
      organizationId: input.organizationId,
      id: newId('cn', input.issuedAt.getTime()),
      creditNoteId: id,
      invoiceLineId: l.invoiceLineId ?? null,
      ...printedLine(l),
    })),
  );
  await r.addCredit(input.organizationId, input.invoiceId, totalAmount, input.issuedAt);
  await refreshInvoiceStatus(tx, input.organizationId, input.invoiceId, input.issuedAt);
  await r.audit({
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
  const r = createInvoiceLifecycleRepository(tx);
  const invoice = await r.orderInvoiceToCredit(organizationId, orderId);
  if (!invoice || invoice.remaining <= 0) return null;
  const amount = Math.min(options.amount ?? invoice.remaining, invoice.remaining);
  if (amount <= 0) return null;
  const lines = await r.invoiceLinesToCredit(organizationId, invoice.id);
  const credit =
    invoice.creditedAmount === 0 && amount === invoice.remaining
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
  const paid = await createInvoiceLifecycleRepository(tx).orderPaidAmount(organizationId, orderId);
  if (paid === undefined || paid > 0) return null;
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
  const rows = await createInvoiceLifecycleRepository(db).participantCreditRows(
    organizationId,
    participantId,
  );
  const credits = new Map<string, ParticipantInvoiceCredit & { remaining: number }>();
  for (const row of rows) {
    let credit = credits.get(row.invoiceId);
    if (!credit) {
      credit = {
        invoiceId: row.invoiceId,
        lines: [],
        orderPaid: row.paidAmount,
        locale: localeOf(row),
        remaining: row.remaining,
      };
      credits.set(row.invoiceId, credit);
    }
    credit.lines.push({
      description: row.description,
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      taxPercentage: row.taxPercentage,
      invoiceLineId: row.lineId,
    });
  }
  return [...credits.values()]
    .filter((c) => c.remaining >= c.lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0))
    .map(({ remaining: _remaining, ...credit }) => credit);
}
