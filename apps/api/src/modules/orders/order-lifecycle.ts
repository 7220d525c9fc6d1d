import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { type Executor, rowsOf } from '../../db/client';
import { orders, participants } from '../../db/schema';
import { HOLD_EXPIRED } from '../registrations/holds.job';
import { takeSeat } from '../registrations/seats';
import { tellOrderMoneyEvent } from './order-events';

/*
 * The order's state machine where a payment moves it (CONVENTIONS rule 5): both functions run in the
 * caller's transaction (the one that records the payment's new status), lock the order row first, and
 * do nothing when the order is already where they would put it, so a replayed or duplicated notification
 * changes nothing the second time.
 *
 *   pending | require-action ──paid──▶ completed
 *   pending ──payment failed──▶ require-action          (completed and cancelled stay as they are)
 *   cancelled (hold expired) ──paid late──▶ completed   (participants re-take their seats, see below)
 */

interface LockedOrder {
  id: string;
  status: string;
  payment_provider: string;
  total_amount: number;
  paid_amount: number;
  credited_amount: number;
  locale: string;
}

async function lockOrder(tx: Executor, organizationId: string, orderId: string) {
  const result = await tx.execute(sql`
    select id, status, payment_provider, total_amount, paid_amount, credited_amount, locale from orders
    where organization_id = ${organizationId} and id = ${orderId}
    for update`);
  return rowsOf<LockedOrder>(result)[0];
}

/** Cents received on the order's payments, net of refunds. */
export async function receivedAmount(tx: Executor, organizationId: string, orderId: string): Promise<number> {
  const result = await tx.execute(sql`
    select coalesce(sum(amount - refunded_amount), 0)::bigint as received from payments
    where organization_id = ${organizationId} and order_id = ${orderId} and status in ('paid', 'refunded')`);
  return rowsOf<{ received: number }>(result)[0]?.received ?? 0;
}

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
  const order = await lockOrder(tx, organizationId, orderId);
  if (!order || order.status === 'completed') return;
  const received = await receivedAmount(tx, organizationId, orderId);
  const paidAmount = Math.max(received, order.paid_amount, order.total_amount - order.credited_amount);

  const rows = await tx
    .select({
      id: participants.id,
      serviceId: participants.serviceId,
      memberId: participants.memberId,
      status: participants.status,
      holdsSeat: participants.holdsSeat,
      cancelReason: participants.cancelReason,
    })
    .from(participants)
    .where(
      and(
        eq(participants.organizationId, organizationId),
        eq(participants.orderId, orderId),
        inArray(participants.status, ['reserved', 'cancelled']),
      ),
    )
    .for('update');

  if (order.status === 'cancelled' && !rows.some((p) => p.cancelReason === HOLD_EXPIRED)) {
    // Money for an order that a manager or the family cancelled: recorded, the order stays cancelled and
    // the manager refunds it.
    await tx
      .update(orders)
      .set({ paidAt, paidAmount, updatedAt: paidAt })
      .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
    ctx.logger.warn({ organizationId, orderId }, 'payment received for a cancelled order; to be refunded');
    await tellOrderMoneyEvent(ctx, tx, { kind: 'payment-changed', organizationId, orderId, at: paidAt });
    return;
  }
  await tx
    .update(orders)
    .set({
      status: 'completed',
      paidAt,
      paidAmount,
      holdExpiresAt: null,
      cancelledAt: null,
      updatedAt: paidAt,
    })
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));

  for (const p of rows) {
    if (p.status === 'cancelled') {
      if (p.cancelReason !== HOLD_EXPIRED) continue;
      // A new live registration of the same member to the session was made meanwhile: keep this one ended.
      const [live] = await tx
        .select({ id: participants.id })
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.serviceId, p.serviceId),
            eq(participants.memberId, p.memberId),
            inArray(participants.status, ['invited', 'reserved', 'confirmed', 'needs-review']),
          ),
        );
      if (live) continue;
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
      await tx
        .update(participants)
        .set({ ...common, status: 'confirmed', holdsSeat: true, confirmedAt: paidAt })
        .where(and(eq(participants.organizationId, organizationId), eq(participants.id, p.id)));
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
      await tx
        .update(participants)
        .set({ ...common, status: 'needs-review', holdsSeat: false, reviewReason: 'waiting-list' })
        .where(and(eq(participants.organizationId, organizationId), eq(participants.id, p.id)));
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
  const order = await lockOrder(tx, organizationId, orderId);
  const now = ctx.clock.now();
  if (order?.status === 'cancelled') {
    // The hold lapsed while the provider was still deciding; now it said no: nothing is owed.
    await tellOrderMoneyEvent(ctx, tx, {
      kind: 'order-cancelled',
      organizationId,
      orderId,
      locale: order.locale,
      at: now,
    });
    return;
  }
  if (!order || order.status !== 'pending' || order.payment_provider === 'offline') return;
  await tx
    .update(orders)
    .set({ status: 'require-action', updatedAt: now })
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
  // An invoice issued while the payment was pending at the provider goes back to pending.
  await tellOrderMoneyEvent(ctx, tx, { kind: 'payment-changed', organizationId, orderId, at: now });
}
