import { TZDate } from '@date-fns/tz';
import { formatMoney, type Locale, type OfflinePaymentInput } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import { newId } from '../../lib/ids';
import { recordFamilyMessage } from '../inbox/inbox';
import { renderMail } from '../mail/mail-templates';
import { tellOrderMoneyEvent } from './order-events';
import { markOrderPaid } from './order-lifecycle';
import { createOrderPaymentsRepository } from './order-payments.repository';
import { amountDue } from './orders.dto';
import { createOrdersRepository, type OrderFilter } from './orders.repository';

export const ORDER_MESSAGES = {
  tooMuch: {
    fr: 'Le montant dépasse le solde dû de la commande.',
    en: 'The amount exceeds what remains due on the order.',
  },
} satisfies Record<string, Record<Locale, string>>;

/** The local day `yyyy-MM-dd` as an instant: midnight in the organisation's time zone. */
function startOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime());
}

/**
 * A manager records money received (a transfer, cash…). When the order is paid in full it is
 * completed (`markOrderPaid`); the family gets a « Paiement reçu » e-mail either way.
 */
export async function recordOfflinePayment(
  ctx: AppContext,
  auth: AuthContext,
  /** Where the caller may look (its family's orders, or a manager's scope). */
  scope: OrderFilter,
  orderId: string,
  input: OfflinePaymentInput,
  locale: Locale,
  /** More writes that must commit with the payment (the bank statement line it settles). */
  alsoInTransaction?: (tx: Executor, paymentId: string) => Promise<void>,
): Promise<void> {
  const organizationId = auth.organizationId;
  const now = ctx.clock.now();
  if (!(await createOrdersRepository(ctx.db).find(organizationId, orderId, scope))) {
    throw new AppError('not_found');
  }
  await ctx.db.transaction(async (tx) => {
    const r = createOrdersRepository(tx);
    const p = createOrderPaymentsRepository(tx);
    const order = await r.lock(organizationId, orderId);
    if (!order) throw new AppError('not_found');
    if (order.status === 'completed') throw refused('order_already_paid');
    if (order.status === 'cancelled') throw refused('order_cancelled');
    const due = amountDue(order);
    const amount = input.amount ?? due;
    if (amount > due || amount <= 0) {
      throw new AppError('validation_failed', [
        { field: 'amount', rule: 'max', message: ORDER_MESSAGES.tooMuch[locale] },
      ]);
    }
    const organization = await createOrdersRepository(tx).organization(organizationId);
    if (!organization) throw new AppError('not_found');
    const receivedAt = input.receivedOn ? startOfLocalDay(input.receivedOn, organization.timeZone) : now;
    // The transfer awaited since checkout becomes this payment; what remains due stays awaited.
    const awaited = await p.lockAwaitedTransfer(organizationId, orderId);
    const received = {
      status: 'paid',
      amount,
      method: input.method,
      receivedAt,
      recordedByUserId: auth.userId,
      updatedAt: now,
    };
    const paymentId = awaited ?? newId('pay');
    if (awaited) {
      await p.updatePayment(organizationId, paymentId, received);
    } else {
      await p.insertPayment({
        organizationId,
        id: paymentId,
        orderId,
        provider: 'offline',
        createdAt: now,
        ...received,
      });
    }
    const paidAmount = order.paidAmount + amount;
    const stillDue = amountDue({ ...order, paidAmount });
    if (awaited && stillDue > 0) {
      await p.insertPayment({
        organizationId,
        id: newId('pay'),
        orderId,
        provider: 'offline',
        status: 'open',
        amount: stillDue,
        method: 'transfer',
        createdAt: new Date(now.getTime() + 1),
        updatedAt: now,
      });
    }
    await r.update(organizationId, orderId, { paidAmount, updatedAt: now });
    await alsoInTransaction?.(tx, paymentId);
    if (stillDue === 0) await markOrderPaid(tx, ctx, organizationId, orderId, now);
    else await tellOrderMoneyEvent(ctx, tx, { kind: 'payment-changed', organizationId, orderId, at: now });
    await ctx.audit.record(
      {
        organizationId,
        type: 'payment-received',
        actorUserId: auth.userId,
        impersonatorUserId: auth.impersonatorUserId,
        subjectType: 'order',
        subjectId: orderId,
        data: { paymentId, amount, method: input.method, receivedAt: receivedAt.toISOString() },
      },
      tx,
    );
    const key = await p.organizationKey(organizationId);
    const recipients = await p.familyRecipients(organizationId, order.familyId);
    const remaining = stillDue;
    for (const recipient of recipients) {
      const to = recipient.locale === 'en' ? 'en' : 'fr';
      await ctx.mailer.send(
        { to: recipient.email, locale: to, organizationId, executor: tx },
        'payment-received',
        {
          organizationName: organization.name,
          amount: formatMoney(amount, to),
          remaining: remaining > 0 ? formatMoney(remaining, to) : null,
          link: organizationUrl(ctx.config, key ?? '', `/orders/${encodeURIComponent(orderId)}`),
        },
      );
    }
    const first = recipients[0];
    if (first) {
      const locale = first.locale === 'en' ? 'en' : 'fr';
      const { subject, html } = renderMail(
        'payment-received',
        {
          organizationName: organization.name,
          amount: formatMoney(amount, locale),
          remaining: remaining > 0 ? formatMoney(remaining, locale) : null,
          link: organizationUrl(ctx.config, key ?? '', `/orders/${encodeURIComponent(orderId)}`),
        },
        locale,
      );
      await recordFamilyMessage(tx, {
        organizationId,
        familyId: order.familyId,
        kind: 'payment-received',
        eventKey: `payment-received:${paymentId}`,
        subject,
        html,
      });
    }
  });
}
