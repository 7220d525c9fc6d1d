import { and, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { auditEvents, orders, participants, payments } from '../../db/schema';
import { newId } from '../../lib/ids';
import { releaseSeat } from './seats.repository';
import { offerFreedSeats } from './waiting-list';

export const HOLDS_QUEUE = 'registrations.release-holds';

/** Hold-expiry cancellations (participants' cancel reason), which a late payment may revive. */
export const HOLD_EXPIRED = 'hold-expired';
const MINUTE = 60_000;
/** Rows handled per transaction, so one run never holds many locks for long. */
const BATCH = 200;

export interface ReleasedHolds {
  /** Cart lines removed (never ordered). */
  cartLines: number;
  /** Unpaid online orders cancelled. */
  orders: number;
  /** Sessions that got seats back (already offered to their waiting lists). */
  serviceIds: string[];
}

/**
 * Releases the holds that lapsed at `now` (the job's clock), across organisations:
 * - cart lines (reserved, cart-linked, never ordered) past their hold: the seat goes back, the row is
 *   deleted — it was only ever a reservation in a cart — unless it came from an accepted invitation or
 *   request, which is cancelled (reason `hold-expired`) to keep its history;
 * - unpaid online orders (`pending` or `require-action`) past their hold: participants cancelled with
 *   reason `hold-expired` (audit `registration-cancelled`), seats released, order cancelled. A payment
 *   that still comes in later revives them through `markOrderPaid` if seats remain.
 * Then each touched session's freed seats are offered to its waiting list. Rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so two instances running it at once never release the same hold twice.
 */
export async function releaseExpiredHolds(ctx: AppContext): Promise<ReleasedHolds> {
  const now = ctx.clock.now();
  const touched = new Map<string, Set<string>>();
  const touch = (organizationId: string, serviceId: string) => {
    const set = touched.get(organizationId) ?? new Set<string>();
    set.add(serviceId);
    touched.set(organizationId, set);
  };
  let cartLines = 0;
  let cancelledOrders = 0;

  // Cart lines.
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          organizationId: participants.organizationId,
          id: participants.id,
          serviceId: participants.serviceId,
          memberId: participants.memberId,
          fromInvitationOrRequest: sql<boolean>`(${participants.invitationExpiresAt} is not null or ${participants.reviewReason} is not null)`,
        })
        .from(participants)
        .where(
          and(
            lte(participants.holdExpiresAt, now),
            eq(participants.status, 'reserved'),
            eq(participants.cartLinked, true),
            isNull(participants.orderId),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        if (await releaseSeat(tx, row.organizationId, row.id)) touch(row.organizationId, row.serviceId);
        const where = and(eq(participants.organizationId, row.organizationId), eq(participants.id, row.id));
        if (row.fromInvitationOrRequest) {
          // An accepted invitation or request keeps its history (the family's note, the manager's answer).
          await tx
            .update(participants)
            .set({
              status: 'cancelled',
              cancelledAt: now,
              cancelReason: HOLD_EXPIRED,
              holdExpiresAt: null,
              cartLinked: false,
              updatedAt: now,
            })
            .where(where);
          // It was a registration (audited when invited or asked): its end is audited too.
          await tx.insert(auditEvents).values({
            id: newId('aud'),
            organizationId: row.organizationId,
            type: 'registration-cancelled',
            subjectType: 'participant',
            subjectId: row.id,
            data: { serviceId: row.serviceId, memberId: row.memberId, reason: HOLD_EXPIRED },
          });
        } else {
          await tx.delete(participants).where(where);
        }
      }
      return rows.length;
    });
    cartLines += count;
    if (count < BATCH) break;
  }

  // Unpaid online orders.
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ organizationId: orders.organizationId, id: orders.id })
        .from(orders)
        .where(
          and(
            lte(orders.holdExpiresAt, now),
            inArray(orders.status, ['pending', 'require-action']),
            ne(orders.paymentProvider, 'offline'),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const order of due) {
        const held = await tx
          .select({ id: participants.id, serviceId: participants.serviceId, memberId: participants.memberId })
          .from(participants)
          .where(
            and(
              eq(participants.organizationId, order.organizationId),
              eq(participants.orderId, order.id),
              eq(participants.status, 'reserved'),
            ),
          )
          .for('update');
        for (const p of held) {
          if (await releaseSeat(tx, order.organizationId, p.id)) touch(order.organizationId, p.serviceId);
        }
        if (held.length > 0) {
          await tx
            .update(participants)
            .set({
              status: 'cancelled',
              cancelledAt: now,
              cancelReason: HOLD_EXPIRED,
              holdExpiresAt: null,
              cartLinked: false,
              updatedAt: now,
            })
            .where(
              and(
                eq(participants.organizationId, order.organizationId),
                inArray(
                  participants.id,
                  held.map((p) => p.id),
                ),
              ),
            );
          await tx.insert(auditEvents).values(
            held.map((p) => ({
              id: newId('aud'),
              organizationId: order.organizationId,
              type: 'registration-cancelled',
              subjectType: 'participant',
              subjectId: p.id,
              data: { orderId: order.id, serviceId: p.serviceId, memberId: p.memberId, reason: HOLD_EXPIRED },
            })),
          );
        }
        await tx
          .update(orders)
          .set({ status: 'cancelled', cancelledAt: now, holdExpiresAt: null, updatedAt: now })
          .where(and(eq(orders.organizationId, order.organizationId), eq(orders.id, order.id)));
        // The open attempt will not be honoured as is any more; a late payment is still applied.
        await tx
          .update(payments)
          .set({ status: 'expired', updatedAt: now })
          .where(
            and(
              eq(payments.organizationId, order.organizationId),
              eq(payments.orderId, order.id),
              sql`${payments.status} = 'open' and ${payments.providerPaymentId} is null`,
            ),
          );
      }
      return due.length;
    });
    cancelledOrders += count;
    if (count < BATCH) break;
  }

  const serviceIds: string[] = [];
  for (const [organizationId, services] of touched) {
    for (const serviceId of services) {
      serviceIds.push(serviceId);
      try {
        await offerFreedSeats(ctx, organizationId, serviceId);
      } catch (error) {
        ctx.logger.error({ err: error, organizationId, serviceId }, 'offering freed seats failed');
      }
    }
  }
  if (cartLines + cancelledOrders > 0) {
    ctx.logger.info({ cartLines, orders: cancelledOrders }, 'expired holds released');
  }
  return { cartLines, orders: cancelledOrders, serviceIds };
}

/** Every minute, once across instances: releases the lapsed holds. */
export async function registerHoldsJob(ctx: AppContext): Promise<void> {
  await ctx.queue.registerRecurring(HOLDS_QUEUE, MINUTE, async () => {
    await releaseExpiredHolds(ctx);
  });
}
