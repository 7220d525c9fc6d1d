import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { orders, participants } from '../../db/schema';

/** The SQL of the order's state machine (order-lifecycle.ts), in the caller's transaction. */

/** Cents received on the order's payments, net of refunds. */
export async function receivedAmount(tx: Executor, organizationId: string, orderId: string): Promise<number> {
  const result = await tx.execute(sql`
    select coalesce(sum(amount - refunded_amount), 0)::bigint as received from payments
    where organization_id = ${organizationId} and order_id = ${orderId} and status in ('paid', 'refunded')`);
  return rowsOf<{ received: number }>(result)[0]?.received ?? 0;
}

export function createOrderLifecycleRepository(tx: Executor) {
  return {
    /** The order's row, locked first (so replayed notifications wait and then find it done). */
    async lockOrder(organizationId: string, orderId: string) {
      const result = await tx.execute(sql`
        select id, status, payment_provider as "paymentProvider", total_amount as "totalAmount",
          paid_amount as "paidAmount", credited_amount as "creditedAmount", locale
        from orders
        where organization_id = ${organizationId} and id = ${orderId}
        for update`);
      return rowsOf<{
        id: string;
        status: string;
        paymentProvider: string;
        totalAmount: number;
        paidAmount: number;
        creditedAmount: number;
        locale: string;
      }>(result)[0];
    },

    receivedAmount: (organizationId: string, orderId: string) => receivedAmount(tx, organizationId, orderId),

    /** The order's participants waiting for the payment, or cancelled, locked. */
    lockWaitingParticipants(organizationId: string, orderId: string) {
      return tx
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
    },

    async updateOrder(organizationId: string, orderId: string, set: Partial<typeof orders.$inferInsert>) {
      await tx
        .update(orders)
        .set(set)
        .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
    },

    /** Whether the member has a live registration to the session (made after this one was cancelled). */
    async hasLiveRegistration(organizationId: string, serviceId: string, memberId: string) {
      const [live] = await tx
        .select({ id: participants.id })
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.serviceId, serviceId),
            eq(participants.memberId, memberId),
            inArray(participants.status, ['invited', 'reserved', 'confirmed', 'needs-review']),
          ),
        );
      return live !== undefined;
    },

    async updateParticipant(
      organizationId: string,
      participantId: string,
      set: Partial<typeof participants.$inferInsert>,
    ) {
      await tx
        .update(participants)
        .set(set)
        .where(and(eq(participants.organizationId, organizationId), eq(participants.id, participantId)));
    },
  };
}
