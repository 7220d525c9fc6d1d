import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDocumentStore } from '../src/modules/documents/document-store';
import { createReportsService } from '../src/modules/reports/reports.service';
import { createFamilies } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A 50,000-row report is read by batches and streamed into its document: the process's memory grows by
 * less than 100 MB while it is made (sampled every few milliseconds, the peak counts), and the file holds
 * every row once.
 */

const ORG = 'org_demo';
const ROWS = 50_000;
const MB = 1024 * 1024;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const [family] = await createFamilies(t.app.ctx, 1);
  // The rows are made by the database in one statement, not one by one.
  await t.db.execute(sql`
    insert into orders (organization_id, id, family_id, user_id, status, payment_provider, total_amount,
      paid_amount, created_at)
    select ${ORG}, 'ord_mem_' || lpad(n::text, 6, '0'), ${family!.familyId}, ${family!.userId},
      case when n % 3 = 0 then 'completed' else 'pending' end, 'offline', 1000 + n, n % 500,
      timestamptz '2030-03-01 08:00:00+00' + (n || ' seconds')::interval
    from generate_series(1, ${ROWS}) as n`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

it('makes a 50,000-row orders report without growing the memory by 100 MB', async () => {
  const manager = (await t.signIn('manager@demo.test')).accessToken;
  const asked = await t.request('POST', '/api/reports', {
    token: manager,
    organizationId: ORG,
    body: { kind: 'report.orders', format: 'csv', from: '2030-03-01', to: '2030-03-02' },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const id = asked.json().id as string;

  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 5);
  try {
    await createReportsService(t.app.ctx).build(
      {
        documentId: id,
        kind: 'report.orders',
        format: 'csv',
        from: '2030-03-01',
        to: '2030-03-02',
        establishmentId: null,
        blueprintId: null,
        serviceId: null,
        locale: 'fr',
        userId: '',
      },
      { jobId: 'memory', attempt: 1, organizationId: ORG },
    );
  } finally {
    clearInterval(sampler);
  }
  expect((peakRss - before.rss) / MB).toBeLessThan(100);
  expect((peakHeap - before.heapUsed) / MB).toBeLessThan(100);

  const store = createDocumentStore(t.db);
  const document = (await store.find(ORG, id))!;
  expect(document).toMatchObject({ status: 'ready', progressDone: ROWS, progressTotal: ROWS });
  // Every row once, in order, read back a chunk at a time.
  let lines = 0;
  let tail = '';
  for await (const chunk of store.read(ORG, id)) {
    const text = tail + (chunk as Buffer).toString('utf8');
    const parts = text.split('\r\n');
    tail = parts.pop()!;
    lines += parts.length;
  }
  expect(lines).toBe(ROWS + 1);
}, 300_000);
