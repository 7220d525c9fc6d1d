import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { type orders, participants } from '../../db/schema';
import { lockOrderParticipants, lockOrderRow, updateOrderRow } from './orders.repository';

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
    lockOrder: (organizationId: string, orderId: string) => lockOrderRow(tx, organizationId, orderId),

    receivedAmount: (organizationId: string, orderId: string) => receivedAmount(tx, organizationId, orderId),

    /** The order's participants waiting for the payment, or cancelled, locked. */
    lockWaitingParticipants: (organizationId: string, orderId: string) =>
      lockOrderParticipants(tx, organizationId, orderId, ['reserved', 'cancelled']),

    updateOrder: (organizationId: string, orderId: string, set: Partial<typeof orders.$inferInsert>) =>
      updateOrderRow(tx, organizationId, orderId, set),

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
