/*
 * Does a page cost more in a bigger organisation? Two organisations on one database, generated in SQL
 * (scale-data.ts, same shape): a small one of 10,000 participants and the demo club grown to 1,000,000
 * participants (200,000 families, accounts, orders and invoices, 600,000 members). The app listens on a
 * port, as `npm start` runs it; every request goes over real HTTP (keep-alive, one at a time).
 *
 * Measured in each, at its first page and at a deep page (about 90 % down the list):
 * - the registry `GET /participants`, orders `GET /orders`, members `GET /members` (by name) and the
 *   accounting list `GET /invoices` with its totals (the first page of a walk carries them), all walked
 *   by cursor (`after`: '' for the first page, and for the deep one the `nextCursor` of a deep page
 *   asked once by `page`, not measured);
 * - the accounting totals of one month (`from`/`to`), as the accounting screen filters them;
 * - a family's calendar `GET /calendar/items`, 4 weeks, as the web app asks it: around now, a year on.
 * Rounds go through every request of both organisations in turn, so machine noise hits both sizes
 * alike; each keeps its p50. The ratio of each is p50 at 1,000,000 / p50 at 10,000; the last line is
 * the worst (target at most 1.50).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { DEMO_PASSWORD } from '../apps/api/src/demo/accounts';
import { hashPassword } from '../apps/api/src/lib/password';
import type { BenchContext } from './run';
import { calendarFamily, growScale } from './scale-data';

const SIZES = [10_000, 1_000_000] as const;
const WARM = 5;
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 31);
const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

interface Answer {
  status: number;
  body: string;
}

const SMALL = { id: 'org_petit', key: 'petit', admin: 'admin@petit.test' };
const LARGE = { id: 'org_demo', key: 'demo', admin: 'admin@demo.test' };

/** The small organisation: its row, establishments and an administrator who signs in by password. */
async function createSmallOrganization(client: pg.Client, passwordHash: string) {
  const org = SMALL.id;
  await client.query(`insert into organizations (id, key, name) values ($1, $2, 'Petit club')`, [
    org,
    SMALL.key,
  ]);
  await client.query(
    `insert into establishments (organization_id, id, name) values ($1, 'est_default', 'Salle'), ($1, 'est_piscine', 'Piscine')`,
    [org],
  );
  await client.query(`insert into families (organization_id, id) values ($1, 'fam_admin')`, [org]);
  await client.query(
    `insert into users (organization_id, id, family_id, email, password_hash, role)
     values ($1, 'usr_admin', 'fam_admin', $2, $3, 'admin')`,
    [org, SMALL.admin, passwordHash],
  );
  await client.query(
    `insert into members (organization_id, id, family_id, user_id, first_name, last_name)
     values ($1, 'mbr_admin', 'fam_admin', 'usr_admin', 'Admin', 'Petit')`,
    [org],
  );
}

/** Both organisations, generated on the bench's database. */
async function generate(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  // An error on an idle connection (a server restart) fails the next query, not the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const origin = new Date(Date.now() - 5 * DAY_MS);
    await createSmallOrganization(client, passwordHash);
    for (const [organization, size] of [
      [SMALL, SIZES[0]],
      [LARGE, SIZES[1]],
    ] as const) {
      const began = performance.now();
      await growScale(client, { organizationId: organization.id, from: 0, to: size, passwordHash, origin });
      console.log(
        `${organization.id}: ${size.toLocaleString('en')} participants generated in ${((performance.now() - began) / 1000).toFixed(0)} s`,
      );
    }
    return origin;
  } finally {
    await client.end();
  }
}

/** The first session's start of the organisations generated earlier on this database (BENCH_KEEP), if any. */
async function generatedOrigin(databaseUrl: string): Promise<Date | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ start: Date }>(
      `select start_date_time as start from services where organization_id = $1 and id = 'svc_scale_0'`,
      [LARGE.id],
    );
    return rows[0]?.start;
  } finally {
    await client.end();
  }
}

export async function run({ databaseUrl }: BenchContext): Promise<number> {
  const origin = await generatedOrigin(databaseUrl);
  if (origin) console.log(`reusing the organisations generated on ${origin.toISOString()} (+5 days)`);
  return measure(databaseUrl, origin ?? (await generate(databaseUrl)));
}

/** The measures, on a database where `generate` ran (`origin`: its sessions' first start). */
export async function measure(databaseUrl: string, origin: Date): Promise<number> {
  const database = await openDatabase({ url: databaseUrl });
  const config = loadConfig({
    APP_BASE_HOST: 'localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/inscrio-bench',
  });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const send = (organization: typeof SMALL, method: string, path: string, token?: string, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent,
          headers: {
            host: `${organization.key}.localhost:3000`,
            'x-organization-id': organization.id,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  const get = async (organization: typeof SMALL, path: string, token: string) => {
    const answer = await send(organization, 'GET', path, token);
    if (answer.status !== 200)
      throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return JSON.parse(answer.body) as Record<string, unknown>;
  };
  const signIn = async (organization: typeof SMALL, email: string) => {
    const answer = await send(organization, 'POST', '/api/auth/sign-in/password', undefined, {
      email,
      password: DEMO_PASSWORD,
    });
    if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.body}`);
    return (JSON.parse(answer.body) as { accessToken: string }).accessToken;
  };

  const lists = [
    { name: 'registry (participants)', path: '/api/participants' },
    { name: 'orders', path: '/api/orders' },
    { name: 'accounting list + totals', path: '/api/invoices' },
    { name: 'members (by name)', path: '/api/members' },
  ];
  interface Target {
    name: string;
    path: string;
    token: string;
    organization: typeof SMALL;
    times: number[];
  }
  const bySize: Target[][] = [];
  for (const organization of [SMALL, LARGE]) {
    const manager = await signIn(organization, organization.admin);
    const family = await signIn(organization, calendarFamily().email);
    const targets: Target[] = [];
    const add = (name: string, path: string, token: string) =>
      targets.push({ name, path, token, organization, times: [] });
    for (const list of lists) {
      const first = await get(organization, `${list.path}?pageSize=${PAGE_SIZE}`, manager);
      const total = first.total as number;
      const deepPage = Math.max(1, Math.floor((total * 0.9) / PAGE_SIZE));
      const t = performance.now();
      const deep = await get(organization, `${list.path}?pageSize=${PAGE_SIZE}&page=${deepPage}`, manager);
      if (typeof deep.nextCursor !== 'string') throw new Error(`${list.name}: no cursor at page ${deepPage}`);
      console.log(
        `  ${organization.id} ${list.name}: ${total.toLocaleString('en')} rows; page ${deepPage} by offset (not measured): ${(performance.now() - t).toFixed(0)} ms`,
      );
      add(`${list.name} page 1`, `${list.path}?pageSize=${PAGE_SIZE}&after=`, manager);
      add(`${list.name} deep page`, `${list.path}?pageSize=${PAGE_SIZE}&after=${deep.nextCursor}`, manager);
    }
    // One month of invoices in the middle of the generated ones (issued over ~14 months from 2 years ago).
    const month = new Date(origin.getTime() - 365 * DAY_MS);
    const from = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1))
      .toISOString()
      .slice(0, 10);
    const to = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0))
      .toISOString()
      .slice(0, 10);
    add(
      'accounting totals, one month',
      `/api/invoices?pageSize=${PAGE_SIZE}&after=&from=${from}&to=${to}`,
      manager,
    );
    const weeks = (fromMs: number) =>
      `/api/calendar/items?from=${new Date(fromMs).toISOString()}&to=${new Date(fromMs + 28 * DAY_MS).toISOString()}`;
    const now = Date.now();
    add('family calendar, 4 weeks from now', weeks(now - 3 * DAY_MS), family);
    add('family calendar, 4 weeks a year on', weeks(now + 365 * DAY_MS), family);
    const calendar = (await get(organization, targets.at(-2)!.path, family)) as { items: unknown[] };
    console.log(
      `  ${organization.id} family calendar: ${calendar.items.length} items in the 4 weeks from now`,
    );
    bySize.push(targets);
  }

  const all = bySize.flat();
  for (let round = 0; round < WARM + ROUNDS; round++) {
    for (const target of all) {
      const t = performance.now();
      await get(target.organization, target.path, target.token);
      if (round >= WARM) target.times.push(performance.now() - t);
    }
  }
  const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  console.log('');
  console.log(`${'p50 (ms)'.padEnd(44)}${'10k'.padStart(9)}${'1M'.padStart(9)}${'ratio'.padStart(8)}`);
  let worst = 0;
  bySize[0]!.forEach((small, i) => {
    const large = bySize[1]![i]!;
    const ratio = p50(large.times) / p50(small.times);
    worst = Math.max(worst, ratio);
    console.log(
      `${small.name.padEnd(44)}${p50(small.times).toFixed(1).padStart(9)}${p50(large.times).toFixed(1).padStart(9)}${ratio.toFixed(2).padStart(8)}`,
    );
  });
  agent.destroy();
  await app.close();
  await database.close();
  return worst;
}
