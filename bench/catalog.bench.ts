/*
 * What the catalogue costs per request at a realistic size (200 more activities, 5,000 more sessions):
 * `GET /api/catalog/blueprints` (signed in as the demo parent, page 1: visibility rules, the total, the
 * next sessions and supplements of 20 activities) against a bare Fastify route that runs one indexed
 * query on the same database. Both go through `inject`; rounds alternate so machine noise hits both alike.
 * The ratio is catalogue throughput / bare throughput (higher is better; target at least 0.50).
 */
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { blueprints, blueprintSupplements, services } from '../apps/api/src/db/schema';
import { newId } from '../apps/api/src/lib/ids';
import type { BenchContext } from './run';

const ORGANIZATION_ID = 'org_demo';
const ACTIVITIES = 200;
const SESSIONS = 5000;
const BATCH = 500;
const ROUNDS = 7;
const REQUESTS = 400;
const CONCURRENCY = 8;
const DAY_MS = 86_400_000;

const VISIBILITIES = ['public', 'public', 'public', 'protected', 'protected', 'private', 'hidden'] as const;
const SPORTS = [
  'Football',
  'Natation',
  'Danse',
  'Tennis',
  'Judo',
  'Basket',
  'Escalade',
  'Yoga',
  'Théâtre',
  'Piano',
];

async function insertVolume(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const now = Date.now();
  const activityRows = Array.from({ length: ACTIVITIES }, (_, i) => ({
    organizationId: ORGANIZATION_ID,
    id: newId('bp'),
    establishmentId: i % 3 === 0 ? 'est_piscine' : 'est_default',
    name: `${SPORTS[i % SPORTS.length]} groupe ${String(i + 1).padStart(3, '0')}`,
    description: 'Activité de charge pour le banc de mesure.',
    privateDescription: 'Note interne.',
    duration: 45 + (i % 4) * 15,
    price: 800 + (i % 10) * 100,
    maxSeats: i % 9 === 0 ? -1 : 8 + (i % 12),
    colorCode: '#2563EB',
    location: `Salle ${(i % 6) + 1}`,
    minAge: i % 5 === 0 ? null : 12 * (3 + (i % 8)),
    maxAge: i % 5 === 0 ? null : 12 * (10 + (i % 8)),
    visibility: VISIBILITIES[i % VISIBILITIES.length]!,
  }));
  for (let i = 0; i < activityRows.length; i += BATCH) {
    await db.insert(blueprints).values(activityRows.slice(i, i + BATCH));
  }
  const supplementRows = activityRows
    .filter((_, i) => i % 2 === 0)
    .flatMap((a, i) => [
      {
        organizationId: ORGANIZATION_ID,
        id: newId('sup'),
        blueprintId: a.id,
        name: 'T-shirt',
        price: 1500,
        position: 0,
      },
      ...(i % 2 === 0
        ? [
            {
              organizationId: ORGANIZATION_ID,
              id: newId('sup'),
              blueprintId: a.id,
              name: 'Matériel',
              price: 800,
              minAge: 72,
              maxAge: 96,
              position: 1,
            },
          ]
        : []),
    ]);
  await db.insert(blueprintSupplements).values(supplementRows);
  // 25 weekly sessions per activity, from a month ago to five months ahead, a few cancelled.
  const perActivity = SESSIONS / ACTIVITIES;
  const sessionRows = activityRows.flatMap((a, i) =>
    Array.from({ length: perActivity }, (_, week) => ({
      organizationId: ORGANIZATION_ID,
      id: newId('svc'),
      blueprintId: a.id,
      startDateTime: new Date(now + (week - 4) * 7 * DAY_MS + (i % 7) * DAY_MS + (i % 10) * 3_600_000),
      duration: a.duration,
      maxSeats: a.maxSeats,
      reservedSeats: a.maxSeats === -1 ? week % 5 : Math.min(a.maxSeats, week % 7),
      status: week % 11 === 10 ? 'cancelled' : 'confirmed',
    })),
  );
  for (let i = 0; i < sessionRows.length; i += BATCH) {
    await db.insert(services).values(sessionRows.slice(i, i + BATCH));
  }
}

export async function run({ databaseUrl }: BenchContext): Promise<number> {
  const database = await openDatabase({ url: databaseUrl, poolSize: CONCURRENCY });
  await insertVolume(database.db);
  await database.query('analyze');

  const config = loadConfig({
    APP_BASE_HOST: 'localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/inscrio-bench',
  });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  // Not part of the ratio: a signed-in route that does nothing, to show what authentication alone costs.
  app.get('/api/bench/signed-in-noop', async () => ({ ok: true }));
  const host = 'demo.localhost:3000';
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/password',
    headers: { host },
    payload: { email: 'parent@demo.test', password: 'Demo1234' },
  });
  const { accessToken } = signIn.json();
  const headers = { host, authorization: `Bearer ${accessToken}`, 'x-organization-id': ORGANIZATION_ID };

  const bare = Fastify();
  bare.get('/bare', async () =>
    database.query('select id, name from blueprints where organization_id = $1 order by name limit 20', [
      ORGANIZATION_ID,
    ]),
  );
  await bare.ready();

  const first = await app.inject({ method: 'GET', url: '/api/catalog/blueprints', headers });
  const page = first.json() as { total: number; items: { nextSessions: unknown[] }[] };
  console.log(`catalogue: ${page.total} visible activities, ${page.items.length} on page 1`);

  /** Requests per second of `REQUESTS` GETs, `CONCURRENCY` at a time. */
  const urls = { catalog: '/api/catalog/blueprints', noop: '/api/bench/signed-in-noop' };

  async function throughput(target: 'catalog' | 'noop' | 'bare'): Promise<number> {
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < REQUESTS) {
          const r =
            target === 'bare'
              ? await bare.inject({ method: 'GET', url: '/bare' })
              : await app.inject({ method: 'GET', url: urls[target], headers });
          if (r.statusCode !== 200) throw new Error(`${target} answered ${r.statusCode}: ${r.body}`);
        }
      }),
    );
    return REQUESTS / ((performance.now() - start) / 1000);
  }

  await throughput('bare');
  await throughput('noop');
  await throughput('catalog');
  const runs = { bare: [] as number[], noop: [] as number[], catalog: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    runs.bare.push(await throughput('bare'));
    runs.noop.push(await throughput('noop'));
    runs.catalog.push(await throughput('catalog'));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [bareRate, noopRate, catalogRate] = [median(runs.bare), median(runs.noop), median(runs.catalog)];
  console.log(`baseline bare Fastify route, one indexed query:   ${bareRate.toFixed(0)} requests/s`);
  console.log(
    `for reference: signed-in route doing nothing:     ${noopRate.toFixed(0)} requests/s ` +
      `(${(noopRate / bareRate).toFixed(2)} of the baseline: the cost of authentication alone)`,
  );
  console.log(`subject  GET /api/catalog/blueprints (page 1):     ${catalogRate.toFixed(0)} requests/s`);
  await bare.close();
  await app.close();
  await database.close();
  return catalogRate / bareRate;
}
