/*
 * What authentication costs per request: `GET /api/me/user` (token check, session and account loaded,
 * then the account read) against the baseline `GET /api/health` (one `select 1`), both through the
 * whole HTTP stack. Rounds alternate between the two so machine noise hits both alike.
 */
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import type { BenchContext } from './run';

const ROUNDS = 7;
const REQUESTS = 400;
const CONCURRENCY = 8;

export async function run({ databaseUrl }: BenchContext): Promise<number> {
  const database = await openDatabase({ url: databaseUrl, poolSize: CONCURRENCY });
  const config = loadConfig({
    APP_BASE_HOST: 'localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/inscrio-bench',
  });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  const host = 'demo.localhost:3000';
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/password',
    headers: { host },
    payload: { email: 'parent@demo.test', password: 'Demo1234' },
  });
  const { accessToken } = signIn.json();

  async function measure(url: string, headers: Record<string, string>): Promise<number> {
    const start = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < REQUESTS) {
          const r = await app.inject({ method: 'GET', url, headers: { host, ...headers } });
          if (r.statusCode !== 200) throw new Error(`${url} answered ${r.statusCode}`);
        }
      }),
    );
    return (performance.now() - start) / REQUESTS;
  }

  const auth = { authorization: `Bearer ${accessToken}`, 'x-organization-id': 'org_demo' };
  await measure('/api/health', {});
  await measure('/api/me/user', auth);
  const baseline: number[] = [];
  const subject: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    baseline.push(await measure('/api/health', {}));
    subject.push(await measure('/api/me/user', auth));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(`baseline GET /api/health: ${median(baseline).toFixed(3)} ms/request`);
  console.log(`subject  GET /api/me/user: ${median(subject).toFixed(3)} ms/request`);
  await app.close();
  await database.close();
  return median(subject) / median(baseline);
}
