import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { enqueueFamilyMail } from '../mail/family-mail-queue';
import { tellOrderMoneyEvent } from '../orders/order-events';
import { type PaymentProviders, PROVIDER_UNAVAILABLE } from './payment-providers';
import { createPaymentsRepository, type PaymentRow } from './payments.repository';

/**
 * Refunds made at the provider itself (its dashboard): what it reports refunded beyond what we recorded
 * is recorded as a refund, and credited on the order's invoice, in one transaction under the payment's
 * row lock, so a replayed notification records nothing twice.
 */
export async function recordProviderRefunds(
  ctx: AppContext,
  organizationId: string,
  provider: string,
  providerPaymentId: string,
  refundedAtProvider: number,
): Promise<void> {
  const known = await createPaymentsRepository(ctx.db).findByProviderId(provider, providerPaymentId);
  if (!known || known.organizationId !== organizationId) return;
  await ctx.db.transaction(async (tx) => {
    const payments = createPaymentsRepository(tx);
    const locked = (await payments.lockPayment(organizationId, known.id))!;
    const amount = Math.min(refundedAtProvider, locked.amount) - locked.refundedAmount;
    if (amount <= 0 || !['paid', 'refunded'].includes(locked.status)) return;
    const now = ctx.clock.now();
    const refundId = newId('rfd', now.getTime());
    const refundedAmount = locked.refundedAmount + amount;
    await payments.insertRefund({
      organizationId,
      id: refundId,
      paymentId: locked.id,
      amount,
      status: 'refunded',
      providerRefundId: null,
      reason: 'provider',
    });
    await payments.updatePayment(organizationId, locked.id, {
      refundedAmount,
      ...(refundedAmount >= locked.amount ? { status: 'refunded' } : {}),
    });
    await payments.setOrderPaidAmount(
      organizationId,
      locked.orderId,
      await payments.receivedAmount(organizationId, locked.orderId),
    );
    const order = await payments.findOrder(organizationId, locked.orderId);
    await tellOrderMoneyEvent(ctx, tx, {
      kind: 'refunded-at-provider',
      organizationId,
      orderId: locked.orderId,
      locale: order?.locale ?? null,
      amount,
      refundId,
      at: now,
    });
    await enqueueFamilyMail(ctx, tx, organizationId, { kind: 'refund-made', refundId });
  });
}

/**
 * Refunds part or all of a paid payment through its provider, recorded in payment_refunds; the
 * order's received amount shrinks and a fully refunded payment becomes `refunded`.
 *
 * The amount is reserved before the provider is asked: under the payment's row lock it is checked
 * against what is left and counted as refunded (a `pending` refund row), in a transaction of its own.
 * So a provider notification arriving while the provider is being asked (Mollie calls the webhook as
 * soon as the refund exists) finds the refund already counted and records nothing twice, and a
 * second refund of the same payment at the same time cannot take the same money. No lock is held
 * during the provider call (the embedded database has one connection, which the webhook needs). The
 * provider's answer is then recorded in one transaction, with the credit note; a refusal gives the
 * reservation back and leaves the attempt as `failed`.
 */
export async function refundPayment(
  ctx: AppContext,
  providers: PaymentProviders,
  organizationId: string,
  paymentId: string,
  amount: number,
  reason: string,
  /** More writes that must commit with the refund's record (the credit note). */
  alsoInTransaction?: (tx: Executor, refundId: string) => Promise<void>,
) {
  const refundId = newId('rfd', ctx.clock.now().getTime());
  const payment = await ctx.db.transaction(async (tx) => {
    const payments = createPaymentsRepository(tx);
    const locked = await payments.lockPayment(organizationId, paymentId);
    if (!locked) throw new AppError('not_found');
    if (locked.status !== 'paid') throw new AppError('payment_not_refundable');
    if (!Number.isInteger(amount) || amount <= 0 || amount > locked.amount - locked.refundedAmount) {
      throw new AppError('validation_failed', [{ field: 'amount', rule: 'too_big', message: 'amount' }]);
    }
    await payments.insertRefund({
      organizationId,
      id: refundId,
      paymentId,
      amount,
      status: 'pending',
      providerRefundId: null,
      reason,
    });
    await payments.updatePayment(organizationId, paymentId, {
      refundedAmount: locked.refundedAmount + amount,
    });
    return locked;
  });

  let result;
  try {
    result = await providers.get(payment.provider).refund(organizationId, payment, amount, reason);
  } catch (error) {
    await ctx.db.transaction(async (tx) => {
      const payments = createPaymentsRepository(tx);
      const locked = (await payments.lockPayment(organizationId, paymentId)) as PaymentRow;
      await payments.updateRefund(organizationId, refundId, { status: 'failed' });
      await payments.updatePayment(organizationId, paymentId, {
        refundedAmount: locked.refundedAmount - amount,
      });
    });
    if (error instanceof AppError) throw error;
    ctx.logger.warn({ err: error, organizationId, paymentId }, 'refund refused by the provider');
    throw new AppError('unavailable', [], { text: PROVIDER_UNAVAILABLE });
  }

  await ctx.db.transaction(async (tx) => {
    const payments = createPaymentsRepository(tx);
    const locked = (await payments.lockPayment(organizationId, paymentId)) as PaymentRow;
    await payments.updateRefund(organizationId, refundId, {
      status: result.status,
      providerRefundId: result.providerRefundId,
    });
    if (locked.status === 'paid' && locked.refundedAmount >= locked.amount) {
      await payments.updatePayment(organizationId, paymentId, { status: 'refunded' });
    }
    await payments.setOrderPaidAmount(
      organizationId,
      locked.orderId,
      await payments.receivedAmount(organizationId, locked.orderId),
    );
    await alsoInTransaction?.(tx, refundId);
    await tellOrderMoneyEvent(ctx, tx, {
      kind: 'payment-changed',
      organizationId,
      orderId: locked.orderId,
      at: ctx.clock.now(),
    });
    await enqueueFamilyMail(ctx, tx, organizationId, { kind: 'refund-made', refundId });
  });
  return { id: refundId, ...result };
}
