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
 * Sliding-window limits in the database, so every instance sees the same counts. Each hit is kept with its
 * instant (table rate_limit_hits, one row per bucket and millisecond, `window_start` being that instant);
 * the count at a moment is the hits of the last `windowSeconds`, exactly. So the limit never resets at a
 * boundary, and Retry-After is the moment the oldest hit in the way leaves the window: never more than
 * one window, and a retry at that moment is let in. At most `limit` hits per bucket and window are kept
 * (a refused hit is taken back), and the hourly clean-up deletes those older than a day.
 */
export function createRateLimiter(db: Database, now: () => Date): RateLimiter {
  const instant = (ms: number) => new Date(ms).toISOString();

  /** Takes back one hit counted at `at`; its row goes with its last hit (a flood leaves no rows behind). */
  async function takeBack(bucket: string, at: number) {
    await db.execute(sql`
      with emptied as (
        delete from rate_limit_hits
        where bucket = ${bucket} and window_start = ${instant(at)} and hits <= 1)
      update rate_limit_hits set hits = hits - 1
      where bucket = ${bucket} and window_start = ${instant(at)} and hits > 1`);
  }

  /** Counts one hit; refuses (and takes it back) past the limit. Returns the instant it was counted at. */
  async function consumeOne(bucket: string, { limit, windowSeconds }: RateLimit): Promise<number> {
    const windowMs = windowSeconds * 1000;
    const at = now().getTime();
    // The hit is stored (committed) before the count, so hits at the same moment on any instance see each
    // other: none slips past the limit (at worst two racing at the limit are both refused).
    await db.execute(sql`
      insert into rate_limit_hits (bucket, window_start, hits) values (${bucket}, ${instant(at)}, 1)
      on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1`);
    const rows = rowsOf<{ at: number | string; hits: number | string }>(
      await db.execute(sql`
        select (extract(epoch from window_start) * 1000)::float8 as at, hits from rate_limit_hits
        where bucket = ${bucket} and window_start > ${instant(at - windowMs)} and hits > 0
        order by window_start`),
    ).map((row) => ({ at: Math.round(Number(row.at)), hits: Number(row.hits) }));
    const total = rows.reduce((sum, row) => sum + row.hits, 0);
    if (total <= limit) return at;
    await takeBack(bucket, at);
    throw new AppError('rate_limited', [], {
      retryAfter: secondsUntilAllowed(rows, total - limit, at, windowMs),
    });
  }

  async function consumeAll(hits: [string, RateLimit][]): Promise<CountedHits> {
    const counted: [string, number][] = [];
    const refund = async () => {
      for (const [bucket, at] of counted) await takeBack(bucket, at);
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
 * Seconds from `at` until one more hit fits: once the `over` oldest hits of the window (`rows`, oldest
 * first) have left it, a window after each was counted. Rounded up, so a retry then is let in.
 */
function secondsUntilAllowed(
  rows: { at: number; hits: number }[],
  over: number,
  at: number,
  windowMs: number,
): number {
  let seen = 0;
  let leaves = at + windowMs;
  for (const row of rows) {
    seen += row.hits;
    if (seen >= over) {
      leaves = Math.min(row.at + windowMs, at + windowMs);
      break;
    }
  }
  return Math.max(1, Math.ceil((leaves - at) / 1000));
}
