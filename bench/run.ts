/*
 * `npm run bench -- <name>`: runs bench/<name>.bench.ts against a throwaway database created on the
 * PostgreSQL server of DATABASE_URL (migrated and seeded with the demo data, dropped afterwards). Each
 * benchmark measures its baseline in the same run and its last line is `ratio <name>: X.XX`.
 * BENCH_KEEP=<database> runs on that database instead, created and seeded if missing, migrated, and kept
 * afterwards: a benchmark whose data takes minutes to generate (scale) reuses it on the next run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seedDatabase } from '../apps/api/src/demo/seed';

export interface BenchContext {
  databaseUrl: string;
}

/** A benchmark's ratio, or its ratio with a short verdict printed after it on the ratio line. */
export type BenchResult = number | { ratio: number; note: string };

const here = path.dirname(fileURLToPath(import.meta.url));
const available = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name>   (one of: ${available.join(', ')})`);
  process.exit(2);
}
const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'DATABASE_URL must point at a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
  );
  process.exit(2);
}

const keep = process.env.BENCH_KEEP;
if (keep !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(keep)) {
  console.error('BENCH_KEEP must be a plain database name (lower case letters, digits, _)');
  process.exit(2);
}
const database = keep ?? `inscrio_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [database])).rowCount === 1;
if (!exists) await admin.query(`create database ${database}`);
const benchUrl = new URL(url);
benchUrl.pathname = `/${database}`;
try {
  const handle = await openDatabase({ url: benchUrl.toString(), poolSize: 2 });
  await migrate(handle);
  if (!exists) await seedDatabase(handle.db, { demo: true });
  await handle.close();
  const { run } = (await import(`./${name}.bench.ts`)) as {
    run: (ctx: BenchContext) => Promise<BenchResult>;
  };
  const result = await run({ databaseUrl: benchUrl.toString() });
  const { ratio, note } = typeof result === 'number' ? { ratio: result, note: '' } : result;
  console.log(`ratio ${name}: ${ratio.toFixed(2)}${note ? ` ${note}` : ''}`);
} finally {
  if (!keep) await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}
