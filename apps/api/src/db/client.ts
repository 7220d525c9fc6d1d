import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  type ExtractTablesWithRelations,
  fillPlaceholders,
  getTableColumns,
  type SQL,
  sql,
} from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import {
  PgDialect,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgTable,
  PgTransaction,
} from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service can run several of them in one transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The PostgreSQL connection string, when not embedded. */
  url?: string;
  /** The embedded database itself, when embedded (its in-process LISTEN: db/notifications.ts). */
  pglite?: PGlite;
  /** Runs raw SQL outside drizzle (migrations lock, health check). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string. Absent: the embedded database under `dataDir`. */
  url?: string;
  dataDir?: string;
  /** An already opened PGlite (tests load a migrated template into memory). */
  pglite?: PGlite;
  poolSize?: number;
}

/*
 * bigint (int8) values as JS numbers, as the embedded database gives them: money totals are bigint
 * (columns.ts `totalCents`) and stay far below 2^53, and counts are small. Global, because drizzle's
 * queries fall back to pg's global parsers.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const poolSize = options.poolSize ?? 10;
    const pool = openPool(options.url, poolSize);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    // The statements declared with a generic plan (`preparedStatement`) run on connections of their own,
    // on which PostgreSQL keeps their one plan: there `plan_cache_mode` can force it without touching
    // the plans of every other query.
    const genericPool = openPool(options.url, Math.max(2, Math.ceil(poolSize / 2)), 'force_generic_plan');
    genericExecutors.set(db, drizzlePg({ client: genericPool, schema }) as unknown as Database);
    return {
      db,
      kind: 'postgres',
      url: options.url,
      query: async (sql, params) => (await pool.query(sql, params)).rows,
      close: async () => {
        await Promise.all([pool.end(), genericPool.end()]);
      },
    };
  }
  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error('dataDir is required for the embedded database');
    const dir = path.join(options.dataDir, 'pgdata');
    await fs.mkdir(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const pglite = refuseQueriesAroundTransactions(client);
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite,
    query: async (sql, params) => (await pglite.query(sql, params)).rows as never,
    close: () => pglite.close(),
  };
}

/** The embedded database's transaction the current code runs in, while it is open. */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/*
 * The embedded database is one connection: a query made on it (not on the transaction) by code running
 * inside a transaction waits for that transaction, which waits for the query — the whole server hangs
 * for good (on PostgreSQL the same code only takes a second connection). Such a query is refused at once
 * instead, naming the mistake, so tests on the embedded database find it.
 */
function refuseQueriesAroundTransactions(pglite: PGlite): PGlite {
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = async (callback) => {
    const state = { open: true };
    try {
      return await transaction((tx) => openTransaction.run(state, () => callback(tx)));
    } finally {
      // Work the transaction started and left running (a timer, a promise not awaited) may query later.
      state.open = false;
    }
  };
  for (const method of ['query', 'exec'] as const) {
    const original = pglite[method].bind(pglite) as (...args: unknown[]) => Promise<unknown>;
    (pglite as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (openTransaction.getStore()?.open) {
        return Promise.reject(
          new Error(
            'A query on the database, not on the open transaction, from inside that transaction: the ' +
              'embedded database has one connection and would wait for ever. Use the transaction.',
          ),
        );
      }
      return original(...args);
    };
  }
  return pglite;
}

function openPool(url: string, max: number, planCacheMode?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(planCacheMode ? { options: `-c plan_cache_mode=${planCacheMode}` } : {}),
  });
  // A client losing its connection (the server restarted, an administrator cut it) must not crash the
  // process: an idle one is dropped by the pool ('error'); one checked out between two queries (inside a
  // transaction) has no listener of the pool's, so it gets its own, and the pool drops it when it is
  // released as no longer queryable. The next query opens a new connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Each PostgreSQL database's executor for the statements declared with a generic plan. */
const genericExecutors = new WeakMap<object, Database>();

/** The rows of a raw `execute()`: both drivers return them under `rows`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const dialect = new PgDialect();

/**
 * A raw SQL statement run as a NAMED prepared statement: PostgreSQL parses it once per connection instead
 * of at every call. Its text is built once, here, from a query whose values are `sql.placeholder(name)`s;
 * each call only passes the values (building the text of a long statement at every call showed in the
 * checkout's CPU profile). One name per statement. Works in a transaction (the executor's own connection)
 * and on PGlite (which ignores the name).
 *
 * A named statement is still planned again at every call when PostgreSQL estimates its plan for any value
 * dearer than one made for the values at hand, which it did for the eligibility statement: 2.5–3 ms of
 * planning against 0.3 ms of execution, at every add to a cart (measured 2026-11-28). With
 * `{ plan: 'generic' }` the statement is planned once per connection and that plan kept: write such a
 * statement so that its plan holds whatever the values (each table reached by an index from the values
 * or from the row before it: `offset 0` fences, `lateral` lookups), and check it with
 * `plan_cache_mode = force_generic_plan` on a large database. Outside a transaction it runs on the
 * connections that keep generic plans; inside one, on the transaction's connection, planned as usual.
 */
export function preparedStatement<Row, Values extends Record<string, unknown> = Record<string, unknown>>(
  name: string,
  query: SQL,
  options: { plan?: 'generic' } = {},
): (db: Executor, values: Values) => Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  return async (db, values) => {
    const executor = (options.plan === 'generic' && genericExecutors.get(db)) || db;
    return rowsOf<Row>(
      await executor._.session.prepareQuery(compiled, undefined, name, false).execute(values),
    );
  };
}

/**
 * A row as `json_populate_recordset(null::<table>, …)` reads it, to insert rows of several tables in one
 * statement: keys are the column names, instants ISO strings. Give every NOT NULL column: a key left out
 * is NULL there, not the column's default.
 */
export function columnRecord<T extends PgTable>(table: T, row: T['$inferInsert']): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = (row as Record<string, unknown>)[key];
    if (value !== undefined) record[column.name] = value instanceof Date ? value.toISOString() : value;
  }
  return record;
}

/*
 * Early lock release for the statements a rush piles up on (a session's seat counter, the invoice
 * counter). A statement run on its own commits at its end, and the row locks it took are held until
 * that commit is flushed to disk: on this kind of disk an fsync takes 5–13 ms, so a hundred buyers of
 * one session, or a hundred checkouts taking invoice numbers, waited for each other's fsync one after
 * the other (a second and more of a rush spent queued on one row). So such a statement commits without
 * waiting for the flush (`ASYNC_COMMIT` in its text: `synchronous_commit` off for its own transaction
 * only), which releases its locks at once, and the caller then waits for the flush with `flushCommits`
 * before answering: many waiting flushes are done by one fsync (PostgreSQL's group commit), and
 * nothing is told done before it is on disk. What is read of such a commit before its flush (a seat
 * taken, an order a job picks up) is no weaker: PostgreSQL's WAL is written in order, so a crash that
 * loses it loses everything after it too, and any synchronous commit after it (a job claimed) flushes
 * it first.
 */

/** In a statement's text (a column or a CTE): commits the statement's own transaction without waiting for the flush. */
export const ASYNC_COMMIT = sql.raw(`set_config('synchronous_commit', 'off', true)`);

/**
 * Waits until every commit made so far (on any connection) is on disk: a transaction that writes one
 * WAL record (a transactional logical-decoding message, which no table sees) and commits synchronously.
 */
const FLUSH = {
  name: 'inscrio_flush_commits',
  text: `select pg_logical_emit_message(true, 'inscrio-flush', '') as lsn`,
};
const flushStatement = dialect.sqlToQuery(sql.raw(FLUSH.text));

export async function flushCommits(db: Executor): Promise<void> {
  await db._.session.prepareQuery(flushStatement, undefined, FLUSH.name, false).execute({});
}

/**
 * A named prepared statement that commits early (`ASYNC_COMMIT` in its `query`), run on its own, then
 * followed by `flushCommits` when `flush(rows)` says it wrote: both on the same connection, so the flush
 * does not wait its turn in the pool's queue again (in a rush every request waits there; a buyer's
 * extra passes through it were its p99). Rows come as node-postgres parses them (timestamps as `Date`):
 * return plain values. On the embedded database (one connection, no pool) the same, one after the other.
 * Inside a transaction it is a plain statement, and the transaction's commit stays synchronous.
 * `plan`: as for `preparedStatement`.
 */
export function earlyCommitStatement<Row>(
  name: string,
  query: SQL,
  flush: (rows: Row[]) => boolean,
  options: { plan?: 'generic' } = {},
): (db: Executor, values: Record<string, unknown>) => Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  const plain = preparedStatement<Row>(name, query, options);
  return async (db, values) => {
    if (inTransaction(db)) {
      // Inside a caller's transaction (the demo seed's checkouts) the commit is the caller's: the
      // statement's early-commit setting would apply to it, so it goes back to the default at once.
      const rows = await plain(db, values);
      await db.execute(sql`set local synchronous_commit to default`);
      return rows;
    }
    const executor = (options.plan === 'generic' && genericExecutors.get(db)) || db;
    const pool = (executor as { $client?: unknown }).$client;
    if (!(pool instanceof pg.Pool)) {
      const rows = await plain(db, values);
      if (flush(rows)) await flushCommits(db);
      return rows;
    }
    const client = await pool.connect();
    try {
      const { rows } = await client.query<Row & pg.QueryResultRow>({
        name,
        text: compiled.sql,
        values: fillPlaceholders(compiled.params, values),
      });
      if (flush(rows)) await client.query(FLUSH);
      return rows;
    } finally {
      client.release();
    }
  };
}

/** Inside an explicit transaction (whose commit is the caller's, and stays synchronous). */
export const inTransaction = (db: Executor): boolean => db instanceof PgTransaction;
