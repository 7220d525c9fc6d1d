import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDatabase } from '../src/demo/seed';

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
  const pglite = new PGlite();
  const handle = await openDatabase({ pglite });
  await migrate(handle);
  // The tests start from the demo parent's family without registrations (demo-seed.test.ts checks
  // the lived-in one of a real start).
  await seedDatabase(handle.db, { demo: true, demoFamily: false });
  const dump = await pglite.dumpDataDir('none');
  const dumpPath = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'inscrio-test-')), 'template.tar');
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return async () => {
    await fs.rm(path.dirname(dumpPath), { recursive: true, force: true });
  };
}
