import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { type AwaitedTransfer, bankImportStatement, ordersAwaitingTransfer } from './helpers/bank-import';
import { multipart } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';
import { usingPostgres } from './helpers/test-database';

/*
 * Bank statements of any size: a 100,000-transfer CAMT.053 (about 50 MB) is imported by a background
 * job, in slices, its progress readable while it runs; every transfer is recorded once, and each awaited
 * transfer pays its order once.
 */

const ORG = 'org_demo';
/*
 * The embedded database serves one statement at a time inside this process: 100,000 transfers take
 * minutes there, and the progress reads only get in between the job's statements by chance. The full
 * size and the progress seen mid-way are checked on PostgreSQL (CI); the embedded run (the README's
 * `npm test`) checks the same outcome on a smaller statement.
 */
const TRANSFERS = usingPostgres() ? 100_000 : 20_000;
const ORDERS = 40;

let t: TestApp;
let manager: string;
let awaited: AwaitedTransfer[];

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .update(organizations)
    .set({ iban: 'BE71096123456769', bic: 'GEBABEBB', billingCountry: 'BEL' })
    .where(eq(organizations.id, ORG));
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  awaited = await ordersAwaitingTransfer(t.app, ORDERS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, query?: Record<string, string>) =>
  t.request(method, url, { token: manager, organizationId: ORG, query });

function upload(content: string, filename = 'annee.xml') {
  const { body, contentType } = multipart([
    { name: 'file', filename, contentType: 'application/xml', data: content },
  ]);
  return t.request('POST', '/api/bank-statements', {
    token: manager,
    organizationId: ORG,
    body,
    headers: { 'content-type': contentType },
  });
}

const count = async (sql: string, params: unknown[]) =>
  (await t.database.query<{ n: number }>(sql, params))[0]!.n;

/** Runs the job queue while reading the import's progress every few hundred milliseconds. */
async function followImport(importId: string) {
  const seen: { processed: number; transactions: number; listed: number }[] = [];
  let running = true;
  const jobs = t.app.ctx.queue.runUntilIdle().finally(() => (running = false));
  while (running) {
    const [progress, list] = await Promise.all([
      call('GET', `/api/bank-statements/${importId}`),
      call('GET', '/api/bank-transactions', { status: 'unmatched', pageSize: '1' }),
    ]);
    expect(progress.statusCode, progress.body).toBe(200);
    if (progress.json().status === 'running') {
      seen.push({ ...progress.json(), listed: list.json().total });
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await jobs;
  const done = await call('GET', `/api/bank-statements/${importId}`);
  return { seen, result: done.json() };
}

describe(`a ${TRANSFERS.toLocaleString('en')}-transfer statement`, () => {
  it('is imported completely in the background: each transfer once, each order paid once', async () => {
    const listedBefore = (await call('GET', '/api/bank-transactions', { status: 'unmatched' })).json().total;
    const xml = bankImportStatement(awaited, TRANSFERS);
    const started = await upload(xml);
    // Answered at once: the import goes on in a job.
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'running', format: 'camt053', processed: 0 });

    const { seen, result } = await followImport(started.json().importId);
    expect(result).toMatchObject({
      status: 'done',
      transactions: TRANSFERS,
      processed: TRANSFERS,
      duplicates: 0,
      matched: ORDERS,
      unmatchedCount: TRANSFERS - ORDERS,
      error: null,
    });
    // Progress was readable on the way (once the file was read), never going back, never past the end;
    // meanwhile none of the import's transfers showed in the list of transfers to match.
    const partial = seen.filter((s) => s.transactions === TRANSFERS && s.processed < TRANSFERS);
    if (usingPostgres()) expect(partial.length).toBeGreaterThan(0);
    const processed = seen.map((s) => s.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(seen.every((s) => s.listed === listedBefore)).toBe(true);
    expect((await call('GET', '/api/bank-transactions', { status: 'unmatched' })).json().total).toBe(
      listedBefore + TRANSFERS - ORDERS,
    );

    const importId = started.json().importId;
    expect(
      await count(
        `select count(distinct transaction_key)::int as n from bank_transactions
         where organization_id = $1 and import_id = $2`,
        [ORG, importId],
      ),
    ).toBe(TRANSFERS);
    const orderIds = awaited.map((a) => a.orderId);
    // Each order: one paid payment, completed; matched by the first transfer with its reference only.
    expect(
      await count(
        `select count(*)::int as n from payments
         where organization_id = $1 and order_id = any($2::text[]) and status = 'paid'`,
        [ORG, orderIds],
      ),
    ).toBe(ORDERS);
    expect(
      await count(
        `select count(*)::int as n from orders where organization_id = $1 and id = any($2::text[])
         and status = 'completed'`,
        [ORG, orderIds],
      ),
    ).toBe(ORDERS);
    expect(
      await count(
        `select count(*)::int as n from bank_transactions where organization_id = $1 and import_id = $2
         and status = 'matched' and order_id = any($3::text[])`,
        [ORG, importId, orderIds],
      ),
    ).toBe(ORDERS);

    // The first 2,000 transfers again (a statement that overlaps): nothing recorded or paid twice.
    const again = await upload(bankImportStatement(awaited, 2000), 'debut.xml');
    expect(again.statusCode, again.body).toBe(202);
    const { result: overlap } = await followImport(again.json().importId);
    expect(overlap).toMatchObject({ status: 'done', transactions: 2000, duplicates: 2000, matched: 0 });
    expect(
      await count(
        `select count(*)::int as n from payments where organization_id = $1 and order_id = any($2::text[])
         and status = 'paid'`,
        [ORG, orderIds],
      ),
    ).toBe(ORDERS);
    // A few tens of seconds on two idle cores; minutes when the machine is shared and loaded.
  }, 600_000);

  it('reports a large file that is not a statement at once, and a broken one when the job reads it', async () => {
    expect((await call('GET', '/api/bank-statements/bsi_inconnu')).statusCode).toBe(404);
    const garbage = await upload('x'.repeat(300 * 1024), 'notes.txt');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().details[0].message).toBe('Ce fichier n’est pas un relevé CAMT.053 ou CODA lisible');

    const xml = bankImportStatement(awaited, 1000, 'TRONQUE');
    const truncated = await upload(xml.slice(0, xml.length - 200));
    expect(truncated.statusCode, truncated.body).toBe(202);
    const { result } = await followImport(truncated.json().importId);
    expect(result).toMatchObject({
      status: 'failed',
      processed: 0,
      error: 'Ce fichier n’est pas un relevé CAMT.053 ou CODA lisible',
    });
    expect(
      await count(`select count(*)::int as n from bank_transactions where transaction_key like $1`, [
        '%TRONQUE%',
      ]),
    ).toBe(0);
  }, 120_000);
});
