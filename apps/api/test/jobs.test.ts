import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { jobs } from '../src/db/schema';
import { JobQueue } from '../src/jobs/queue';
import { openTestDatabase, usingPostgres } from './helpers/test-database';

const logger = pino({ level: 'silent' });
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const status = async (id: string) =>
  (
    await database.query<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from jobs where id = $1',
      [id],
    )
  )[0]!;

describe('job queue', () => {
  it('runs a job once and marks it done', async () => {
    const queue = new JobQueue(database.db, { logger });
    const seen: unknown[] = [];
    queue.register<{ n: number }>('test.once', async (payload) => {
      seen.push(payload.n);
    });
    const id = await queue.enqueue('test.once', { n: 1 });
    expect(await queue.runUntilIdle()).toBe(1);
    expect(await queue.runUntilIdle()).toBe(0);
    expect(seen).toEqual([1]);
    expect((await status(id)).status).toBe('done');
  });

  it('retries a failing job with backoff, then gives up after its attempts', async () => {
    const queue = new JobQueue(database.db, { logger });
    let calls = 0;
    queue.register(
      'test.fail',
      async () => {
        calls++;
        throw new Error('smtp down');
      },
      { maxAttempts: 2 },
    );
    const id = await queue.enqueue('test.fail', {});
    await queue.runUntilIdle();
    expect(await status(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'smtp down' });
    // Not due yet: the backoff keeps it waiting.
    expect(await queue.runUntilIdle()).toBe(0);
    await database.query(`update jobs set run_at = now() where id = $1`, [id]);
    await queue.runUntilIdle();
    expect(await status(id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(calls).toBe(2);
  });

  it('keeps the values of a failed query out of last_error: the query and the reason, no e-mail', async () => {
    const queue = new JobQueue(database.db, { logger });
    const email = 'jeanne.dupont@example.be';
    queue.register<{ userId: string }>(
      'test.db-error',
      async () => {
        // A statement PostgreSQL refuses, with the address among its parameters (and in its own message).
        await database.db.execute(sql`select ${email}::integer as n, ${email} as email`);
      },
      { maxAttempts: 1 },
    );
    const id = await queue.enqueue('test.db-error', { userId: 'usr_1' });
    await queue.runUntilIdle();
    const { status: state, last_error: lastError } = await status(id);
    expect(state).toBe('failed');
    expect(lastError).not.toContain('jeanne');
    expect(lastError).not.toContain('example.be');
    // What someone following the jobs needs: which statement, and why PostgreSQL refused it.
    expect(lastError).toContain('select $1::integer');
    expect(lastError).toContain('invalid input syntax for type integer');
  });

  it('survives a restart: a job left running by a dead worker is resumed after its lease', async () => {
    const queue = new JobQueue(database.db, { logger, leaseMs: 60_000 });
    let ran = 0;
    queue.register('test.lease', async () => {
      ran++;
    });
    const id = await queue.enqueue('test.lease', {});
    // A worker claimed it and died: status running, lease still valid.
    await database.query(
      `update jobs set status = 'running', locked_by = 'dead', locked_until = now() + interval '1 minute' where id = $1`,
      [id],
    );
    expect(await queue.runUntilIdle()).toBe(0);
    await database.query(`update jobs set locked_until = now() - interval '1 second' where id = $1`, [id]);
    expect(await queue.runUntilIdle()).toBe(1);
    expect(ran).toBe(1);
    expect((await status(id)).status).toBe('done');
  });

  it('keeps a long job: its lease is renewed while it runs, so no other worker takes it', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // A lease much shorter than the job: without the renewal the job would be taken again after 1.5 s.
    const first = new JobQueue(database.db, { logger, leaseMs: 1_500, workerId: 'first' });
    const second = new JobQueue(database.db, { logger, leaseMs: 1_500, workerId: 'second' });
    let runs = 0;
    for (const queue of [first, second]) {
      queue.register('test.long', async () => {
        runs++;
        await sleep(4_000);
      });
    }
    const id = await first.enqueue('test.long', {});
    const running = first.runOne();
    const end = Date.now() + 3_500;
    while (Date.now() < end) {
      await sleep(200);
      expect(await second.runOne()).toBe(false);
    }
    expect(await running).toBe(true);
    expect(runs).toBe(1);
    expect(await status(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('keeps a job enqueued in a rolled-back transaction out of the queue', async () => {
    const queue = new JobQueue(database.db, { logger });
    queue.register('test.tx', async () => {});
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue('test.tx', {}, { executor: tx });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await queue.runUntilIdle()).toBe(0);
  });

  it('ignores a second enqueue with the same singleton key while the first is pending', async () => {
    const queue = new JobQueue(database.db, { logger });
    queue.register('test.single', async () => {});
    await queue.enqueue('test.single', {}, { singletonKey: 'k' });
    await queue.enqueue('test.single', {}, { singletonKey: 'k' });
    expect(await queue.runUntilIdle()).toBe(1);
  });

  it('processes in the background once started', async () => {
    const queue = new JobQueue(database.db, { logger, pollIntervalMs: 20 });
    const done = new Promise<string>((resolve) =>
      queue.register<{ v: string }>('test.bg', async (p) => resolve(p.v)),
    );
    queue.start();
    await queue.enqueue('test.bg', { v: 'hello' });
    await expect(done).resolves.toBe('hello');
    await queue.stop();
  });
});

describe.skipIf(!usingPostgres())('job queue across instances (PostgreSQL)', () => {
  it('never runs one job twice when four instances work the same queue', async () => {
    const info = await database.query<{ db: string }>('select current_database() as db');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${info[0]!.db}`;
    const handles = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ url: url.toString(), poolSize: 4 })),
    );
    const runs = new Map<number, number>();
    const queues = handles.map((h, i) => {
      const q = new JobQueue(h.db, { logger, pollIntervalMs: 5, workerId: `w${i}` });
      q.register<{ n: number }>('test.multi', async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, Math.random() * 3));
      });
      return q;
    });
    const total = 300;
    await database.db.insert(jobs).values(
      Array.from({ length: total }, (_, n) => ({
        id: `job_multi_${n}`,
        queue: 'test.multi',
        payload: { n },
      })),
    );
    queues.forEach((q) => q.start());
    const deadline = Date.now() + 20_000;
    while (runs.size < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await Promise.all(queues.map((q) => q.stop()));
    await Promise.all(handles.map((h) => h.close()));
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const workers = await database.query<{ n: string }>(
      "select count(distinct locked_by) as n from jobs where queue = 'test.multi'",
    );
    expect(Number(workers[0]!.n)).toBeGreaterThan(1);
  });
});

if (!usingPostgres())
  console.warn('PostgreSQL-only job queue test skipped: set TEST_DATABASE_URL to run it.');

describe('recurring jobs', () => {
  it('book one run per slot however many instances register them, and each run books the next', async () => {
    const first = new JobQueue(database.db, { logger });
    const second = new JobQueue(database.db, { logger });
    let runs = 0;
    for (const queue of [first, second])
      await queue.registerRecurring('test.recurring', 3600_000, async () => void runs++);
    expect(await first.runUntilIdle()).toBe(1);
    expect(await second.runUntilIdle()).toBe(0);
    expect(runs).toBe(1);
    // An instance that starts after this slot ran does not book it again.
    const late = new JobQueue(database.db, { logger });
    await late.registerRecurring('test.recurring', 3600_000, async () => void runs++);
    expect(await late.runUntilIdle()).toBe(0);
    expect(runs).toBe(1);
    const next = await database.query<{ run_at: Date }>(
      "select run_at from jobs where queue = 'test.recurring' and status = 'queued'",
    );
    expect(next).toHaveLength(1);
    expect(next[0]!.run_at.getTime()).toBeGreaterThan(Date.now());
  });
});
