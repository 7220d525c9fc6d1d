import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { AppError } from './app-error';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** Hits counted by `consumeAll`, to give back once the attempt turns out legitimate. */
export interface CountedHits {
  refund(): Promise<void>;
}

export interface RateLimiter {
  /** Counts one hit in `bucket`; throws 429 once the sliding window's limit is passed. */
  consume(bucket: string, rule: RateLimit): Promise<void>;
  /**
   * Counts one hit in each bucket, in order. When one is past its limit, throws 429 and counts nothing
   * (a refused attempt does not extend the wait). The hits can be refunded, e.g. after a right password.
   */
  consumeAll(hits: [bucket: string, rule: RateLimit][]): Promise<CountedHits>;
}

/**
 * Sliding-window counters in the database, so every instance sees the same counts. Hits are kept per
 * fixed window (table rate_limit_hits); the count at a moment is the current window's hits plus the
 * previous window's weighted by how much of it still lies within the last `windowSeconds`. So the limit
 * does not reset at a window boundary, while a row per bucket and window is all that is stored.
 */
export function createRateLimiter(db: Database, now: () => Date): RateLimiter {
  async function add(bucket: string, windowStart: number, delta: 1 | -1) {
    await db.execute(sql`
      update rate_limit_hits set hits = greatest(hits + ${delta}, 0)
      where bucket = ${bucket} and window_start = ${new Date(windowStart).toISOString()}`);
  }

  /** Counts one hit; refuses (and takes it back) past the limit. Returns the window it was counted in. */
  async function consumeOne(bucket: string, { limit, windowSeconds }: RateLimit): Promise<number> {
    const windowMs = windowSeconds * 1000;
    const at = now().getTime();
    const start = Math.floor(at / windowMs) * windowMs;
    const result = await db.execute(sql`
      with hit as (
        insert into rate_limit_hits (bucket, window_start, hits)
        values (${bucket}, ${new Date(start).toISOString()}, 1)
        on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
        returning hits)
      select (select hits from hit) as current,
        coalesce((select hits from rate_limit_hits
          where bucket = ${bucket} and window_start = ${new Date(start - windowMs).toISOString()}), 0) as previous`);
    const row = rowsOf<{ current: number; previous: number }>(result)[0]!;
    const current = Number(row.current);
    const previous = Number(row.previous);
    const elapsed = (at - start) / windowMs;
    if (previous * (1 - elapsed) + current <= limit) return start;
    await add(bucket, start, -1);
    const retryAfter = secondsUntilAllowed(limit, current - 1, previous, elapsed, windowSeconds);
    throw new AppError('rate_limited', [], { retryAfter });
  }

  async function consumeAll(hits: [string, RateLimit][]): Promise<CountedHits> {
    const counted: [string, number][] = [];
    const refund = async () => {
      for (const [bucket, windowStart] of counted) await add(bucket, windowStart, -1);
    };
    for (const [bucket, rule] of hits) {
      try {
        counted.push([bucket, await consumeOne(bucket, rule)]);
      } catch (error) {
        await refund();
        throw error;
      }
    }
    return { refund };
  }

  return {
    async consume(bucket, rule) {
      await consumeOne(bucket, rule);
    },
    consumeAll,
  };
}

/**
 * Seconds until one more hit fits under `limit`, given the hits counted so far in the current window
 * (`current`) and the previous one (`previous`), `elapsed` (0..1) into the current window.
 */
function secondsUntilAllowed(
  limit: number,
  current: number,
  previous: number,
  elapsed: number,
  windowSeconds: number,
): number {
  let wait: number;
  if (current + 1 <= limit && previous > 0) {
    // Later in this window, once enough of the previous window has slid out.
    wait = Math.max(0, 1 - (limit - current - 1) / previous - elapsed);
  } else {
    // In the next window, where this window's hits become the weighted previous ones.
    wait = 1 - elapsed + Math.max(0, 1 - (limit - 1) / Math.max(current, 1));
  }
  return Math.max(1, Math.ceil(wait * windowSeconds));
}
