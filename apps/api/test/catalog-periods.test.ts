import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const periodsFor = async (email: string) =>
  t.request('GET', '/api/catalog/periods', {
    token: (await t.signIn(email)).accessToken,
    organizationId: 'org_demo',
  });

describe('catalogue periods', () => {
  it('lists the periods a family can filter by: not over yet, soonest first', async () => {
    const r = await periodsFor(DEMO_ACCOUNTS.parent);
    expect(r.statusCode).toBe(200);
    const periods: { startDate: string; endDate: string }[] = r.json();
    const all = await t.database.query<{ n: string }>(
      "select count(*) as n from periods where organization_id = 'org_demo'",
    );
    expect(periods.length).toBeGreaterThan(0);
    expect(periods.length).toBeLessThanOrEqual(Number(all[0]!.n));
    const today = new Date().toISOString().slice(0, 10);
    for (const period of periods) expect(period.endDate >= today).toBe(true);
    expect(periods.map((p) => p.startDate)).toEqual([...periods.map((p) => p.startDate)].sort());
  });

  it('keeps an establishment manager to their establishment and needs a signed-in user', async () => {
    const periods: { establishmentId: string }[] = (await periodsFor(DEMO_ACCOUNTS.estManager)).json();
    expect(periods.length).toBeGreaterThan(0);
    expect(new Set(periods.map((p) => p.establishmentId))).toEqual(new Set(['est_piscine']));
    expect((await t.request('GET', '/api/catalog/periods')).statusCode).toBe(401);
  });

  it('drops periods once they are over', async () => {
    t.clock.advance(5 * 365 * 24 * 3600_000);
    try {
      expect((await periodsFor(DEMO_ACCOUNTS.parent)).json()).toEqual([]);
    } finally {
      t.clock.advance(-5 * 365 * 24 * 3600_000);
    }
  });
});
