import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { databaseUrl } from '../global-setup';

/*
 * The template dump, read once per worker (the api project runs files without module isolation, so this
 * outlives a file). Each open still loads its own copy: no file sees another's writes.
 */
let template: { path: string; bytes: Promise<Buffer> } | undefined;

/** Node's Blob#arrayBuffer() streams a 44 MB dump in small chunks (~0.5 s CPU); PGlite only calls it. */
class BytesBlob extends Blob {
  constructor(private readonly contents: Buffer) {
    super([]);
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.contents;
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
  }
}

export const usingPostgres = (): boolean => inject('testDatabase').kind === 'postgres';

/** A fresh copy of the migrated, seeded template, dropped on close. */
export async function openTestDatabase(poolSize = 10): Promise<DatabaseHandle> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    if (template?.path !== info.dumpPath)
      template = { path: info.dumpPath, bytes: fs.readFile(info.dumpPath) };
    const pglite = new PGlite({ loadDataDir: new BytesBlob(await template.bytes) });
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
