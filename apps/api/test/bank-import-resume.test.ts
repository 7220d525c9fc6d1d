import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { JobQueue } from '../src/jobs/queue';
import { BANK_IMPORT_QUEUE, registerBankImportJob } from '../src/modules/accounting/bank-statements.service';
import { type AwaitedTransfer, ordersAwaitingTransfer } from './helpers/bank-import';
import { camt053Statement, type CamtTransfer } from './helpers/camt053';
import { multipart } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';
import { usingPostgres } from './helpers/test-database';

/*
 * A large bank import cut short: the process running its job is killed (SIGKILL) mid-way, or its job's
 * lease is lost while it still runs and another worker takes the job over. Either way the import ends
 * complete, every transfer stored once, every awaited transfer paying its order once.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ORG = 'org_demo';
const TRANSFERS = 12_000;
const ORDERS = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * `total` credit transfers (bank references `<prefix>-<n>`): each awaited one paid by one transfer with
 * its reference, spread over the whole statement (some in the slices before the cut, some after), the
 * others without a reference.
 */
function spreadStatement(awaited: AwaitedTransfer[], total: number, prefix: string) {
  const every = Math.floor(total / awaited.length);
  const transfers: CamtTransfer[] = [];
  for (let n = 0; n < total; n++) {
    const owed = n % every === every - 1 ? awaited[Math.floor(n / every)] : undefined;
    transfers.push({
      bankReference: `${prefix}-${n}`,
      amount: owed ? owed.amount : 1000 + (n % 9000),
      reference: owed ? owed.reference : null,
      name: `FAMILLE ${n % 1000}`,
    });
  }
  return camt053Statement(transfers);
}

let t: TestApp;
let manager: string;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .update(organizations)
    .set({ iban: 'BE71096123456769', bic: 'GEBABEBB', billingCountry: 'BEL' })
    .where(eq(organizations.id, ORG));
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'inscrio-bank-resume-'));
}, 120_000);
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function upload(content: string) {
  const { body, contentType } = multipart([
    { name: 'file', filename: 'annee.xml', contentType: 'application/xml', data: content },
  ]);
  const started = await t.request('POST', '/api/bank-statements', {
    token: manager,
    organizationId: ORG,
    body,
    headers: { 'content-type': contentType },
  });
  expect(started.statusCode, started.body).toBe(202);
  return started.json().importId as string;
}

const importRow = async (importId: string) =>
  (
    await t.database.query<{ status: string; processed_count: number; transaction_count: number }>(
      'select status, processed_count, transaction_count from bank_statement_imports where organization_id = $1 and id = $2',
      [ORG, importId],
    )
  )[0]!;

const jobOf = async (importId: string) =>
  (
    await t.database.query<{ id: string; status: string; attempts: number; locked_by: string | null }>(
      `select id, status, attempts, locked_by from jobs where queue = $1 and payload->>'importId' = $2`,
      [BANK_IMPORT_QUEUE, importId],
    )
  )[0]!;

/** The import is cut once at least two slices are stored and matched, well before its end. */
const cutPoint = (importId: string) =>
  until(
    'the import to be part way',
    async () => {
      const row = await importRow(importId);
      return row.processed_count >= 2000 ? row : undefined;
    },
    300_000,
  );

/** What a complete import leaves: each transfer once, each order paid once, the counts exact. */
async function expectComplete(importId: string, awaited: AwaitedTransfer[], prefix: string) {
  const result = await t.request('GET', `/api/bank-statements/${importId}`, {
    token: manager,
    organizationId: ORG,
  });
  expect(result.json()).toMatchObject({
    status: 'done',
    transactions: TRANSFERS,
    processed: TRANSFERS,
    duplicates: 0,
    matched: ORDERS,
    unmatchedCount: TRANSFERS - ORDERS,
    error: null,
  });
  const [stored] = await t.database.query<{ n: number; keys: number }>(
    `select count(*)::int as n, count(distinct transaction_key)::int as keys from bank_transactions
     where organization_id = $1 and transaction_key like $2`,
    [ORG, `%${prefix}-%`],
  );
  expect(stored).toEqual({ n: TRANSFERS, keys: TRANSFERS });
  const orderIds = awaited.map((a) => a.orderId);
  const perOrder = await t.database.query<{ order_id: string; paid: number }>(
    `select o.id as order_id, count(p.id) filter (where p.status = 'paid')::int as paid
     from orders o left join payments p on p.organization_id = o.organization_id and p.order_id = o.id
     where o.organization_id = $1 and o.id = any($2::text[]) and o.status = 'completed'
     group by o.id`,
    [ORG, orderIds],
  );
  expect(perOrder).toHaveLength(ORDERS);
  expect(perOrder.every((o) => o.paid === 1)).toBe(true);
}

describe.skipIf(!usingPostgres())('a large bank import cut short', () => {
  it('resumes in another process after the one running it is killed, storing nothing twice', async () => {
    const awaited = await ordersAwaitingTransfer(t.app, ORDERS);
    // The orders' mails are sent here first, so the process below has nothing to do but the import.
    await t.app.ctx.queue.runUntilIdle();
    const importId = await upload(spreadStatement(awaited, TRANSFERS, 'KILL'));

    const start = async (name: string) => {
      let output = '';
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          APP_BASE_HOST: 'localhost:3000',
          DATA_DIR: path.join(dataDir, name),
          DATABASE_URL: t.database.url,
          JWT_SECRET: '',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      children.push(child);
      return { child, output: () => output };
    };

    const first = await start('first');
    const cut = await cutPoint(importId).catch((error: Error) => {
      throw new Error(`${error.message}\n${first.output()}`);
    });
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const atKill = await importRow(importId);
    expect(cut.processed_count).toBeLessThan(TRANSFERS);
    expect(atKill.status).toBe('running');
    expect(atKill.processed_count).toBeLessThan(TRANSFERS);
    expect((await jobOf(importId)).locked_by).toContain(`:${first.child.pid}:`);

    // A process started afterwards (a restart, or another instance) takes the job over once its lease
    // lapses, and goes on from the stored progress.
    const second = await start('second');
    // The job row is marked done just after the import row: wait for both.
    await until(
      'the import and its job to end',
      async () =>
        (await importRow(importId)).status === 'done' && (await jobOf(importId)).status === 'done'
          ? true
          : undefined,
      300_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${second.output()}`);
    });
    const job = await jobOf(importId);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(job.locked_by).toContain(`:${second.child.pid}:`);
    await expectComplete(importId, awaited, 'KILL');
    second.child.kill('SIGKILL');
  }, 600_000);

  it('ends complete when its lease is lost mid-way and another worker runs it alongside', async () => {
    const awaited = await ordersAwaitingTransfer(t.app, ORDERS);
    await t.app.ctx.queue.runUntilIdle();
    const importId = await upload(spreadStatement(awaited, TRANSFERS, 'LEASE'));

    // Two workers on the same database: the app's own queue, and another one (as on another instance).
    const logger = pino({ level: 'silent' });
    const other = new JobQueue(t.db, { logger, workerId: 'other-worker' });
    registerBankImportJob({ ...t.app.ctx, queue: other });
    const firstRun = t.app.ctx.queue.runUntilIdle();
    await cutPoint(importId);
    // The first worker stalls past its lease (a long pause, a cut connection): the job looks abandoned.
    await t.database.query(`update jobs set locked_until = now() - interval '1 second' where id = $1`, [
      (await jobOf(importId)).id,
    ]);
    const secondRun = other.runOne();
    const [, tookOver] = await Promise.all([firstRun, secondRun]);
    expect(tookOver).toBe(true);
    expect((await jobOf(importId)).locked_by).toBe('other-worker');
    await expectComplete(importId, awaited, 'LEASE');
  }, 600_000);
});
