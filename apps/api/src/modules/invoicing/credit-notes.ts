import { type CreateCreditNoteInput, INVOICE_MESSAGES, type Locale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../lib/access';
import { createPaymentsService } from '../payments/payments.service';
import type { NewDocumentLine } from './invoice-documents';
import { CreditExceedsInvoiceError, insertCreditNote } from './invoice-lifecycle';
import { createInvoicingFactsRepository } from './invoicing-facts.repository';
import { createInvoicingRepository } from './invoicing.repository';
import { invalid, invoiceDetailOf, requireAccountant } from './invoicing-scope';

/**
 * A credit note on one invoice: whole invoice lines and/or typed lines. With `refund`, what the
 * family paid (up to the note's amount) goes back through the order's payments, and the note is
 * written in the same transaction as the last refund's record. Answers the note's id.
 */
export async function createCreditNote(
  ctx: AppContext,
  auth: AuthContext,
  input: CreateCreditNoteInput,
  locale: Locale,
): Promise<string> {
  requireAccountant(auth);
  const organizationId = auth.organizationId;
  const { row } = await invoiceDetailOf(ctx.db, organizationId, input.invoiceId);
  const invoiceLines = await createInvoicingRepository(ctx.db).invoiceLines(organizationId, input.invoiceId);
  const chosen: NewDocumentLine[] = [];
  for (const lineId of input.invoiceLineIds ?? []) {
    const line = invoiceLines.find((l) => l.id === lineId);
    if (!line) throw invalid('invoiceLineIds', INVOICE_MESSAGES.creditExceedsInvoice[locale]);
    chosen.push({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      taxPercentage: line.tax_percentage,
      invoiceLineId: line.id,
    });
  }
  chosen.push(...(input.lines ?? []));
  const amount = chosen.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
  if (amount <= 0 || amount > row.total_amount - row.credited_amount) {
    throw invalid('lines', INVOICE_MESSAGES.creditExceedsInvoice[locale]);
  }
  const emit = async (tx: Executor, refundId: string | null) => {
    try {
      return await insertCreditNote(tx, {
        organizationId,
        invoiceId: input.invoiceId,
        reason: input.reason,
        issuedAt: ctx.clock.now(),
        lines: chosen,
        refundId,
        createdByUserId: auth.userId,
        impersonatorUserId: auth.impersonatorUserId,
      });
    } catch (error) {
      if (error instanceof CreditExceedsInvoiceError) {
        throw invalid('lines', INVOICE_MESSAGES.creditExceedsInvoice[locale]);
      }
      throw error;
    }
  };
  const toRefund = input.refund && row.order_id ? Math.min(amount, row.paid_amount) : 0;
  let noteId: string;
  if (toRefund > 0) {
    noteId = await refundOrder(ctx, organizationId, row.order_id!, toRefund, input.reason, emit);
  } else {
    noteId = (await ctx.db.transaction((tx) => emit(tx, null))).id;
  }
  return noteId;
}

type Emit = (tx: Executor, refundId: string | null) => Promise<{ id: string }>;

/**
 * Sends `amount` back through the order's received payments, latest first (most are a single one); the
 * credit note is written in the transaction that records the last refund.
 */
async function refundOrder(
  ctx: AppContext,
  organizationId: string,
  orderId: string,
  amount: number,
  reason: string,
  emit: Emit,
): Promise<string> {
  const payments = createPaymentsService(ctx);
  const received = await createInvoicingFactsRepository(ctx.db).refundablePayments(organizationId, orderId);
  let left = amount;
  let noteId: string | undefined;
  for (const payment of received) {
    if (left <= 0) break;
    const part = Math.min(left, payment.refundable);
    left -= part;
    const last = left === 0 || payment === received.at(-1);
    await payments.refund(
      organizationId,
      payment.id,
      part,
      reason,
      last
        ? async (tx, refundId) => {
            noteId = (await emit(tx, refundId)).id;
          }
        : undefined,
    );
  }
  if (!noteId) noteId = (await ctx.db.transaction((tx) => emit(tx, null))).id;
  return noteId;
}
