import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

/*
 * The daily job's SQL: the only queries of recovery tokens that walk every organisation, by the partial
 * index on available tokens' expiry (as the overdue invoices job does). Rows are claimed with SKIP LOCKED.
 */
export function createRecoveryJobRepository(db: Executor) {
  return {
    /** Across organisations (the daily job): available tokens whose expiry has come become expired. */
    async expireDue(now: Date, limit: number) {
      return rowsOf<{ organization_id: string; id: string }>(
        await db.execute(sql`update recovery_tokens set status = 'expired', updated_at = ${now.toISOString()}::timestamptz
          where (organization_id, id) in (
            select organization_id, id from recovery_tokens
            where status = 'available' and expires_at <= ${now.toISOString()}::timestamptz
            order by expires_at limit ${limit}
            for update skip locked)
          returning organization_id, id`),
      );
    },

    /**
     * Across organisations (the daily job): claims available tokens expiring within `before` whose family
     * was not reminded yet, marking them reminded in the caller's transaction (so once, ever).
     */
    async claimReminders(now: Date, until: Date, limit: number) {
      return rowsOf<{ organization_id: string; id: string }>(
        await db.execute(sql`update recovery_tokens set reminder_sent_at = ${now.toISOString()}::timestamptz
          where (organization_id, id) in (
            select organization_id, id from recovery_tokens
            where status = 'available' and reminder_sent_at is null
              and expires_at > ${now.toISOString()}::timestamptz
              and expires_at <= ${until.toISOString()}::timestamptz
            order by expires_at limit ${limit}
            for update skip locked)
          returning organization_id, id`),
      );
    },
  };
}
