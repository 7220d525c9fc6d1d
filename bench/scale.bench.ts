/*
 * Does a page cost more in a bigger organisation? One organisation (the demo club) grown in SQL
 * (scale-data.ts) to 10,000 participants, measured, then grown to 1,000,000 participants (200,000
 * families, accounts, orders and invoices) and measured again. The app listens on a port, as
 * `npm start` runs it; every request goes over real HTTP (keep-alive, one at a time).
 *
 * Measured, each at its first page and at a deep page (about 90 % down the list):
 * - the registry `GET /participants`, orders `GET /orders`, members `GET /members` (by name) and the
 *   accounting list `GET /invoices` with its totals, all walked by cursor (`after`: '' for the first page,
 *   the `nextCursor` of a deep page asked once by `page` — not measured — for the deep one);
 * - a family's calendar `GET /calendar/items`, 4 weeks, as the web app asks it: around now, and a year on.
 * Rounds alternate every request so machine noise hits all alike; each keeps its p50. The ratio of each
 * is p50 at 1,000,000 / p50 at 10,000; the last line is the worst (target at most 1.50).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed';
import { hashPassword } from '../apps/api/src/lib/password';
import type { BenchContext } from './run';
import { calendarFamily, growScale, SCALE_ORGANIZATION } from './scale-data';

const SIZES = [10_000, 1_000_000] as const;
const HOST = 'demo.localhost:3000';
const WARM = 5;
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 31);
const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

interface Answer {
  status: number;
  body: string;
}

export async function run({ databaseUrl }: BenchContext): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const origin = new Date(Date.now() - 5 * DAY_MS);

  const database = await openDatabase({ url: databaseUrl });
  const config = loadConfig({ APP_BASE_HOST: 'localhost:3000', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/inscrio-bench' });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const send = (method: string, path: string, token?: string, body?: unknown) =>
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
            host: HOST,
            'x-organization-id': SCALE_ORGANIZATION,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
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
  const get = async (path: string, token: string) => {
    const answer = await send('GET', path, token);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return JSON.parse(answer.body) as Record<string, unknown>;
  };
  const signIn = async (email: string) => {
    const answer = await send('POST', '/api/auth/sign-in/password', undefined, { email, password: DEMO_PASSWORD });
    if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.body}`);
    return (JSON.parse(answer.body) as { accessToken: string }).accessToken;
  };

  const lists = [
    { name: 'registry (participants)', path: '/api/participants' },
    { name: 'orders', path: '/api/orders' },
    { name: 'accounting list + totals', path: '/api/invoices' },
    { name: 'members (by name)', path: '/api/members' },
  ];
  const results = new Map<string, number[]>(); // name -> p50 per size
  let manager = '';
  let family = '';
  let grown = 0;
  for (const size of SIZES) {
    const began = performance.now();
    await growScale(client, { from: grown, to: size, passwordHash, origin });
    grown = size;
    const [{ n }] = (await client.query(`select count(*)::int as n from participants where organization_id = $1`, [
      SCALE_ORGANIZATION,
    ])).rows as [{ n: number }];
    console.log(`grown to ${size.toLocaleString('en')} generated participants in ${((performance.now() - began) / 1000).toFixed(0)} s (${n.toLocaleString('en')} in the organisation)`);
    manager ||= await signIn('admin@demo.test');
    family ||= await signIn(calendarFamily().email);

    // The deep pages: asked once by page number (the database skips ~90 % of the list), then walked by
    // the cursor that page answers.
    const targets: { name: string; path: string; token: string }[] = [];
    for (const list of lists) {
      const first = await get(`${list.path}?pageSize=${PAGE_SIZE}`, manager);
      const total = first.total as number;
      const deepPage = Math.max(1, Math.floor((total * 0.9) / PAGE_SIZE));
      const t = performance.now();
      const deep = await get(`${list.path}?pageSize=${PAGE_SIZE}&page=${deepPage}`, manager);
      if (typeof deep.nextCursor !== 'string') throw new Error(`${list.name}: no cursor at page ${deepPage}`);
      console.log(`  ${list.name}: ${total.toLocaleString('en')} rows; page ${deepPage} by offset took ${(performance.now() - t).toFixed(0)} ms`);
      targets.push({ name: `${list.name} page 1`, path: `${list.path}?pageSize=${PAGE_SIZE}&after=`, token: manager });
      targets.push({
        name: `${list.name} deep page`,
        path: `${list.path}?pageSize=${PAGE_SIZE}&after=${deep.nextCursor}`,
        token: manager,
      });
    }
    const weeks = (fromMs: number) =>
      `/api/calendar/items?from=${new Date(fromMs).toISOString()}&to=${new Date(fromMs + 28 * DAY_MS).toISOString()}`;
    const now = Date.now();
    targets.push({ name: 'family calendar, 4 weeks from now', path: weeks(now - 3 * DAY_MS), token: family });
    targets.push({ name: 'family calendar, 4 weeks a year on', path: weeks(now + 365 * DAY_MS), token: family });
    const calendar = (await get(targets.at(-2)!.path, family)) as { items: unknown[] };
    console.log(`  family calendar: ${calendar.items.length} items in the 4 weeks from now`);

    const times = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    for (let round = 0; round < WARM + ROUNDS; round++) {
      for (const target of targets) {
        const t = performance.now();
        await get(target.path, target.token);
        if (round >= WARM) times.get(target.name)!.push(performance.now() - t);
      }
    }
    for (const [name, values] of times) {
      values.sort((a, b) => a - b);
      results.set(name, [...(results.get(name) ?? []), values[Math.floor(values.length / 2)]!]);
    }
  }

  console.log('');
  console.log(`${'p50 (ms)'.padEnd(44)}${'10k'.padStart(9)}${'1M'.padStart(9)}${'ratio'.padStart(8)}`);
  let worst = 0;
  for (const [name, [small, large]] of results) {
    const ratio = large! / small!;
    worst = Math.max(worst, ratio);
    console.log(`${name.padEnd(44)}${small!.toFixed(1).padStart(9)}${large!.toFixed(1).padStart(9)}${ratio.toFixed(2).padStart(8)}`);
  }
  agent.destroy();
  await app.close();
  await database.close();
  await client.end();
  return worst;
}
