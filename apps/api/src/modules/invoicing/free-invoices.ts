import { type CreateInvoiceInput, INVOICE_MESSAGES, type Locale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import { buyerSnapshot } from './invoice-documents';
import { insertInvoice, refreshInvoiceStatus } from './invoice-lifecycle';
import { createInvoicingFactsRepository } from './invoicing-facts.repository';
import { invalid, requireAccountant } from './invoicing-scope';

/**
 * A free invoice (no order): to a member's family (their adult, or company) or to a company typed in.
 * Answers its id.
 */
export async function createFreeInvoice(
  ctx: AppContext,
  auth: AuthContext,
  input: CreateInvoiceInput,
  locale: Locale,
): Promise<string> {
  requireAccountant(auth);
  const organizationId = auth.organizationId;
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const facts = createInvoicingFactsRepository(tx);
    let familyId: string | null = null;
    let buyer;
    if (input.memberId) {
      const member = await facts.memberBuyer(organizationId, input.memberId);
      if (!member) throw invalid('memberId', INVOICE_MESSAGES.buyerRequired[locale]);
      familyId = member.family_id;
      buyer = buyerSnapshot(member);
    }
    if (input.company) {
      buyer = {
        name: buyer?.name ?? input.company.name,
        companyName: input.company.name,
        vatNumber: input.company.vatNumber || null,
        address: input.company.address,
        city: input.company.city,
        postalCode: input.company.postalCode,
        country: input.company.country,
        email: buyer?.email ?? null,
      };
    }
    const invoiceId = await insertInvoice(tx, {
      organizationId,
      familyId,
      memberId: input.memberId ?? null,
      issuedAt: now,
      issueDate: input.issueDate,
      locale,
      seller: await facts.seller(organizationId),
      buyer: buyer!,
      lines: input.lines,
      createdByUserId: auth.userId,
    });
    await refreshInvoiceStatus(tx, organizationId, invoiceId, now);
    return invoiceId;
  });
  return id;
}

/**
 * Money received for a free invoice (no order): at most what is still due, under the invoice's row lock;
 * the invoice is paid once covered. Audited as `payment-received`.
 */
export async function recordFreeInvoicePayment(
  ctx: AppContext,
  tx: Executor,
  auth: Pick<AuthContext, 'organizationId' | 'userId' | 'impersonatorUserId'>,
  invoiceId: string,
  payment: { amount: number; method: string; paidOn?: string },
): Promise<void> {
  const organizationId = auth.organizationId;
  const facts = createInvoicingFactsRepository(tx);
  const locked = await facts.lockInvoiceAmounts(organizationId, invoiceId);
  if (!locked) throw new AppError('not_found');
  if (locked.status === 'cancelled') throw new AppError('invoice_cancelled');
  const stillDue = locked.totalAmount - locked.creditedAmount - locked.paidAmount;
  if (stillDue <= 0) throw new AppError('invoice_already_paid');
  if (payment.amount > stillDue) throw new AppError('payment_amount_mismatch');
  await facts.addInvoicePayment(organizationId, invoiceId, payment.amount);
  await refreshInvoiceStatus(tx, organizationId, invoiceId, ctx.clock.now());
  await ctx.audit.record(
    {
      organizationId,
      type: 'payment-received',
      actorUserId: auth.userId,
      impersonatorUserId: auth.impersonatorUserId,
      subjectType: 'invoice',
      subjectId: invoiceId,
      data: { amount: payment.amount, method: payment.method, paidOn: payment.paidOn ?? null },
    },
    tx,
  );
}
