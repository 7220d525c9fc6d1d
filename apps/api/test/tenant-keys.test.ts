import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { openTestDatabase } from './helpers/test-database';

/*
 * What a distributed PostgreSQL (Citus) needs to shard by organisation and keep a club's rows together
 * (docs/scaling.md): every tenant table is keyed by organization_id first, every foreign key between tenant
 * tables carries it, and every unique index includes it. Read from the catalogue of the migrated database,
 * so a new table or key cannot forget.
 */

/** Tables with an organization_id column that are not sharded by it, and why. */
const PLATFORM_TABLES: Record<string, string> = {
  // The job queue is one table for the whole platform: workers claim from every organisation at once
  // (organization_id is only a label there, often null).
  jobs: 'platform job queue',
};

/**
 * Unique indexes of tenant tables that are global today because the row is found from a value alone
 * (docs/scaling.md says what each becomes on a sharded database: scoped by the organisation of the host,
 * or a small lookup table).
 */
const GLOBAL_UNIQUE_INDEXES: Record<string, string> = {
  // A provider's notification carries no organisation: its payment id must find one payment platform-wide.
  payments_provider_id_unique: 'provider payment id → payment',
  // Links and tokens are looked up by their (hashed) value alone.
  password_reset_tokens_hash_unique: 'password-reset link',
  refresh_tokens_hash_unique: 'refresh token',
  calendar_feeds_token_unique: 'calendar feed link',
  email_change_tokens_hash_unique: 'e-mail change link',
  representative_invitations_hash_unique: 'representative invitation link',
  handoff_codes_hash_unique: 'sign-in hand-off code',
};

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase(2);
});

afterAll(async () => {
  await database?.close();
});

/** The public tables having an organization_id column, minus `organizations` and the platform tables. */
async function tenantTables(): Promise<string[]> {
  const rows = await database.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'organization_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`,
  );
  return rows
    .map((r) => r.table_name)
    .filter((name) => name !== 'organizations' && !(name in PLATFORM_TABLES));
}

describe('tenant keys, ready for sharding by organisation', () => {
  it('finds the tenant tables (the query itself works)', async () => {
    const tables = await tenantTables();
    expect(tables).toEqual(expect.arrayContaining(['orders', 'participants', 'users', 'invoices']));
  });

  it('starts the primary key of every tenant table with organization_id', async () => {
    const keys = await database.query<{ table_name: string; first_column: string | null }>(
      `select c.relname as table_name,
              (select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum = pk.conkey[1])
                as first_column
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
         left join pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
        where c.relkind = 'r'`,
    );
    const firstColumn = new Map(keys.map((k) => [k.table_name, k.first_column]));
    const wrong = (await tenantTables())
      .filter((table) => firstColumn.get(table) !== 'organization_id')
      .map((table) => `${table}: primary key starts with ${firstColumn.get(table) ?? '(no primary key)'}`);
    expect(wrong).toEqual([]);
  });

  it('includes organization_id, matched to organization_id, in every foreign key between tenant tables', async () => {
    const tenants = new Set(await tenantTables());
    const foreignKeys = await database.query<{
      name: string;
      from_table: string;
      to_table: string;
      columns: string[];
      referenced: string[];
    }>(
      `select fk.conname as name, src.relname as from_table, dst.relname as to_table,
              array(select a.attname from unnest(fk.conkey) with ordinality k(num, pos)
                      join pg_attribute a on a.attrelid = fk.conrelid and a.attnum = k.num order by k.pos)::text[]
                as columns,
              array(select a.attname from unnest(fk.confkey) with ordinality k(num, pos)
                      join pg_attribute a on a.attrelid = fk.confrelid and a.attnum = k.num order by k.pos)::text[]
                as referenced
         from pg_constraint fk
         join pg_class src on src.oid = fk.conrelid
         join pg_class dst on dst.oid = fk.confrelid
         join pg_namespace n on n.oid = src.relnamespace and n.nspname = 'public'
        where fk.contype = 'f'`,
    );
    const between = foreignKeys.filter((fk) => tenants.has(fk.from_table) && tenants.has(fk.to_table));
    expect(between.length).toBeGreaterThan(20);
    const wrong = between
      .filter((fk) => {
        const position = fk.columns.indexOf('organization_id');
        return position < 0 || fk.referenced[position] !== 'organization_id';
      })
      .map((fk) => `${fk.from_table} → ${fk.to_table} (${fk.name}): (${fk.columns.join(', ')})`);
    expect(wrong).toEqual([]);
  });

  it('includes organization_id in every unique index of a tenant table, except the listed global ones', async () => {
    const tenants = new Set(await tenantTables());
    const unique = await database.query<{ table_name: string; index_name: string; columns: string[] }>(
      `select t.relname as table_name, i.relname as index_name,
              array(select a.attname from unnest(x.indkey) k(num)
                      join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.num)::text[] as columns
         from pg_index x
         join pg_class i on i.oid = x.indexrelid
         join pg_class t on t.oid = x.indrelid
         join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
        where x.indisunique`,
    );
    const wrong = unique
      .filter((u) => tenants.has(u.table_name) && !u.columns.includes('organization_id'))
      .filter((u) => !(u.index_name in GLOBAL_UNIQUE_INDEXES))
      .map((u) => `${u.table_name}.${u.index_name}: (${u.columns.join(', ')})`);
    expect(wrong).toEqual([]);
  });
});
