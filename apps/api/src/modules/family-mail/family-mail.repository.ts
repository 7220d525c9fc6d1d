import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

/** What the family e-mails read when their job runs (ids only travel in the job), and the job's progress. */
export function createFamilyMailRepository(db: Executor) {
  return {
    async organization(organizationId: string) {
      const [row] = rowsOf<{ name: string; key: string; timeZone: string }>(
        await db.execute(
          sql`select name, key, time_zone as "timeZone" from organizations where id = ${organizationId}`,
        ),
      );
      return row;
    },

    /** The family's live accounts, oldest first. */
    async familyAccounts(organizationId: string, familyId: string) {
      return rowsOf<{ id: string; email: string; locale: string | null }>(
        await db.execute(sql`select id, email, locale from users
          where organization_id = ${organizationId} and family_id = ${familyId} and deleted_at is null
          order by created_at`),
      );
    },

    /** Why a registration was cancelled, as the manager wrote it. */
    async cancelReason(organizationId: string, participantId: string): Promise<string | null> {
      const [row] = rowsOf<{ cancelReason: string | null }>(
        await db.execute(sql`select cancel_reason as "cancelReason" from participants
          where organization_id = ${organizationId} and id = ${participantId}`),
      );
      return row?.cancelReason ?? null;
    },

    /** The order's latest invoice that is not cancelled. */
    async liveInvoiceOfOrder(organizationId: string, orderId: string) {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`select id from invoices
          where organization_id = ${organizationId} and order_id = ${orderId} and status <> 'cancelled'
          order by created_at desc limit 1`),
      );
      return row;
    },

    /** A refund with its payment's order, family, method and provider. */
    async refund(organizationId: string, refundId: string) {
      const [row] = rowsOf<{
        amount: number;
        status: string;
        orderId: string;
        familyId: string;
        orderCreatedAt: Date;
        method: string | null;
        provider: string;
      }>(
        await db.execute(sql`select r.amount, r.status, p.order_id as "orderId", o.family_id as "familyId",
            o.created_at as "orderCreatedAt", p.method, p.provider
          from payment_refunds r
          join payments p on p.organization_id = r.organization_id and p.id = r.payment_id
          join orders o on o.organization_id = p.organization_id and o.id = p.order_id
          where r.organization_id = ${organizationId} and r.id = ${refundId}`),
      );
      return row;
    },

    /** The credit note issued with a refund, if any. */
    async creditNoteOfRefund(organizationId: string, refundId: string) {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`select id from credit_notes
          where organization_id = ${organizationId} and refund_id = ${refundId} limit 1`),
      );
      return row;
    },

    /** Marks a recipient as sent on the job, so that a retry skips them. */
    async markSent(jobId: string, userId: string): Promise<void> {
      await db.execute(sql`update jobs
        set payload = jsonb_set(payload, '{sent}', coalesce(payload->'sent', '[]'::jsonb) || to_jsonb(${userId}::text))
        where id = ${jobId}`);
    },
  };
}
