import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { DEMO_ACCOUNTS, seedDatabase } from '../src/db/seed';

/*
 * The demo family (parent@demo.test) finds a lived-in product on its first visit: upcoming sessions its
 * children are registered for, an order and its invoices. Seeded here as a first start seeds an empty
 * database, today, so "upcoming" is relative to the day the seed runs.
 */

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ pglite: new PGlite() });
  await migrate(handle);
  await seedDatabase(handle.db, { demo: true });
}, 120_000);
afterAll(() => handle?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await handle.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const FAMILY = sql`(select family_id from users where email = ${DEMO_ACCOUNTS.parent})`;

describe('the demo family after seeding', () => {
  it('has upcoming registrations for its children', async () => {
    const upcoming = await rows<{ first_name: string; status: string }>(sql`
      select m.first_name, p.status from participants p
      join services s on s.organization_id = p.organization_id and s.id = p.service_id
      join members m on m.organization_id = p.organization_id and m.id = p.member_id
      where p.family_id = ${FAMILY} and s.start_date_time > now() and p.status = 'confirmed'
      order by m.first_name`);
    expect(upcoming.map((r) => r.first_name)).toEqual(['Léa', 'Tom']);
  });

  it('has an order and its invoices: one paid, one to pay by transfer', async () => {
    const orders = await rows<{ status: string }>(
      sql`select status from orders where family_id = ${FAMILY} order by status`,
    );
    expect(orders.map((o) => o.status)).toEqual(['completed', 'pending']);
    const invoices = await rows<{ status: string; number: string | null }>(
      sql`select status, number from invoices where family_id = ${FAMILY} order by status`,
    );
    expect(invoices.map((i) => i.status)).toEqual(['paid', 'pending']);
    expect(invoices.every((i) => Boolean(i.number))).toBe(true);
  });
});

describe('licences after seeding', () => {
  it('puts every organisation on one current licence: the platform unlimited, the demo club monthly', async () => {
    const current = await rows<{ key: string; plan_key: string; ends_at: Date | null }>(sql`
      select o.key, l.plan_key, l.ends_at from licences l
      join organizations o on o.id = l.organization_id
      where l.ended_at is null order by o.key`);
    expect(current).toEqual([
      { key: 'admin', plan_key: 'unlimited', ends_at: null },
      { key: 'demo', plan_key: 'default-monthly', ends_at: null },
    ]);
  });

  it('seeds the plans of specification section 4, the free trial moving to the monthly plan', async () => {
    const plans = await rows<{ key: string; name: string; trial_days: number; next_plan_key: string | null }>(
      sql`select key, name, trial_days, next_plan_key from pricing_plans order by sort_order`,
    );
    expect(plans.map((p) => [p.key, p.name])).toEqual([
      ['free-trial', 'Gratuit'],
      ['default-monthly', 'Défaut (mensuel)'],
      ['test', 'Test'],
      ['unlimited', 'Illimité'],
      ['none', 'Aucun'],
    ]);
    expect(plans[0]).toMatchObject({ trial_days: 30, next_plan_key: 'default-monthly' });
  });
});
