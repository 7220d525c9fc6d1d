import type { Locale, PaymentStatus } from '@inscrio/shared';
import { formatDate, resolveLocale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { markOrderPaid, markOrderPaymentFailed } from '../orders/order-lifecycle';
import { tellOrderMoneyEvent } from '../orders/order-events';
import { isOrderCovered } from '../orders/order-rules';
import type { MollieConnections } from './mollie/mollie-connection';
import { PROVIDER_UNAVAILABLE, paymentProvidersOf, webhookUrl } from './payment-providers';
import { createPaymentsRepository } from './payments.repository';
import { recordProviderRefunds, refundPayment } from './refunds';

const FAILED_STATUSES: readonly PaymentStatus[] = ['failed', 'cancelled', 'expired'];

/** How a payment names its order at the provider (« Commande du 27/11/2026 »). */
const ORDER_OF: Record<Locale, (date: string) => string> = {
  fr: (date) => `Commande du ${date}`,
  en: (date) => `Order of ${date}`,
};

/**
 * Whether a payment may move from `from` to `to` (DESIGN.md section 5): only forward, so a replayed,
 * duplicated or out-of-order notification never pays twice nor un-pays. A failed, cancelled or expired
 * payment may still become paid (Buckaroo's 490 may turn into 190); nothing leaves paid but refunded.
 */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  switch (from) {
    case 'open':
      return to !== 'refunded';
    case 'pending':
      return to !== 'open' && to !== 'refunded';
    case 'failed':
    case 'cancelled':
    case 'expired':
      return to === 'paid';
    case 'paid':
      return to === 'refunded';
    default:
      return false;
  }
}

export function createPaymentsService(ctx: AppContext) {
  const repository = createPaymentsRepository(ctx.db);
  const providers = paymentProvidersOf(ctx);

  /**
   * Moves the payment to `status` if that is a forward move, in one transaction that locks the payment
   * row; on the move to paid the order's received amount grows and, once covered, the order is paid; on
   * a failure the order needs action. Answers whether something changed.
   */
  async function applyStatus(
    organizationId: string,
    paymentId: string,
    status: PaymentStatus,
    executor?: Executor,
  ): Promise<boolean> {
    const run = async (tx: Executor) => {
      const payments = createPaymentsRepository(tx);
      const payment = await payments.lockPayment(organizationId, paymentId);
      if (!payment || !canMovePayment(payment.status as PaymentStatus, status)) return false;
      const now = ctx.clock.now();
      await payments.updatePayment(organizationId, paymentId, {
        status,
        ...(status === 'paid' ? { receivedAt: payment.receivedAt ?? now } : {}),
      });
      if (status === 'paid') {
        const order = await payments.findOrder(organizationId, payment.orderId);
        const received = await payments.receivedAmount(organizationId, payment.orderId);
        if (order && isOrderCovered(order, received)) {
          await markOrderPaid(tx, ctx, organizationId, payment.orderId, now);
        } else {
          await payments.setOrderPaidAmount(organizationId, payment.orderId, received);
          await tellOrderMoneyEvent(ctx, tx, {
            kind: 'payment-changed',
            organizationId,
            orderId: payment.orderId,
            at: now,
          });
        }
      } else if (status === 'pending' && payment.provider !== 'offline') {
        // The provider accepted the payment and settles it later: the invoice is issued, 'En traitement'.
        await tellOrderMoneyEvent(ctx, tx, {
          kind: 'payment-pending',
          organizationId,
          orderId: payment.orderId,
          at: now,
        });
      } else if (FAILED_STATUSES.includes(status)) {
        await markOrderPaymentFailed(tx, ctx, organizationId, payment.orderId);
      }
      return true;
    };
    return executor ? run(executor) : ctx.db.transaction(run);
  }

  /** The provider-side status of a payment we know, applied. Unknown ids change nothing. */
  async function applyProviderStatus(
    organizationId: string,
    provider: string,
    providerPaymentId: string,
    status: PaymentStatus,
  ): Promise<boolean> {
    const payment = await repository.findByProviderId(provider, providerPaymentId);
    if (!payment || payment.organizationId !== organizationId) return false;
    return applyStatus(organizationId, payment.id, status);
  }

  return {
    applyStatus,

    /**
     * Starts (or restarts) the payment of an order at its provider, for what is still due. Called after
     * the checkout's transaction commits (and on retry): the provider is called outside any transaction.
     * A provider error marks the attempt failed, puts the order in `require-action` and answers 503.
     */
    async startPayment(organizationId: string, orderId: string): Promise<{ checkoutUrl: string | null }> {
      const organization = await repository.findOrganization(organizationId);
      const order = await repository.findOrder(organizationId, orderId);
      if (!organization || !order) throw new AppError('not_found');
      if (order.status === 'completed') throw new AppError('order_already_paid');
      if (order.status === 'cancelled') throw new AppError('order_cancelled');
      const due = order.totalAmount - (await repository.receivedAmount(organizationId, orderId));
      if (due <= 0) return { checkoutUrl: null };
      const provider = providers.get(order.paymentProvider);

      // A still-open attempt for the same amount is reused (a double click on "pay" makes one payment).
      const open = (await repository.paymentsOfOrder(organizationId, orderId)).find(
        (p) => p.status === 'open' && p.provider === order.paymentProvider && p.amount === due,
      );
      if (open && (open.checkoutUrl || order.paymentProvider === 'offline')) {
        return { checkoutUrl: open.checkoutUrl };
      }

      const paymentId = newId('pay', ctx.clock.now().getTime());
      await repository.insertPayment({
        organizationId,
        id: paymentId,
        orderId,
        provider: order.paymentProvider,
        status: 'open',
        amount: due,
      });
      try {
        const created = await provider.createPayment({
          organization: {
            id: organization.id,
            name: organization.name,
            country: organization.billingCountry,
          },
          paymentId,
          orderId,
          amount: due,
          // What the family reads at the provider and on its bank statement: the order's date, not its id.
          description: `${organization.name} — ${ORDER_OF[resolveLocale(order.locale)](
            formatDate(order.createdAt, organization.timeZone, resolveLocale(order.locale)),
          )}`,
          locale: resolveLocale(order.locale),
          returnUrl: organizationUrl(
            ctx.config,
            organization.key,
            `/api/payments/return/${encodeURIComponent(orderId)}`,
          ),
          webhookUrl: webhookUrl(ctx, provider.name),
        });
        await repository.updatePayment(organizationId, paymentId, {
          providerPaymentId: created.providerPaymentId,
          checkoutUrl: created.checkoutUrl,
        });
        if (created.status !== 'open') await applyStatus(organizationId, paymentId, created.status);
        return { checkoutUrl: created.checkoutUrl };
      } catch (error) {
        ctx.logger.warn({ err: error, organizationId, orderId, paymentId }, 'payment provider refused');
        await ctx.db.transaction(async (tx) => {
          await createPaymentsRepository(tx).updatePayment(organizationId, paymentId, { status: 'failed' });
          await markOrderPaymentFailed(tx, ctx, organizationId, orderId);
        });
        throw new AppError('unavailable', [], { text: PROVIDER_UNAVAILABLE });
      }
    },

    /** A provider's notification: verified by the provider, then applied. Unknown payments change nothing. */
    async handleNotification(
      providerName: 'mollie' | 'buckaroo',
      input: { headers: Record<string, string | string[] | undefined>; rawBody: string; url: string },
    ): Promise<void> {
      const provider = providers.get(providerName);
      const notification = await provider.handleNotification({ organizationId: null, ...input });
      if (!notification) return;
      const status =
        notification.status ??
        (await provider.status(notification.organizationId, notification.providerPaymentId));
      await applyProviderStatus(
        notification.organizationId,
        providerName,
        notification.providerPaymentId,
        status,
      );
      if (notification.refundedAmount !== undefined) {
        await recordProviderRefunds(
          ctx,
          notification.organizationId,
          providerName,
          notification.providerPaymentId,
          notification.refundedAmount,
        );
      }
    },

    /**
     * The family comes back from the provider: the latest online attempt's status is read from the
     * provider first, so the order shows paid even before the webhook. Provider errors are ignored (the
     * webhook will tell). Answers where to send the browser.
     */
    async returnFromProvider(organizationId: string, organizationKey: string, orderId: string) {
      const order = await repository.findOrder(organizationId, orderId);
      const target = organizationUrl(
        ctx.config,
        organizationKey,
        order ? `/orders/${encodeURIComponent(orderId)}` : '/orders',
      );
      if (!order) return target;
      const latest = (await repository.paymentsOfOrder(organizationId, orderId)).find(
        (p) => p.providerPaymentId !== null && p.provider !== 'offline',
      );
      if (latest && (latest.status === 'open' || latest.status === 'pending')) {
        try {
          const status = await providers
            .get(latest.provider)
            .status(organizationId, latest.providerPaymentId!);
          await applyStatus(organizationId, latest.id, status);
        } catch (error) {
          ctx.logger.warn({ err: error, organizationId, orderId }, 'payment status check on return failed');
        }
      }
      return target;
    },

    /** Refunds part or all of a paid payment through its provider (refunds.ts). */
    refund: (
      organizationId: string,
      paymentId: string,
      amount: number,
      reason: string,
      /** More writes that must commit with the refund's record (the credit note). */
      alsoInTransaction?: (tx: Executor, refundId: string) => Promise<void>,
    ) => refundPayment(ctx, providers, organizationId, paymentId, amount, reason, alsoInTransaction),

    mollie: providers.mollieConnections as MollieConnections,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
