import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { JobQueue } from './queue';

const HOUR = 3600_000;

/**
 * Hourly clean-up of what only mattered for a while: rate-limit windows, dead codes and links, webhook
 * nonces past their window, old jobs.
 */
export async function registerMaintenance(queue: JobQueue, db: Database): Promise<void> {
  await queue.registerRecurring('maintenance.cleanup', HOUR, async () => {
    await db.execute(sql`delete from rate_limit_hits where window_start < now() - interval '1 day'`);
    await db.execute(sql`delete from one_time_codes where expires_at < now() - interval '1 day'`);
    await db.execute(sql`delete from handoff_codes where expires_at < now() - interval '1 day'`);
    await db.execute(sql`delete from password_reset_tokens where expires_at < now() - interval '1 day'`);
    await db.execute(sql`delete from refresh_tokens where expires_at < now() - interval '1 day'`);
    await db.execute(sql`delete from webhook_nonces where expires_at < now()`);
    await db.execute(sql`delete from jobs where status = 'done' and finished_at < now() - interval '7 days'`);
  });
}
