import type { Locale, PaymentProvider as ProviderName, PaymentStatus } from '@inscrio/shared';
import { formatDate, PAYMENT_PROVIDERS, resolveLocale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { enqueueFamilyMail } from '../mail/family-mail-queue';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { markOrderPaid, markOrderPaymentFailed } from '../orders/order-lifecycle';
import { tellOrderMoneyEvent } from '../orders/order-events';
import { createBuckarooProvider } from './buckaroo/buckaroo.provider';
import { createMollieConnections, type MollieConnections } from './mollie/mollie-connection';
import { createMollieProvider } from './mollie/mollie.provider';
import { createOfflineProvider } from './offline/offline.provider';
import type { PaymentProvider } from './payment-provider';
import { createPaymentsRepository, type PaymentRow } from './payments.repository';

const PROVIDER_UNAVAILABLE: Record<Locale, string> = {
  fr: 'Le prestataire de paiement est indisponible. Réessayez dans quelques instants.',
  en: 'The payment provider is unavailable. Please try again in a moment.',
};

const FAILED_STATUSES: readonly PaymentStatus[] = ['failed', 'cancelled', 'expired'];

/**
 * Whether a payment may move from `from` to `to` (DESIGN.md section 5): only forward, so a replayed,
 * duplicated or out-of-order notification never pays twice nor un-pays. A failed, cancelled or expired
 * payment may still become paid (Buckaroo's 490 may turn into 190); nothing leaves paid but refunded.
 */
/** How a payment names its order at the provider (« Commande du 27/11/2026 »). */
const ORDER_OF: Record<Locale, (date: string) => string> = {
  fr: (date) => `Commande du ${date}`,
  en: (date) => `Order of ${date}`,
};

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

/** The webhook address a provider calls: on the base host (Node and providers need no subdomain). */
export const webhookUrl = (ctx: AppContext, provider: ProviderName) =>
  `${ctx.config.urlScheme}://${ctx.config.appBaseHost}/api/payments/webhooks/${provider}`;

const isProviderName = (value: string): value is ProviderName =>
  (PAYMENT_PROVIDERS.values as readonly string[]).includes(value);

/** One instance per application; the providers, their clients and the Mollie connections behind them. */
export function createPaymentProviders(ctx: AppContext) {
  const mollieConnections = createMollieConnections(ctx);
  const providers: Record<ProviderName, PaymentProvider> = {
    offline: createOfflineProvider(),
    mollie: createMollieProvider(ctx, mollieConnections),
    buckaroo: createBuckarooProvider(ctx, webhookUrl(ctx, 'buckaroo')),
  };
  return {
    mollieConnections,
    get(name: string): PaymentProvider {
      if (!isProviderName(name)) throw new AppError('payment_provider_unknown');
      return providers[name];
    },
  };
}

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;

const registry = new WeakMap<AppContext, PaymentProviders>();

/** The application's providers (built once per context). */
export function paymentProvidersOf(ctx: AppContext): PaymentProviders {
  let providers = registry.get(ctx);
  if (!providers) {
    providers = createPaymentProviders(ctx);
    registry.set(ctx, providers);
  }
  return providers;
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
        if (order && received + order.creditedAmount >= order.totalAmount) {
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

  /**
   * Refunds made at the provider itself (its dashboard): what it reports refunded beyond what we recorded
   * is recorded as a refund, and credited on the order's invoice, in one transaction under the payment's
   * row lock, so a replayed notification records nothing twice.
   */
  async function recordProviderRefunds(
    organizationId: string,
    provider: string,
    providerPaymentId: string,
    refundedAtProvider: number,
  ): Promise<void> {
    const known = await repository.findByProviderId(provider, providerPaymentId);
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
    async refund(
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
    },

    mollie: providers.mollieConnections as MollieConnections,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
