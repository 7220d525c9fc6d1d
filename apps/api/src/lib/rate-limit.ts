import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { AppError } from './app-error';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit in `bucket`; throws 429 once the window's limit is passed. */
  consume(bucket: string, rule: RateLimit): Promise<void>;
}

/** Fixed windows counted in the database, so every instance sees the same counts. */
export function createRateLimiter(db: Database, now: () => Date): RateLimiter {
  return {
    async consume(bucket, { limit, windowSeconds }) {
      const windowMs = windowSeconds * 1000;
      const start = Math.floor(now().getTime() / windowMs) * windowMs;
      const result = await db.execute(sql`
        insert into rate_limit_hits (bucket, window_start, hits) values (${bucket}, ${new Date(start).toISOString()}, 1)
        on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
        returning hits`);
      const hits = Number(rowsOf<{ hits: number }>(result)[0]!.hits);
      if (hits > limit) {
        const retryAfter = Math.max(1, Math.ceil((start + windowMs - now().getTime()) / 1000));
        throw new AppError('rate_limited', [], undefined, retryAfter);
      }
    },
  };
}
