import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDatabase } from '../src/db/seed';

export type TestDatabaseInfo =
  { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

export const databaseUrl = (url: string, database: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

/**
 * Migrates and seeds one template database per run; each test file then gets its own copy: a
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL (TEST_DATABASE_URL), a loaded dump on the embedded one.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const prefix = `inscrio_t${process.pid}_`;
    const template = `${prefix}template`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = await openDatabase({ url: databaseUrl(url, template), poolSize: 2 });
    await migrate(handle);
    // The tests start from the demo parent's family without registrations (demo-seed.test.ts checks
    // the lived-in one of a real start).
    await seedDatabase(handle.db, { demo: true, demoFamily: false });
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', url, template, prefix });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${prefix}%`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  project.provide('testDatabase', { kind: 'pglite', dumpPath: await embeddedTemplate() });
}

const apiRoot = path.resolve(import.meta.dirname, '..');
const TEMPLATE_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Every source the template depends on: migrations, the seed and the services it goes through, and the
 * embedded database's version (its dump format).
 */
async function sourcesHash(): Promise<string> {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await fs.readFile(path.resolve(path.dirname(pgliteEntry), '../package.json')));
  for (const root of [path.join(apiRoot, 'src'), path.resolve(apiRoot, '../../packages/shared/src')]) {
    const files = (await fs.readdir(root, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(file).update(await fs.readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated, seeded embedded database as a dump, kept in the system's temporary folder between runs
 * (initdb, migrate and seed cost ~13 s CPU). A source change makes a new one; so does the hour, since the
 * seed places sessions, holds and logins relative to now.
 */
async function embeddedTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), 'inscrio-test-templates');
  const dumpPath = path.join(dir, `template-${await sourcesHash()}.tar`);
  const cached = await fs.stat(dumpPath).catch(() => undefined);
  if (cached && Date.now() - cached.mtimeMs < TEMPLATE_MAX_AGE_MS) return dumpPath;
  const pglite = new PGlite();
  const handle = await openDatabase({ pglite });
  await migrate(handle);
  // The tests start from the demo parent's family without registrations (demo-seed.test.ts checks
  // the lived-in one of a real start).
  await seedDatabase(handle.db, { demo: true, demoFamily: false });
  const dump = await pglite.dumpDataDir('none');
  await handle.close();
  await fs.mkdir(dir, { recursive: true });
  // Old ones go; not younger ones, which a run of another checkout may still be reading.
  for (const name of await fs.readdir(dir)) {
    const file = path.join(dir, name);
    const { mtimeMs } = await fs.stat(file);
    if (Date.now() - mtimeMs > 2 * TEMPLATE_MAX_AGE_MS) await fs.rm(file, { force: true });
  }
  // Written aside and renamed, so a run started meanwhile never reads half a file.
  const partial = `${dumpPath}.${process.pid}`;
  await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await fs.rename(partial, dumpPath);
  return dumpPath;
}
