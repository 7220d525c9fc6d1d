/*
 * What booking through the API costs against booking in bare SQL, on the same PostgreSQL database:
 * - subject: signed-in families (one access token each) doing `POST /api/cart/items` then
 *   `POST /api/cart/checkout` (offline) over real HTTP against the app listening on a port — every check
 *   of the cart (visibility, age, overlaps, conditions, seats…), the order, its lines, its structured
 *   reference and its audit trail;
 * - baseline: a raw booking loop, one transaction per booking: the conditional seat UPDATE and the
 *   participant INSERT, nothing else.
 * Both sides are warmed up first (see the warm-up below). Rounds alternate so machine noise hits both
 * alike; each side keeps its median. Then a rush: 1,000 families at once on one 100-seat session (add +
 * checkout each, each family on its own new connection), with the 99th percentile of a buyer's time and
 * the seats actually sold, counted in the database.
 * The app runs as `npm start` runs it: its default pool, and the V8 flag of package.json's bench script.
 * Just before the rush, its baseline: as many simultaneous `GET /api/health` (one `select 1`), each on
 * its own new connection, on the same server — what this machine can do at all with that many clients
 * at once; the rush p99 should stay within twice the baseline p99 (said on the ratio line). And the
 * rush's floor, right after it: the same 1,000 buyers at once on two signed-in routes that make the same
 * database round trips as the rush's add and checkout (the session, then one `select 1` per query of
 * the product: 1 for a buyer told the session is full, 2 more for each of the 100 who buy, 2 at
 * checkout) without the product's logic — what any implementation with those round trips gets here.
 * The ratio is app checkouts per second / raw bookings per second (target at least 0.15).
 */
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { organizations } from '../apps/api/src/db/schema';
import { newId } from '../apps/api/src/lib/ids';
import { createActivity, createFamilies, type FamilyFixture } from '../apps/api/test/helpers/order-fixtures';
import type { BenchContext, BenchResult } from './run';
import { eq } from 'drizzle-orm';

const ORGANIZATION_ID = 'org_demo';
const SESSIONS = 200;
const ROUNDS = 5;
const CHECKOUTS_PER_ROUND = 300;
const RAW_PER_ROUND = 1500;
const CONCURRENCY = 16;
const RUSH_BUYERS = 1000;
const RUSH_SEATS = 100;
/** Checkouts run before measuring, at the measured concurrency (see the warm-up below). */
const WARM_CHECKOUTS = 1000;
/** Buyers of the warm-up rush, on a session of another activity with a tenth of its seats. */
const WARM_RUSH_BUYERS = 1000;
const DAY_MS = 86_400_000;
/** The rush floor's routes. */
const FLOOR = '/api/bench/rush-floor';

export async function run({ databaseUrl }: BenchContext): Promise<BenchResult> {
  // The app's pool as in production (its default size); the raw loop has its own connections.
  const database = await openDatabase({ url: databaseUrl });
  await database.db
    .update(organizations)
    .set({ iban: 'BE71096123456769', bic: 'GEBABEBB', billingCountry: 'BEL' })
    .where(eq(organizations.id, ORGANIZATION_ID));
  const start = Date.now() + 30 * DAY_MS;
  const busy = await createActivity(database.db, {
    name: 'Banc de mesure',
    price: 4500,
    taxPercentage: 600,
    maxSeats: 100_000,
    supplements: [{ name: 'Matériel', price: 800, minAge: 72, maxAge: 144 }],
    // Two hours apart, so a family's bookings never overlap.
    sessions: Array.from({ length: SESSIONS }, (_, i) => ({ start: new Date(start + i * 2 * 3_600_000) })),
  });
  const rush = await createActivity(database.db, {
    name: 'Stage très demandé',
    price: 9000,
    maxSeats: RUSH_SEATS,
    sessions: [{ start: new Date(start - DAY_MS) }],
  });
  const warmRush = await createActivity(database.db, {
    name: 'Stage d’échauffement',
    price: 9000,
    maxSeats: WARM_RUSH_BUYERS / 10,
    sessions: [{ start: new Date(start - 2 * DAY_MS) }],
  });

  const config = loadConfig({
    APP_BASE_HOST: 'localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/inscrio-bench',
  });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  // The rush's floor (see above): signed in like the cart's routes, one `select 1` per product query.
  let floorSeats = 0;
  const roundTrip = () => database.query('select 1');
  const signedIn = { config: { allow: () => true } };
  app.post(`${FLOOR}/cart/items`, signedIn, async () => {
    await roundTrip();
    if (floorSeats >= RUSH_SEATS) return { added: [], refused: [{ reason: 'full' }] };
    floorSeats++;
    await roundTrip();
    return { added: [{}], refused: [] };
  });
  app.post(`${FLOOR}/cart/checkout`, signedIn, async (_request, reply) => {
    await roundTrip();
    await roundTrip();
    return reply.code(201).send({});
  });
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const { port } = app.server.address() as AddressInfo;

  const families = await createFamilies(
    app.ctx,
    ROUNDS * CHECKOUTS_PER_ROUND + WARM_CHECKOUTS + WARM_RUSH_BUYERS + 2 * RUSH_BUYERS + 200,
    {
      prefix: 'bench',
    },
  );
  const raw = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY });
  // `raw.end()` resolves before its connections are closed, and run.ts then drops the database with
  // `force`: a connection still closing got "terminating connection" and, with no listener, crashed the
  // bench after its last line (exit code 1, a stack trace after the ratio) about one run in two.
  raw.on('error', () => {});
  // Members and families for the raw loop: other families' children (no collision with the app's).
  const rawMembers = families.slice(-200);
  await database.query('analyze');

  // The families' browsers: a load generator on its own thread (as it would be on other machines), so
  // the app's thread only serves. It answers each batch with its wall time and each buyer's outcome.
  const client = startClient(port);
  const purchase = (family: FamilyFixture, blueprintId: string, serviceId: string): Purchase => ({
    token: family.token,
    body: { blueprintId, serviceIds: [serviceId], memberIds: [family.childId] },
  });

  let nextFamily = 0;
  let nextSession = 0;
  /** App checkouts per second: `CHECKOUTS_PER_ROUND` families, `CONCURRENCY` at a time. */
  async function appRound(): Promise<number> {
    const round = families.slice(nextFamily, nextFamily + CHECKOUTS_PER_ROUND);
    nextFamily += CHECKOUTS_PER_ROUND;
    const batch = round.map((family) =>
      purchase(family, busy.blueprintId, busy.serviceIds[nextSession++ % SESSIONS]!),
    );
    const result = await client.run(batch, CONCURRENCY);
    if (result.outcomes.some((o) => o !== 'sold'))
      throw new Error(`unexpected: ${result.outcomes.find((o) => o !== 'sold')}`);
    return round.length / (result.ms / 1000);
  }

  let rawCount = 0;
  /** Raw bookings per second: conditional UPDATE + INSERT in one transaction, `CONCURRENCY` at a time. */
  async function rawRound(): Promise<number> {
    let done = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const client = await raw.connect();
        try {
          while (done < RAW_PER_ROUND) {
            done++;
            const k = rawCount++;
            const serviceId = busy.serviceIds[k % SESSIONS]!;
            const member = rawMembers[Math.floor(k / SESSIONS) % rawMembers.length]!;
            await client.query('begin');
            const taken = await client.query(
              `update services set reserved_seats = reserved_seats + 1
               where organization_id = $1 and id = $2 and status <> 'cancelled'
                 and (max_seats = -1 or reserved_seats < max_seats) returning id`,
              [ORGANIZATION_ID, serviceId],
            );
            if (taken.rowCount === 1) {
              // Each (session, member) pair once: earlier rounds' rows are ended, so the live index holds.
              await client.query(
                `insert into participants (organization_id, id, service_id, member_id, family_id, status, holds_seat)
                 values ($1, $2, $3, $4, $5, 'confirmed', true)`,
                [ORGANIZATION_ID, newId('reg'), serviceId, member.childId, member.familyId],
              );
            }
            await client.query('commit');
          }
        } finally {
          client.release();
        }
      }),
    );
    const rate = RAW_PER_ROUND / ((performance.now() - began) / 1000);
    // End this round's raw rows, so the next round may book the same pairs (the live index ignores them).
    await raw.query(
      `update participants set status = 'cancelled', holds_seat = false
       where organization_id = $1 and family_id = any($2::text[]) and status = 'confirmed'`,
      [ORGANIZATION_ID, rawMembers.map((m) => m.familyId)],
    );
    return rate;
  }

  /*
   * Warm-up, not measured: a server in production has long compiled its hot paths, so both sides are
   * measured warm. V8 keeps optimising the app's code for about a thousand checkouts (measured: the main
   * thread's CPU per checkout fell by a third over the first 1,500), and a rush takes paths the steady
   * rounds never do (a thousand new connections, "full" refusals) whose first optimisation otherwise
   * lands inside the measured rush. So: a raw round, `WARM_CHECKOUTS` app checkouts at the measured
   * concurrency, and a rush of the same size on a session of another activity.
   */
  await rawRound();
  const warm = families.slice(nextFamily, nextFamily + WARM_CHECKOUTS);
  nextFamily += warm.length;
  await client.run(
    warm.map((family) => purchase(family, busy.blueprintId, busy.serviceIds[nextSession++ % SESSIONS]!)),
    CONCURRENCY,
  );
  const warmBuyers = families.slice(nextFamily, nextFamily + WARM_RUSH_BUYERS);
  nextFamily += warmBuyers.length;
  await client.run(
    warmBuyers.map((family) => purchase(family, warmRush.blueprintId, warmRush.serviceIds[0]!)),
    warmBuyers.length,
  );
  await client.health(RUSH_BUYERS);
  await client.run(
    warmBuyers.map((family) => purchase(family, warmRush.blueprintId, warmRush.serviceIds[0]!)),
    warmBuyers.length,
    FLOOR,
  );
  floorSeats = 0;

  const appRates: number[] = [];
  const rawRates: number[] = [];
  for (let round = 0; round < ROUNDS - 1; round++) {
    rawRates.push(await rawRound());
    appRates.push(await appRound());
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const appRate = median(appRates);
  const rawRate = median(rawRates);
  console.log(
    `baseline raw SQL booking (UPDATE + INSERT, one transaction): ${rawRate.toFixed(0)} bookings/s`,
  );
  console.log(
    `subject  app checkout over HTTP (POST /cart/items + POST /cart/checkout, offline): ${appRate.toFixed(0)} checkouts/s`,
  );

  // The rush's baseline, just before it: what this machine can do at all with as many clients at once,
  // each on its own new connection — the same number of `GET /api/health` (one `select 1`).
  const baseline = await client.health(RUSH_BUYERS);
  const oddHealth = baseline.outcomes.find((o) => o !== 'ok');
  if (oddHealth) throw new Error(`rush baseline: unexpected answer: ${oddHealth}`);
  const baselineP99 = percentile99(baseline.latencies);

  // The rush: every buyer at once on one 100-seat session.
  const buyers = families.slice(nextFamily, nextFamily + RUSH_BUYERS);
  const rushed = await client.run(
    buyers.map((family) => purchase(family, rush.blueprintId, rush.serviceIds[0]!)),
    RUSH_BUYERS,
  );
  const { outcomes } = rushed;
  const odd = outcomes.find((o) => o !== 'sold' && o !== 'full');
  if (odd) throw new Error(`rush: unexpected answer: ${odd}`);
  const latencies = [...rushed.latencies].sort((a, b) => a - b);
  const p99 = percentile99(latencies);
  // The floor, right after: the same number of buyers at once (others: no cart of theirs is touched).
  const floorBuyers = families.slice(nextFamily + RUSH_BUYERS, nextFamily + 2 * RUSH_BUYERS);
  const floor = await client.run(
    floorBuyers.map((family) => purchase(family, rush.blueprintId, rush.serviceIds[0]!)),
    RUSH_BUYERS,
    FLOOR,
  );
  const oddFloor = floor.outcomes.find((o) => o !== 'sold' && o !== 'full');
  if (oddFloor) throw new Error(`rush floor: unexpected answer: ${oddFloor}`);
  const floorP99 = percentile99(floor.latencies);
  const [sold] = await database.query<{ n: number; seats: number }>(
    `select (select count(*)::int from participants where organization_id = $1 and service_id = $2
               and status = 'confirmed' and holds_seat) as n,
            (select reserved_seats from services where organization_id = $1 and id = $2) as seats`,
    [ORGANIZATION_ID, rush.serviceIds[0]],
  );
  console.log(
    `rush: ${RUSH_BUYERS} buyers at once on ${RUSH_SEATS} seats: ${outcomes.filter((o) => o === 'sold').length} sold, ` +
      `${outcomes.filter((o) => o === 'full').length} told it is full; reserved_seats = ${sold!.seats}`,
  );
  console.log(`rush p50: ${latencies[Math.floor(latencies.length / 2)]!.toFixed(0)} ms`);
  console.log(`rush p99: ${p99.toFixed(0)} ms`);
  console.log(`rush confirmed: ${sold!.n}`);
  console.log(
    `rush baseline p50: ${[...baseline.latencies].sort((a, b) => a - b)[Math.floor(baseline.latencies.length / 2)]!.toFixed(0)} ms`,
  );
  console.log(`rush baseline p99: ${baselineP99.toFixed(0)} ms`);
  console.log(
    `rush floor (same buyers, same round trips, no product logic) p50: ${[...floor.latencies].sort((a, b) => a - b)[Math.floor(floor.latencies.length / 2)]!.toFixed(0)} ms, p99: ${floorP99.toFixed(0)} ms`,
  );
  console.log(
    `rush floor p99 / baseline p99: ${(floorP99 / baselineP99).toFixed(2)} (this machine's limit for those round trips)`,
  );
  console.log(`rush p99 / rush floor p99: ${(p99 / floorP99).toFixed(2)}`);
  const within = p99 <= 2 * baselineP99;
  console.log(`rush p99 / baseline p99: ${(p99 / baselineP99).toFixed(2)} (target: at most 2.00)`);

  await client.close();
  await raw.end();
  await app.close();
  await database.close();
  return {
    ratio: appRate / rawRate,
    note: `(rush p99 ${within ? '≤' : '>'} 2× rush baseline p99: ${within ? 'yes' : 'no'})`,
  };
}

/** The 99th percentile of `values` (nearest rank). */
function percentile99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1]!;
}

interface Purchase {
  token: string;
  body: { blueprintId: string; serviceIds: string[]; memberIds: string[] };
}

interface BatchResult {
  ms: number;
  outcomes: string[];
  latencies: number[];
}

/*
 * The load generator's code (plain JavaScript, run by a worker thread). Each lane is one browser: its
 * own keep-alive TCP connection, over which it runs its buyers one after the other; each buyer POSTs
 * /api/cart/items then, when the seat was reserved, /api/cart/checkout (offline). HTTP/1.1 is written
 * and read by hand over `net` (as wrk does in C): Node's `http` client cost about as much CPU per
 * request as the server's handling of it, CPU taken from the app and PostgreSQL on the same two cores.
 * Fastify answers these routes with a Content-Length, which is all the reader needs.
 */
const CLIENT_SOURCE = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const HEAD_END = Buffer.from('\\r\\n\\r\\n');

function connect() {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: workerData.port, noDelay: true });
    socket.once('connect', () => { socket.off('error', reject); resolve(socket); });
    socket.once('error', reject);
  });
}

/** One request on the lane's socket; resolves with the status and the body (text). */
function post(socket, path, token, body) {
  const payload = JSON.stringify(body);
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
      'POST ' + path + ' HTTP/1.1\\r\\nhost: demo.localhost:3000\\r\\nauthorization: Bearer ' + token +
      '\\r\\nx-organization-id: org_demo\\r\\ncontent-type: application/json\\r\\ncontent-length: ' +
      Buffer.byteLength(payload) + '\\r\\n\\r\\n' + payload,
    );
  });
}

async function buy(socket, p, prefix) {
  const added = await post(socket, prefix + '/cart/items', p.token, p.body);
  if (added.status !== 200) return 'add ' + added.status + ' ' + added.body.slice(0, 200);
  const result = JSON.parse(added.body);
  if (result.added.length === 0) return result.refused[0] && result.refused[0].reason === 'full' ? 'full' : 'refused ' + added.body.slice(0, 200);
  const checkout = await post(socket, prefix + '/cart/checkout', p.token, { paymentProvider: 'offline' });
  return checkout.status === 201 ? 'sold' : 'checkout ' + checkout.status + ' ' + checkout.body.slice(0, 200);
}

/** One GET /api/health on a new connection (the connection counts), then the connection closed. */
async function health() {
  const socket = await connect();
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    let status = 0;
    let bodyStart = -1;
    let length = 0;
    const done = (error) => {
      socket.destroy();
      if (error) reject(error);
      else resolve(status);
    };
    socket.on('data', (chunk) => {
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
    });
    socket.on('error', done);
    socket.on('close', () => done(new Error('connection closed')));
    socket.write('GET /api/health HTTP/1.1\\r\\nhost: demo.localhost:3000\\r\\n\\r\\n');
  });
}

parentPort.on('message', async (message) => {
  if (message.type === 'close') { parentPort.close(); return; }
  if (message.type === 'health') {
    // Every request at once, each on its own new connection, timed from its first byte like a buyer.
    const outcomes = [];
    const latencies = [];
    const began = performance.now();
    await Promise.all(Array.from({ length: message.count }, async () => {
      const start = performance.now();
      try {
        const status = await health();
        outcomes.push(status === 200 ? 'ok' : 'health ' + status);
      } catch (error) {
        outcomes.push('error ' + error.message);
      }
      latencies.push(performance.now() - start);
    }));
    parentPort.postMessage({ ms: performance.now() - began, outcomes, latencies });
    return;
  }
  const { batch, concurrency, prefix } = message;
  const outcomes = new Array(batch.length);
  const latencies = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, async () => {
    let socket = null;
    while (next < batch.length) {
      const i = next++;
      // A buyer's time runs from its browser's first byte: opening the connection counts.
      const start = performance.now();
      try {
        socket = socket || (await connect());
        outcomes[i] = await buy(socket, batch[i], prefix);
      } catch (error) {
        outcomes[i] = 'error ' + error.message;
        if (socket) socket.destroy();
        socket = null;
      }
      latencies.push(performance.now() - start);
    }
    if (socket) socket.end();
  }));
  parentPort.postMessage({ ms: performance.now() - began, outcomes, latencies });
});
`;

function startClient(port: number) {
  const worker = new Worker(CLIENT_SOURCE, { eval: true, workerData: { port } });
  const ask = (message: object): Promise<BatchResult> =>
    new Promise((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      worker.once('error', fail);
      worker.once('message', (result: BatchResult) => {
        worker.off('error', fail);
        resolve(result);
      });
      worker.postMessage(message);
    });
  return {
    /** Buyers, `concurrency` at a time, on the cart's routes (or the same under `prefix`: the floor's). */
    run: (batch: Purchase[], concurrency: number, prefix = '/api') => ask({ batch, concurrency, prefix }),
    /** `count` simultaneous `GET /api/health`, each on its own new connection. */
    health: (count: number) => ask({ type: 'health', count }),
    async close() {
      worker.postMessage({ type: 'close' });
      await worker.terminate();
    },
  };
}
