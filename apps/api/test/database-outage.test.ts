import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { isConnectionLost } from '../src/lib/db-errors';
import { createTestApp, type TestApp } from './helpers/test-app';
import { usingPostgres } from './helpers/test-database';

/*
 * Every database connection of the app is cut (what a PostgreSQL restart or failover does): the requests
 * caught in it answer 503 with Retry-After, never 500; the process lives on, and the pool's new
 * connections serve the next requests without a restart. Needs a real PostgreSQL server (TEST_DATABASE_URL):
 * the embedded database has no connections to cut.
 */

const UNAVAILABLE_FR = 'Service momentanément indisponible, réessayez dans un instant.';

let t: TestApp;
let admin: pg.Client;
let parentToken: string;

beforeAll(async () => {
  if (!usingPostgres()) return;
  t = await createTestApp({ poolSize: 6 });
  admin = new pg.Client({ connectionString: t.database.url });
  await admin.connect();
  parentToken = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
});

afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/** Terminates every connection of the app's database but the admin's own: how many were cut. */
async function cutAppConnections(): Promise<number> {
  const { rows } = await admin.query<{ cut: boolean }>(
    `select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.filter((row) => row.cut).length;
}

/** Waits until `count` of the app's queries wait for a lock (they are then inside PostgreSQL). */
async function waitForBlockedQueries(count: number) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} blocked queries`);
}

const readMember = (locale = 'fr') =>
  t.request('GET', '/api/me/member', { token: parentToken, headers: { 'accept-language': locale } });

describe.runIf(usingPostgres())('when the database connections are cut', () => {
  it('answers 503 with Retry-After for the requests caught in it, then recovers by itself', async () => {
    // Several connections open and idle in the pool.
    await Promise.all(Array.from({ length: 6 }, () => readMember()));

    // Two requests held inside PostgreSQL (a read, and an update in a transaction) when the cut comes.
    await admin.query('begin');
    await admin.query('lock table members in access exclusive mode');
    const caughtRead = readMember();
    const caughtUpdate = t.request('PATCH', '/api/me/member', {
      token: parentToken,
      headers: { 'accept-language': 'en' },
      body: { city: 'Namur' },
    });
    await waitForBlockedQueries(2);
    expect(await cutAppConnections()).toBeGreaterThanOrEqual(2);
    await admin.query('rollback');

    const read = await caughtRead;
    expect(read.statusCode, read.body).toBe(503);
    expect(read.headers['retry-after']).toBe('2');
    expect(read.json()).toEqual({
      statusCode: 503,
      error: 'unavailable',
      message: UNAVAILABLE_FR,
      details: [],
    });
    const update = await caughtUpdate;
    expect(update.statusCode, update.body).toBe(503);
    expect(update.json().message).toBe('Service temporarily unavailable, please try again in a moment.');

    // Cut again, idle connections this time, and ask at once: 200 or 503, never 500.
    await cutAppConnections();
    const burst = await Promise.all(Array.from({ length: 12 }, () => readMember()));
    for (const response of burst) expect([200, 503], response.body).toContain(response.statusCode);

    // A connection checked out between two queries of a transaction when the cut comes: that
    // transaction fails, the process does not crash.
    const transaction = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await cutAppConnections();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        (error: unknown) => error,
      );
    expect(isConnectionLost(transaction)).toBe(true);

    // Back to normal within a few seconds, on the same process, reads and writes.
    const deadline = Date.now() + 5_000;
    let last = await readMember();
    while (last.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      last = await readMember();
    }
    expect(last.statusCode, last.body).toBe(200);
    const written = await t.request('PATCH', '/api/me/member', {
      token: parentToken,
      body: { city: 'Liège' },
    });
    expect(written.statusCode, written.body).toBe(200);
    expect((await readMember()).json()).toMatchObject({ city: 'Liège' });
    expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
  });
});
