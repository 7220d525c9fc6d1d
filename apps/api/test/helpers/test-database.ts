import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { databaseUrl } from '../global-setup';

export const usingPostgres = (): boolean => inject('testDatabase').kind === 'postgres';

/** A fresh copy of the migrated, seeded template, dropped on close. */
export async function openTestDatabase(poolSize = 10): Promise<DatabaseHandle> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const dump = await fs.readFile(info.dumpPath);
    const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
    return openDatabase({ pglite });
  }
  const name = `${info.prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${info.template}`);
  const handle = await openDatabase({ url: databaseUrl(info.url, name), poolSize });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
