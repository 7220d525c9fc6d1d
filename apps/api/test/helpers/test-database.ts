import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { databaseUrl } from '../global-setup';

/*
 * What every embedded open needs, prepared once per worker (the api project runs files without module
 * isolation, so this outlives a file): the template dump, PGlite's compiled WebAssembly module and its
 * file-system bundle. Each open still loads its own copy of the dump: no file sees another's writes.
 * Compiling the module and unpacking the bundle at every open cost ~0.5 s of CPU per file.
 */
let template:
  | { path: string; prepared: Promise<{ bytes: Buffer; module: WebAssembly.Module; fsBundle: Blob }> }
  | undefined;

/** PGlite's dist folder, where its entry point, pglite.wasm and pglite.data stand. */
const PGLITE_DIST = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

/** The global WebAssembly object (the API's TypeScript libraries declare only its types). */
const webAssembly = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly;

async function prepare(dumpPath: string) {
  const [bytes, wasm, bundle] = await Promise.all([
    fs.readFile(dumpPath),
    fs.readFile(path.join(PGLITE_DIST, 'pglite.wasm')),
    fs.readFile(path.join(PGLITE_DIST, 'pglite.data')),
  ]);
  return { bytes, module: await webAssembly.compile(wasm), fsBundle: new BytesBlob(bundle) };
}

/**
 * The loaded template (44 MB) plus the tests' writes fit in 256 MiB: starting there spares the memory's
 * step-by-step growth (each step copies the whole heap) while the dump loads.
 */
const INITIAL_MEMORY = 256 * 1024 * 1024;

/** Node's Blob#arrayBuffer() streams a 44 MB dump in small chunks (~0.5 s CPU); PGlite only calls it (dump and bundle). */
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
      template = { path: info.dumpPath, prepared: prepare(info.dumpPath) };
    const { bytes, module, fsBundle } = await template.prepared;
    const pglite = new PGlite({
      loadDataDir: new BytesBlob(bytes),
      pgliteWasmModule: module,
      fsBundle,
      initialMemory: INITIAL_MEMORY,
    });
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
