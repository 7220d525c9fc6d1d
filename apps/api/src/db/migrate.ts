import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseHandle } from './client';

/** Beside this module in the sources, and copied beside the bundle by the build. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK = 4_217_001;

/**
 * Applies pending migrations. On PostgreSQL an advisory lock makes instances that start together wait
 * for the first one instead of racing.
 */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // Advisory locks belong to a connection: hold it on one of our own, not on a pooled one.
  const lock = new pg.Client({ connectionString: handle.url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    await lock.end();
  }
}
