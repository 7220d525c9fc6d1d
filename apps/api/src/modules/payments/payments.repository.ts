import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  mollieConnections,
  orders,
  organizations,
  paymentRefunds,
  payments,
  webhookNonces,
} from '../../db/schema';
import { receivedAmount } from '../orders/order-lifecycle.repository';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type MollieConnectionRow = typeof mollieConnections.$inferSelect;

/** Payments, refunds and Mollie connections. Every query names the organisation, except the two lookups
 *  that find it from a provider's notification (the provider id is unique per provider). */
export function createPaymentsRepository(db: Executor) {
  return {
    async findOrganization(organizationId: string) {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
      return row;
    },

    async findOrder(organizationId: string, orderId: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
      return row;
    },

    async findPayment(organizationId: string, paymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)));
      return row;
    },

    /** Locks the payment row until the end of the transaction. */
    async lockPayment(organizationId: string, paymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)))
        .for('update');
      return row;
    },

    /**
     * Records a signed notification's nonce; false when it was already seen (a replay). Kept until
     * `expiresAt`, when its timestamp is no longer accepted anyway.
     */
    async rememberWebhookNonce(organizationId: string, provider: string, nonce: string, expiresAt: Date) {
      const inserted = await db
        .insert(webhookNonces)
        .values({ organizationId, provider, nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ nonce: webhookNonces.nonce });
      return inserted.length === 1;
    },

    /** Which organisation and payment a provider's id belongs to (notifications carry no tenant). */
    async findByProviderId(provider: string, providerPaymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
      return row;
    },

    /** The order's payments, latest first. */
    async paymentsOfOrder(organizationId: string, orderId: string) {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.organizationId, organizationId), eq(payments.orderId, orderId)))
        .orderBy(desc(payments.createdAt), desc(payments.id));
    },

    async insertPayment(row: NewPaymentRow) {
      await db.insert(payments).values(row);
    },

    async updatePayment(organizationId: string, paymentId: string, fields: Partial<NewPaymentRow>) {
      await db
        .update(payments)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)));
    },

    /** Cents received on the order's payments, net of refunds. */
    receivedAmount: (organizationId: string, orderId: string) => receivedAmount(db, organizationId, orderId),

    async setOrderPaidAmount(organizationId: string, orderId: string, paidAmount: number) {
      await db
        .update(orders)
        .set({ paidAmount, updatedAt: new Date() })
        .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
    },

    async insertRefund(row: typeof paymentRefunds.$inferInsert) {
      await db.insert(paymentRefunds).values(row);
    },

    async updateRefund(
      organizationId: string,
      refundId: string,
      fields: Pick<typeof paymentRefunds.$inferInsert, 'status' | 'providerRefundId'>,
    ) {
      await db
        .update(paymentRefunds)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(paymentRefunds.organizationId, organizationId), eq(paymentRefunds.id, refundId)));
    },

    async findMollieConnection(organizationId: string): Promise<MollieConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(mollieConnections)
        .where(eq(mollieConnections.organizationId, organizationId));
      return row;
    },

    async findMollieConnectionByState(state: string): Promise<MollieConnectionRow | undefined> {
      const [row] = await db.select().from(mollieConnections).where(eq(mollieConnections.oauthState, state));
      return row;
    },

    async upsertMollieConnection(
      organizationId: string,
      fields: Partial<typeof mollieConnections.$inferInsert>,
    ): Promise<void> {
      await db
        .insert(mollieConnections)
        .values({ organizationId, ...fields })
        .onConflictDoUpdate({
          target: mollieConnections.organizationId,
          set: { ...fields, updatedAt: new Date() },
        });
    },

    async deleteMollieConnection(organizationId: string): Promise<void> {
      await db.delete(mollieConnections).where(eq(mollieConnections.organizationId, organizationId));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
