import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { HOLD_EXPIRED } from '../registrations/holds.job';
import { takeSeat } from '../registrations/seats.repository';
import { tellOrderMoneyEvent } from './order-events';
import { createOrderLifecycleRepository } from './order-lifecycle.repository';
import { onOrderPaid, onPaymentFailed, paidAmountOnceCovered } from './order-rules';

/*
 * Where a payment moves the order (the decisions: order-rules.ts). Both functions run in the caller's
 * transaction (the one that records the payment's new status), lock the order row first, and do nothing
 * when the order is already where they would put it, so a replayed or duplicated notification changes
 * nothing the second time. Its invoice follows through the order's money events (order-events.ts).
 */

/**
 * The order is paid in full: the order becomes `completed` (paidAt, paidAmount), and each of its
 * participants waiting for the payment becomes `confirmed` (audit `registration-confirmed`), no longer
 * cart-linked nor on hold.
 *
 * A participant whose seat went away because the hold lapsed before the money came (the holds job
 * released it, and cancelled it with reason `hold-expired`) takes a seat again with `takeSeat`. When the
 * session has filled up in the meantime it becomes `needs-review` with review reason `waiting-list`, so
 * that a manager sees it in 'A traiter' and decides (find a seat, move it, or refund). Participants
 * cancelled for any other reason (a manager, the family) stay cancelled; when none of the order's
 * participants can come back that way, the order stays cancelled with the money recorded (paidAmount),
 * for the manager to refund.
 *
 * The order's invoice is issued then (an online order's), or brought up to date (paid).
 */
export async function markOrderPaid(
  tx: Executor,
  ctx: AppContext,
  organizationId: string,
  orderId: string,
  paidAt: Date,
): Promise<void> {
  const r = createOrderLifecycleRepository(tx);
  const order = await r.lockOrder(organizationId, orderId);
  if (!order || order.status === 'completed') return;
  const paidAmount = paidAmountOnceCovered(order, await r.receivedAmount(organizationId, orderId));
  const rows = await r.lockWaitingParticipants(organizationId, orderId);

  if (
    onOrderPaid(
      order.status,
      rows.some((p) => p.cancelReason === HOLD_EXPIRED),
    ) === 'record'
  ) {
    // Money for an order that a manager or the family cancelled: recorded, the order stays cancelled and
    // the manager refunds it.
    await r.updateOrder(organizationId, orderId, { paidAt, paidAmount, updatedAt: paidAt });
    ctx.logger.warn({ organizationId, orderId }, 'payment received for a cancelled order; to be refunded');
    await tellOrderMoneyEvent(ctx, tx, { kind: 'payment-changed', organizationId, orderId, at: paidAt });
    return;
  }
  await r.updateOrder(organizationId, orderId, {
    status: 'completed',
    paidAt,
    paidAmount,
    holdExpiresAt: null,
    cancelledAt: null,
    updatedAt: paidAt,
  });

  for (const p of rows) {
    if (p.status === 'cancelled') {
      if (p.cancelReason !== HOLD_EXPIRED) continue;
      // A new live registration of the same member to the session was made meanwhile: keep this one ended.
      if (await r.hasLiveRegistration(organizationId, p.serviceId, p.memberId)) continue;
    }
    const seated =
      p.status === 'reserved' && p.holdsSeat ? true : await takeSeat(tx, organizationId, p.serviceId);
    const common = {
      cartLinked: false,
      holdExpiresAt: null,
      cancelledAt: null,
      cancelReason: null,
      updatedAt: paidAt,
    };
    if (seated) {
      await r.updateParticipant(organizationId, p.id, {
        ...common,
        status: 'confirmed',
        holdsSeat: true,
        confirmedAt: paidAt,
      });
      await ctx.audit.record(
        {
          organizationId,
          type: 'registration-confirmed',
          subjectType: 'participant',
          subjectId: p.id,
          data: { orderId, serviceId: p.serviceId, memberId: p.memberId },
        },
        tx,
      );
    } else {
      await r.updateParticipant(organizationId, p.id, {
        ...common,
        status: 'needs-review',
        holdsSeat: false,
        reviewReason: 'waiting-list',
      });
      ctx.logger.warn(
        { organizationId, orderId, participantId: p.id },
        'paid order: the session filled up after the hold lapsed; participant left for review',
      );
    }
  }
  // The money is in: the order's invoice is issued now (online) or settled (offline).
  await tellOrderMoneyEvent(ctx, tx, { kind: 'order-paid', organizationId, orderId, at: paidAt });
}

/**
 * An online payment failed, was cancelled or expired: a `pending` online order becomes `require-action`
 * (the family may retry while the hold lasts; the holds job releases the seats after). Completed,
 * cancelled and offline orders are left as they are.
 */
export async function markOrderPaymentFailed(
  tx: Executor,
  ctx: AppContext,
  organizationId: string,
  orderId: string,
): Promise<void> {
  const r = createOrderLifecycleRepository(tx);
  const order = await r.lockOrder(organizationId, orderId);
  const now = ctx.clock.now();
  const decision = onPaymentFailed(order?.status, order?.paymentProvider);
  if (decision === 'owe-nothing') {
    // The hold lapsed while the provider was still deciding; now it said no: nothing is owed.
    await tellOrderMoneyEvent(ctx, tx, {
      kind: 'order-cancelled',
      organizationId,
      orderId,
      locale: order!.locale,
      at: now,
    });
    return;
  }
  if (decision === 'nothing') return;
  await r.updateOrder(organizationId, orderId, { status: 'require-action', updatedAt: now });
  // An invoice issued while the payment was pending at the provider goes back to pending.
  await tellOrderMoneyEvent(ctx, tx, { kind: 'payment-changed', organizationId, orderId, at: now });
}
