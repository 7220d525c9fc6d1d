/*
 * What a family's own pages cost under many families at once: 200 signed-in families (one access token
 * each), all asking at the same time, over real HTTP against the app listening on a port:
 * - `GET /api/calendar/items?from=&to=` over four weeks from this week's Monday, as the web app's
 *   calendar asks it (ISO instants, `accept-language`, bearer token, `x-organization-id`);
 * - `GET /api/orders?page=1&pageSize=20`, the family's « Mes commandes » as the web app asks it;
 * - baseline: the same load on a bare Fastify route that runs one indexed query on the same pool (the
 *   baseline of catalog.bench.ts: `select id, name from blueprints … order by name limit 20`), listening
 *   on its own port, no authentication.
 * The organisation is sized like a busy club: 200 activities with 5,000 weekly sessions (a month ago to
 * five months ahead), 2,000 families each taking two activities (about 100,000 registrations) in ten
 * orders each (20,000 orders, 100,000 lines). Rounds alternate so machine noise hits all three alike;
 * each keeps its median throughput and the p99 of all its requests. For reference (not in the ratio) a
 * signed-in route that does nothing shows what authentication alone costs.
 * The ratio is the worst of calendar/bare and orders/bare throughput (target at least 0.30).
 */
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { blueprints, services } from '../apps/api/src/db/schema';
import { newId } from '../apps/api/src/lib/ids';
import { createFamilies } from '../apps/api/test/helpers/order-fixtures';
import type { BenchContext } from './run';

const ORGANIZATION_ID = 'org_demo';
const ACTIVITIES = 200;
const SESSIONS_PER_ACTIVITY = 25;
const FAMILIES = 2000;
/** Signed-in families asking at once (one lane, one keep-alive connection and one token each). */
const CONCURRENT = 200;
/** Orders per family and activity (each of 5 sessions). */
const ORDERS_PER_ACTIVITY = 5;
const ROUNDS = 5;
const REQUESTS_PER_ROUND = 2000;
const BATCH = 500;
const DAY_MS = 86_400_000;

type Target = 'bare' | 'noop' | 'calendar' | 'orders';

async function insertVolume(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const now = Date.now();
  const activityRows = Array.from({ length: ACTIVITIES }, (_, i) => ({
    organizationId: ORGANIZATION_ID,
    id: newId('bp'),
    establishmentId: i % 3 === 0 ? 'est_piscine' : 'est_default',
    name: `Activité ${String(i + 1).padStart(3, '0')}`,
    description: 'Activité de charge pour le banc de mesure.',
    duration: 60,
    price: 800 + (i % 10) * 100,
    maxSeats: 100_000,
    colorCode: '#2563EB',
    location: `Salle ${(i % 6) + 1}`,
    visibility: 'public' as const,
  }));
  for (let i = 0; i < activityRows.length; i += BATCH) {
    await db.insert(blueprints).values(activityRows.slice(i, i + BATCH));
  }
  const sessionRows = activityRows.flatMap((a, i) =>
    Array.from({ length: SESSIONS_PER_ACTIVITY }, (_, week) => ({
      organizationId: ORGANIZATION_ID,
      id: newId('svc'),
      blueprintId: a.id,
      startDateTime: new Date(now + (week - 4) * 7 * DAY_MS + (i % 7) * DAY_MS + (i % 10) * 3_600_000),
      duration: 60,
      maxSeats: 100_000,
      reservedSeats: 0,
      status: week % 11 === 10 ? 'cancelled' : 'confirmed',
    })),
  );
  for (let i = 0; i < sessionRows.length; i += BATCH) {
    await db.insert(services).values(sessionRows.slice(i, i + BATCH));
  }
}

/**
 * Family i's child takes activities i mod 200 and (7i + 3) mod 200, every session of both, in
 * `ORDERS_PER_ACTIVITY` offline orders per activity (5 sessions each, older orders first); one
 * registration in 20 was cancelled since. Done in SQL: seconds, not minutes.
 */
async function insertRegistrations(
  database: Awaited<ReturnType<typeof openDatabase>>,
  families: { familyId: string; userId: string; childId: string }[],
) {
  await database.query(
    `create temporary table bench_families as
       select f.family_id, f.user_id, f.child_id, f.n - 1 as i
       from unnest($1::text[], $2::text[], $3::text[]) with ordinality as f(family_id, user_id, child_id, n)`,
    [families.map((f) => f.familyId), families.map((f) => f.userId), families.map((f) => f.childId)],
  );
  await database.query(
    `create temporary table bench_activities as
       select id, row_number() over (order by name) - 1 as k, price from blueprints
       where organization_id = $1 and name like 'Activité %'`,
    [ORGANIZATION_ID],
  );
  // Each registration, its session's rank in the activity and the order it belongs to.
  await database.query(
    `create temporary table bench_lines as
       select f.family_id, f.user_id, f.child_id, s.id as service_id, a.price, s.start_date_time,
              'reg_' || md5(f.family_id || s.id) as participant_id,
              'orl_' || md5(f.family_id || s.id) as line_id,
              'ord_' || md5(f.family_id || a.id || (s.rank / ${SESSIONS_PER_ACTIVITY / ORDERS_PER_ACTIVITY})::text) as order_id,
              s.rank, (hashtext(f.family_id || s.id) % 20 = 0) as cancelled
       from bench_families f
       join bench_activities a on a.k in (f.i % ${ACTIVITIES}, (7 * f.i + 3) % ${ACTIVITIES})
       join (select id, blueprint_id, start_date_time,
                    row_number() over (partition by blueprint_id order by start_date_time) - 1 as rank
             from services where organization_id = $1) s on s.blueprint_id = a.id`,
    [ORGANIZATION_ID],
  );
  await database.query(
    `insert into orders (organization_id, id, family_id, user_id, status, payment_provider, total_amount,
                         paid_amount, locale, paid_at, created_at, updated_at)
     select $1, order_id, family_id, min(user_id), 'completed', 'offline', sum(price), sum(price), 'fr',
            min(start_date_time) - interval '20 days', min(start_date_time) - interval '21 days',
            min(start_date_time) - interval '20 days'
     from bench_lines group by order_id, family_id`,
    [ORGANIZATION_ID],
  );
  await database.query(
    `insert into participants (organization_id, id, service_id, member_id, family_id, status, holds_seat,
                               order_id, confirmed_at, cancelled_at)
     select $1, participant_id, service_id, child_id, family_id,
            case when cancelled then 'cancelled' else 'confirmed' end, not cancelled, order_id,
            start_date_time - interval '20 days', case when cancelled then start_date_time - interval '2 days' end
     from bench_lines`,
    [ORGANIZATION_ID],
  );
  await database.query(
    `insert into order_lines (organization_id, id, order_id, participant_id, service_id, member_id,
                              description, unit_price, total_amount, position)
     select $1, line_id, order_id, participant_id, service_id, child_id,
            'Activité — ' || to_char(start_date_time, 'DD/MM/YYYY HH24:MI') || ' — Enfant', price, price,
            rank % ${SESSIONS_PER_ACTIVITY / ORDERS_PER_ACTIVITY}
     from bench_lines`,
    [ORGANIZATION_ID],
  );
  await database.query(
    `update services s set reserved_seats = n.n
     from (select service_id, count(*)::int as n from participants
           where organization_id = $1 and holds_seat group by service_id) n
     where s.organization_id = $1 and s.id = n.service_id`,
    [ORGANIZATION_ID],
  );
  const [counts] = await database.query<{ registrations: number; orders: number }>(
    `select (select count(*)::int from participants where organization_id = $1) as registrations,
            (select count(*)::int from orders where organization_id = $1) as orders`,
    [ORGANIZATION_ID],
  );
  return counts!;
}

export async function run({ databaseUrl }: BenchContext): Promise<number> {
  // The app's pool as in production (its default size), shared with the bare route.
  const database = await openDatabase({ url: databaseUrl });
  await insertVolume(database.db);

  const config = loadConfig({
    APP_BASE_HOST: 'localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/inscrio-bench',
  });
  const app = await buildApp({
    config,
    database,
    logger: pino({ level: process.env.BENCH_LOG ?? 'silent' }),
  });
  // Not part of the ratio: a signed-in route that does nothing, to show what authentication alone costs.
  app.get('/api/bench/signed-in-noop', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const { port } = app.server.address() as AddressInfo;

  const families = await createFamilies(app.ctx, FAMILIES, { prefix: 'bench' });
  const counts = await insertRegistrations(database, families);
  await database.query('analyze');

  const bare = Fastify();
  bare.get('/bare', async () =>
    database.query('select id, name from blueprints where organization_id = $1 order by name limit 20', [
      ORGANIZATION_ID,
    ]),
  );
  await bare.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const barePort = (bare.server.address() as AddressInfo).port;

  // Four weeks from this week's Monday (midnight UTC), as ISO instants like the web app sends them.
  const today = new Date();
  const monday =
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) -
    ((today.getUTCDay() + 6) % 7) * DAY_MS;
  const from = new Date(monday).toISOString();
  const to = new Date(monday + 28 * DAY_MS).toISOString();
  const paths: Record<Target, string> = {
    bare: '/bare',
    noop: '/api/bench/signed-in-noop',
    calendar: `/api/calendar/items?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    orders: '/api/orders?page=1&pageSize=20',
  };

  // The signed-in families: the first `CONCURRENT` (each takes two activities like every family).
  const tokens = families.slice(0, CONCURRENT).map((f) => f.token);
  const client = startClient({ appPort: port, barePort, tokens });

  // Check each answer once, so a wrong route cannot be fast by failing.
  const sample = await client.probe(paths.calendar);
  const calendar = JSON.parse(sample) as { items: unknown[] };
  const ordersSample = JSON.parse(await client.probe(paths.orders)) as { items: unknown[]; total: number };
  console.log(
    `${counts.registrations} registrations in ${counts.orders} orders of ${FAMILIES} families; ` +
      `${CONCURRENT} families at once; a family's 4 weeks: ${calendar.items.length} sessions, ` +
      `its orders: ${ordersSample.total} (${ordersSample.items.length} on page 1)`,
  );
  if (calendar.items.length === 0 || ordersSample.items.length === 0) throw new Error('empty answers');

  const targets: Target[] = ['bare', 'noop', 'calendar', 'orders'];
  // Warm-up, not measured: each route once under the full load.
  for (const target of targets) await client.run(target, paths[target], REQUESTS_PER_ROUND);
  const rates: Record<Target, number[]> = { bare: [], noop: [], calendar: [], orders: [] };
  const latencies: Record<Target, number[]> = { bare: [], noop: [], calendar: [], orders: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) {
      const result = await client.run(target, paths[target], REQUESTS_PER_ROUND);
      const failed = result.statuses.find((s) => s !== 200);
      if (failed !== undefined) throw new Error(`${target} answered ${failed}`);
      rates[target].push(REQUESTS_PER_ROUND / (result.ms / 1000));
      latencies[target].push(...result.latencies);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const p99 = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.ceil(sorted.length * 0.99) - 1]!;
  };
  const line = (label: string, target: Target) =>
    console.log(
      `${label}${median(rates[target]).toFixed(0).padStart(6)} requests/s, p99 ${p99(latencies[target])
        .toFixed(0)
        .padStart(5)} ms`,
    );
  line('baseline bare Fastify route, one indexed query:        ', 'bare');
  line('for reference: signed-in route doing nothing:          ', 'noop');
  line('subject  GET /api/calendar/items (4 weeks, family):     ', 'calendar');
  line('subject  GET /api/orders?page=1&pageSize=20 (family):   ', 'orders');
  const bareRate = median(rates.bare);
  const calendarRatio = median(rates.calendar) / bareRate;
  const ordersRatio = median(rates.orders) / bareRate;
  console.log(`calendar / bare: ${calendarRatio.toFixed(2)}   orders / bare: ${ordersRatio.toFixed(2)}`);

  await client.close();
  await bare.close();
  await app.close();
  await database.close();
  return Math.min(calendarRatio, ordersRatio);
}

interface RoundResult {
  ms: number;
  statuses: number[];
  latencies: number[];
}

/*
 * The families' browsers: a load generator on its own thread (as they would be on other machines), so
 * the app's thread only serves. Each lane is one family: its own keep-alive TCP connection and its own
 * token, over which it sends its GETs one after the other. HTTP/1.1 is written and read by hand over
 * `net` (as in checkout.bench.ts): Node's `http` client costs about as much CPU per request as the
 * server's handling of it. Fastify answers these routes with a Content-Length, which is all it needs.
 */
const CLIENT_SOURCE = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const HEAD_END = Buffer.from('\\r\\n\\r\\n');

function connect(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    socket.once('connect', () => { socket.off('error', reject); resolve(socket); });
    socket.once('error', reject);
  });
}

function get(socket, path, token) {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    let status = 0;
    let bodyStart = -1;
    let length = 0;
    const onData = (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (bodyStart < 0) {
        const end = buffer.indexOf(HEAD_END);
        if (end < 0) return;
        const head = buffer.toString('latin1', 0, end);
        status = Number(head.slice(9, 12));
        const match = /\\r\\ncontent-length: *(\\d+)/i.exec(head);
        if (!match) return done(new Error('no content-length: ' + head.split('\\r\\n')[0]));
        length = Number(match[1]);
        bodyStart = end + 4;
      }
      if (buffer.length - bodyStart >= length) done(null);
    };
    const onError = (error) => done(error || new Error('connection closed'));
    function done(error) {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onError);
      if (error) reject(error);
      else resolve({ status, body: buffer.toString('utf8', bodyStart, bodyStart + length) });
    }
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onError);
    socket.write(
      'GET ' + path + ' HTTP/1.1\\r\\nhost: demo.localhost:3000\\r\\naccept: application/json' +
      '\\r\\naccept-language: fr\\r\\nauthorization: Bearer ' + token +
      '\\r\\nx-organization-id: org_demo\\r\\n\\r\\n',
    );
  });
}

/** One keep-alive connection per family and server, opened once and kept. */
const sockets = { app: [], bare: [] };
async function socketOf(server, lane) {
  const port = server === 'bare' ? workerData.barePort : workerData.appPort;
  let socket = sockets[server][lane];
  if (!socket || socket.destroyed) socket = sockets[server][lane] = await connect(port);
  return socket;
}

parentPort.on('message', async (message) => {
  if (message.type === 'close') {
    for (const list of Object.values(sockets)) for (const s of list) if (s) s.end();
    parentPort.close();
    return;
  }
  const server = message.target === 'bare' ? 'bare' : 'app';
  const tokens = workerData.tokens;
  if (message.type === 'probe') {
    const answer = await get(await socketOf('app', 0), message.path, tokens[0]);
    parentPort.postMessage({ status: answer.status, body: answer.body });
    return;
  }
  const statuses = [];
  const latencies = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(tokens.map(async (token, lane) => {
    const socket = await socketOf(server, lane);
    while (next < message.count) {
      next++;
      const start = performance.now();
      try {
        const answer = await get(socket, message.path, token);
        statuses.push(answer.status);
      } catch (error) {
        statuses.push('error ' + error.message);
        socket.destroy();
        return;
      }
      latencies.push(performance.now() - start);
    }
  }));
  parentPort.postMessage({ ms: performance.now() - began, statuses, latencies });
});
`;

function startClient(workerData: { appPort: number; barePort: number; tokens: string[] }) {
  const worker = new Worker(CLIENT_SOURCE, { eval: true, workerData });
  const ask = <T>(message: object): Promise<T> =>
    new Promise((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      worker.once('error', fail);
      worker.once('message', (answer: T) => {
        worker.off('error', fail);
        resolve(answer);
      });
      worker.postMessage(message);
    });
  return {
    /** `count` requests on `path`, every family at once (one request in flight per family). */
    run: (target: Target, path: string, count: number) =>
      ask<RoundResult>({ type: 'run', target, path, count }),
    /** One request of the first family; its body (throws unless 200). */
    async probe(path: string): Promise<string> {
      const answer = await ask<{ status: number; body: string }>({ type: 'probe', path });
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
      return answer.body;
    },
    async close() {
      worker.postMessage({ type: 'close' });
      await worker.terminate();
    },
  };
}
