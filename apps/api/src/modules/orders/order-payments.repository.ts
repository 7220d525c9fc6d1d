import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { organizations, payments } from '../../db/schema';
import { HOLD_EXPIRED } from '../registrations/holds.job';

type NewPayment = typeof payments.$inferInsert;

/** The order's payments and hold as its use cases write them (paying, paying again, cancelling). */
export function createOrderPaymentsRepository(tx: Executor) {
  return {
    /** The transfer awaited since checkout (the oldest open offline payment), locked. */
    async lockAwaitedTransfer(organizationId: string, orderId: string): Promise<string | undefined> {
      const [awaited] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.organizationId, organizationId),
            eq(payments.orderId, orderId),
            eq(payments.provider, 'offline'),
            eq(payments.status, 'open'),
          ),
        )
        .orderBy(payments.createdAt)
        .limit(1)
        .for('update');
      return awaited?.id;
    },

    async updatePayment(organizationId: string, paymentId: string, set: Partial<NewPayment>) {
      await tx
        .update(payments)
        .set(set)
        .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)));
    },

    async insertPayment(payment: NewPayment) {
      await tx.insert(payments).values(payment);
    },

    /** The order's open payments cancelled (the order is). */
    async cancelOpenPayments(organizationId: string, orderId: string, now: Date) {
      await tx
        .update(payments)
        .set({ status: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(payments.organizationId, organizationId),
            eq(payments.orderId, orderId),
            sql`${payments.status} in ('open')`,
          ),
        );
    },

    /** The order's participants whose hold lapsed (cancelled by the holds job), which may come back. */
    async holdExpiredParticipants(organizationId: string, orderId: string): Promise<Set<string>> {
      const revivable = await tx.execute(sql`
        select id from participants
        where organization_id = ${organizationId} and order_id = ${orderId}
          and status = 'cancelled' and cancel_reason = ${HOLD_EXPIRED}`);
      return new Set(rowsOf<{ id: string }>(revivable).map((p) => p.id));
    },

    /** The family's account e-mails and languages (the first five), to tell them about their money. */
    async familyRecipients(organizationId: string, familyId: string) {
      return rowsOf<{ id: string; email: string; locale: string }>(
        await tx.execute(sql`
          select id, email, locale from users
          where organization_id = ${organizationId} and family_id = ${familyId} and deleted_at is null
          order by created_at limit 5`),
      );
    },

    async organizationKey(organizationId: string): Promise<string | undefined> {
      const [org] = await tx
        .select({ key: organizations.key })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return org?.key;
    },
  };
}
