/*
 * What the catalogue costs per request at a realistic size (200 more activities, 5,000 more sessions):
 * `GET /api/catalog/blueprints` against a bare Fastify route that runs one indexed query on the same
 * database. Both go through `inject` with the same concurrency on the same pool; rounds alternate so
 * machine noise hits both alike. The ratio is catalogue throughput / bare throughput (higher is better;
 * target at least 0.50).
 *
 * The load is many families, not one: request n comes from family n mod 50 (50 signed-in demo families,
 * each with one child of its own age; 5 of them take part in one private activity, 3 in two), asking in
 * turn page 1, one establishment, one weekday, a search, and the activities for their child's age. So the
 * same-viewer coalescing (singleFlight) has almost nothing to share; what is shared between families is
 * the short catalogue micro-cache keyed by visibility class (`CATALOG_CACHE_SECONDS`, catalog-cache.ts).
 * Set CATALOG_CACHE_SECONDS=0 in the environment to measure without it.
 */
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import {
  blueprints,
  blueprintSupplements,
  families,
  members,
  participants,
  services,
  users,
} from '../apps/api/src/db/schema';
import { DEMO_PASSWORD } from '../apps/api/src/demo/accounts';
import { hashPassword } from '../apps/api/src/lib/password';
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
const FAMILIES = 50;

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
  return { activityRows, sessionRows };
}

/**
 * `FAMILIES` families, one parent (password `DEMO_PASSWORD`) and one child each, the children aged 5 to
 * 12 years (a few share an age in months); families 0-7 take part in the private activity `privateIds[0]`
 * and families 5-7 also in `privateIds[1]` (three visibility classes in all).
 */
async function insertFamilies(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  privateSessions: [string, string],
) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = new Date();
  const rows = Array.from({ length: FAMILIES }, (_, i) => {
    const months = 60 + ((i * 37) % 96);
    const birth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, 1 + (i % 28)));
    return {
      familyId: newId('fam'),
      userId: newId('usr'),
      childId: newId('mbr'),
      email: `bench.family${i}@demo.test`,
      birthdate: birth.toISOString().slice(0, 10),
    };
  });
  const at = { organizationId: ORGANIZATION_ID };
  await db.insert(families).values(rows.map((r) => ({ ...at, id: r.familyId })));
  await db
    .insert(users)
    .values(rows.map((r) => ({ ...at, id: r.userId, familyId: r.familyId, email: r.email, passwordHash })));
  await db.insert(members).values(
    rows.flatMap((r) => [
      { ...at, id: newId('mbr'), familyId: r.familyId, userId: r.userId, firstName: 'Parent' },
      { ...at, id: r.childId, familyId: r.familyId, firstName: 'Enfant', birthdate: r.birthdate },
    ]),
  );
  const taking = rows.flatMap((r, i) =>
    [i < 8 ? privateSessions[0] : null, i >= 5 && i < 8 ? privateSessions[1] : null]
      .filter((s): s is string => s !== null)
      .map((serviceId) => ({
        ...at,
        id: newId('reg'),
        serviceId,
        memberId: r.childId,
        familyId: r.familyId,
        status: 'confirmed',
      })),
  );
  await db.insert(participants).values(taking);
  return rows;
}

export async function run({ databaseUrl }: BenchContext): Promise<number> {
  const database = await openDatabase({ url: databaseUrl, poolSize: CONCURRENCY });
  const volume = await insertVolume(database.db);
  const privateActivities = volume.activityRows.filter((a) => a.visibility === 'private').slice(0, 2);
  const sessionOf = (blueprintId: string) =>
    volume.sessionRows.find((s) => s.blueprintId === blueprintId)!.id;
  const familyRows = await insertFamilies(database.db, [
    sessionOf(privateActivities[0]!.id),
    sessionOf(privateActivities[1]!.id),
  ]);
  await database.query('analyze');

  const config = loadConfig({
    APP_BASE_HOST: 'localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/inscrio-bench',
    CATALOG_CACHE_SECONDS: process.env.CATALOG_CACHE_SECONDS,
  });
  const app = await buildApp({
    config,
    database,
    logger: pino({ level: process.env.BENCH_LOG ?? 'silent' }),
  });
  // Not part of the ratio: a signed-in route that does nothing, to show what authentication alone costs.
  app.get('/api/bench/signed-in-noop', async () => ({ ok: true }));
  const host = 'demo.localhost:3000';
  const viewers: { headers: Record<string, string>; childId: string }[] = [];
  for (const family of familyRows) {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/password',
      headers: { host },
      payload: { email: family.email, password: DEMO_PASSWORD },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in of ${family.email}: ${signIn.body}`);
    const { accessToken } = signIn.json();
    viewers.push({
      headers: { host, authorization: `Bearer ${accessToken}`, 'x-organization-id': ORGANIZATION_ID },
      childId: family.childId,
    });
  }
  /** What families ask, in turn: page 1, one establishment, one weekday, a search, their child's age. */
  const queries = [
    () => '',
    () => '?establishmentId=est_piscine',
    () => '?dayOfWeek=3',
    () => '?q=foot',
    (childId: string) => `?memberId=${childId}`,
  ];
  /** Request n: family n mod FAMILIES, query (n div FAMILIES) mod queries. */
  const catalogRequest = (n: number) => {
    const viewer = viewers[n % FAMILIES]!;
    const query = queries[Math.floor(n / FAMILIES) % queries.length]!;
    return { url: `/api/catalog/blueprints${query(viewer.childId)}`, headers: viewer.headers };
  };
  const headers = viewers[0]!.headers;

  const bare = Fastify();
  bare.get('/bare', async () =>
    database.query('select id, name from blueprints where organization_id = $1 order by name limit 20', [
      ORGANIZATION_ID,
    ]),
  );
  await bare.ready();

  const first = await app.inject({ method: 'GET', url: '/api/catalog/blueprints', headers });
  if (first.statusCode !== 200) throw new Error(`catalogue answered ${first.statusCode}: ${first.body}`);
  const page = first.json() as { total: number; items: { nextSessions: unknown[] }[] };
  console.log(
    `catalogue: ${page.total} visible activities, ${page.items.length} on page 1; ` +
      `load: ${FAMILIES} families x ${queries.length} queries, ` +
      `micro-cache ${config.catalogCacheSeconds > 0 ? `${config.catalogCacheSeconds} s` : 'off'}`,
  );

  let catalogCount = 0;
  /** Requests per second of `REQUESTS` GETs, `CONCURRENCY` at a time. */
  async function throughput(target: 'catalog' | 'noop' | 'bare'): Promise<number> {
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < REQUESTS) {
          const r =
            target === 'bare'
              ? await bare.inject({ method: 'GET', url: '/bare' })
              : target === 'noop'
                ? await app.inject({ method: 'GET', url: '/api/bench/signed-in-noop', headers })
                : await app.inject({ method: 'GET', ...catalogRequest(catalogCount++) });
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
  console.log(`subject  GET /api/catalog/blueprints (50 families): ${catalogRate.toFixed(0)} requests/s`);
  await bare.close();
  await app.close();
  await database.close();
  return catalogRate / bareRate;
}
