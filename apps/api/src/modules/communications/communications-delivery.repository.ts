import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

/**
 * A message's delivery, recipient by recipient, for the sending job (communications.sender.ts): claim a
 * batch (`sending`, so no other run takes it), mark it sent or settle each failure, and what a crashed
 * or last attempt leaves. Every query is scoped by organisation and message.
 */
export function createDeliveryRepository(db: Executor) {
  return {
    /**
     * Recipients a dead worker had taken (`sending`) and may or may not have sent: failed, never sent
     * again by themselves (a manager may), so that nobody gets the message twice.
     */
    async failInterrupted(organizationId: string, communicationId: string, reason: string) {
      await db.execute(sql`update communication_recipients set status = 'failed', error = ${reason}
        where organization_id = ${organizationId} and communication_id = ${communicationId}
          and status = 'sending'`);
    },

    /** Takes up to `limit` queued recipients (`sending`), so that no other run takes them. */
    async claim(organizationId: string, communicationId: string, limit: number) {
      return rowsOf<{ email: string; locale: string; attempts: number }>(
        await db.execute(sql`update communication_recipients r set status = 'sending'
          where r.organization_id = ${organizationId} and r.communication_id = ${communicationId}
            and r.email in (
              select email from communication_recipients
              where organization_id = ${organizationId} and communication_id = ${communicationId}
                and status = 'queued'
              order by email limit ${limit} for update skip locked
            )
          returning r.email, r.locale, r.attempts`),
      );
    },

    async markSent(organizationId: string, communicationId: string, emails: string[], at: Date) {
      if (emails.length === 0) return;
      await db.execute(sql`update communication_recipients set status = 'sent', sent_at = ${at}, error = null
        where organization_id = ${organizationId} and communication_id = ${communicationId}
          and status = 'sending' and email in (${sql.join(
            emails.map((email) => sql`${email}`),
            sql`, `,
          )})`);
    },

    async settle(
      organizationId: string,
      communicationId: string,
      email: string,
      outcome: { status: 'failed'; error: string } | { status: 'queued'; error: string },
    ) {
      await db.execute(sql`update communication_recipients set status = ${outcome.status},
          error = ${outcome.error},
          attempts = attempts + ${outcome.status === 'queued' ? 1 : 0}
        where organization_id = ${organizationId} and communication_id = ${communicationId}
          and email = ${email} and status = 'sending'`);
    },

    async queuedCount(organizationId: string, communicationId: string): Promise<number> {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from communication_recipients
          where organization_id = ${organizationId} and communication_id = ${communicationId}
            and status = 'queued'`),
      );
      return row?.n ?? 0;
    },

    /** The job's last attempt: the recipients still queued fail (their last error kept). */
    async failQueued(organizationId: string, communicationId: string) {
      await db.execute(sql`update communication_recipients
        set status = 'failed', error = coalesce(error, 'Envoi impossible')
        where organization_id = ${organizationId} and communication_id = ${communicationId}
          and status = 'queued'`);
    },
  };
}
