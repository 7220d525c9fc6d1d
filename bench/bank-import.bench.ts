/*
 * What a 100,000-transfer bank statement import does to everyone else: the app listening on a port, its
 * job queue running (as `npm start` runs it), `GET /api/health` (one `select 1`) asked without pause by
 * a prober on its own thread, first while the app is idle, then while a manager uploads a 100,000-transfer
 * CAMT.053 (~50 MB; 100 of them pay an order awaiting its transfer) and the background job reads, records
 * and matches it. Prints both p99 and the import's time; the ratio is idle p99 / p99 during the import
 * (1.00: unaffected; target at least 0.25).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { organizations } from '../apps/api/src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../apps/api/src/demo/accounts';
import { bankImportStatement, ordersAwaitingTransfer } from '../apps/api/test/helpers/bank-import';
import { multipart } from '../apps/api/test/helpers/multipart';
import type { BenchContext } from './run';

const TRANSFERS = 100_000;
const ORDERS = 100;
const IDLE_MS = 10_000;
const HOST = 'demo.localhost:3000';

/** The prober: `GET /api/health` over keep-alive HTTP, two at a time, until told to stop. */
const PROBER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
const probe = () => new Promise((resolve, reject) => {
  const start = performance.now();
  const request = http.request(
    { host: '127.0.0.1', port: workerData.port, path: '/api/health', agent, headers: { host: workerData.host } },
    (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve(performance.now() - start) : reject(new Error('health answered ' + response.statusCode))));
    },
  );
  request.on('error', reject);
  request.end();
});
let running = false;
parentPort.on('message', async (message) => {
  if (message === 'stop') { running = false; return; }
  running = true;
  const latencies = [];
  await Promise.all([0, 1].map(async () => {
    while (running) {
      latencies.push(await probe());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }));
  parentPort.postMessage(latencies);
});
`;

function startProber(port: number) {
  const worker = new Worker(PROBER_SOURCE, { eval: true, workerData: { port, host: HOST } });
  return {
    /** Probes until `until` resolves; the latencies in milliseconds. */
    async during(until: Promise<unknown>): Promise<number[]> {
      const latencies = new Promise<number[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('start');
      await until;
      worker.postMessage('stop');
      return latencies;
    },
    close: () => worker.terminate(),
  };
}

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A multipart upload over real HTTP, as the accounting screen sends it. */
function upload(port: number, token: string, content: string) {
  const { body, contentType } = multipart([
    { name: 'file', filename: 'releve-annuel.xml', contentType: 'application/xml', data: content },
  ]);
  return new Promise<{ status: number; body: { importId: string } }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/bank-statements',
        headers: {
          host: HOST,
          authorization: `Bearer ${token}`,
          'x-organization-id': 'org_demo',
          'content-type': contentType,
          'content-length': body.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export async function run({ databaseUrl }: BenchContext): Promise<number> {
  const database = await openDatabase({ url: databaseUrl });
  await database.db
    .update(organizations)
    .set({ iban: 'BE71096123456769', bic: 'GEBABEBB', billingCountry: 'BEL' })
    .where(eq(organizations.id, 'org_demo'));
  const config = loadConfig({
    APP_BASE_HOST: 'localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/inscrio-bench',
  });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  app.ctx.queue.start();

  const awaited = await ordersAwaitingTransfer(app, ORDERS, HOST);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/password',
    headers: { host: HOST },
    payload: { email: DEMO_ACCOUNTS.manager, password: DEMO_PASSWORD },
  });
  const token = (signIn.json() as { accessToken: string }).accessToken;
  const statement = bankImportStatement(awaited, TRANSFERS);
  const prober = startProber(port);

  // Warm-up, then the idle measure.
  await prober.during(sleep(2000));
  const idle = await prober.during(sleep(IDLE_MS));

  let result: { status: string; transactions: number; matched: number; duplicates: number } | undefined;
  const began = performance.now();
  const importing = (async () => {
    const started = await upload(port, token, statement);
    if (started.status !== 202) throw new Error(`upload answered ${started.status}`);
    for (;;) {
      await sleep(500);
      const progress = await app.inject({
        method: 'GET',
        url: `/api/bank-statements/${started.body.importId}`,
        headers: { host: HOST, authorization: `Bearer ${token}`, 'x-organization-id': 'org_demo' },
      });
      result = progress.json();
      if (result!.status !== 'running') return;
    }
  })();
  const during = await prober.during(importing);
  const seconds = (performance.now() - began) / 1000;
  await prober.close();
  await app.ctx.queue.stop();
  await app.close();
  await database.close();

  if (result?.status !== 'done' || result.transactions !== TRANSFERS || result.matched !== ORDERS) {
    throw new Error(`import ended as ${JSON.stringify(result)}`);
  }
  console.log(`idle GET /api/health p99: ${p99(idle).toFixed(1)} ms (${idle.length} requests)`);
  console.log(
    `during the import GET /api/health p99: ${p99(during).toFixed(1)} ms (${during.length} requests)`,
  );
  console.log(
    `import of ${TRANSFERS.toLocaleString('en')} transfers (upload, reading, recording, ${result.matched} matched): ${seconds.toFixed(1)} s`,
  );
  return p99(idle) / p99(during);
}
