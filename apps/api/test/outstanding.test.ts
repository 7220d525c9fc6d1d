import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * `GET /invoices/outstanding`: the manager's dashboard figures, what is still due (total − credited −
 * paid) on the invoices awaiting payment and on the overdue ones, for those who manage accounting, in
 * their own organisation only.
 */

type Who = 'manager' | 'estManager' | 'holder' | 'parent';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const ORG = 'org_demo';
const get = (who: Who, organizationId = ORG) =>
  t.request('GET', '/api/invoices/outstanding', { token: tokens[who], organizationId });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'estManager', 'holder', 'parent'] as const) {
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
  }
});
afterAll(() => t.close());

async function expected(status: 'pending' | 'overdue') {
  const result = await t.db.execute(sql`select count(*)::int as count,
      coalesce(sum(i.total_amount - i.credited_amount - coalesce(o.paid_amount, i.paid_amount)), 0)::int as amount
    from invoices i left join orders o on o.organization_id = i.organization_id and o.id = i.order_id
    where i.organization_id = ${ORG} and i.status = ${status}
      and i.total_amount - i.credited_amount - coalesce(o.paid_amount, i.paid_amount) > 0`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    count: number;
    amount: number;
  }[];
  return { count: Number(rows[0]!.count), amount: Number(rows[0]!.amount) };
}

describe('GET /invoices/outstanding', () => {
  it('gives what is still due on unpaid and overdue invoices, in cents', async () => {
    const r = await get('manager');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as { unpaid: { count: number; amount: number }; overdue: { count: number } };
    expect(body).toEqual({ unpaid: await expected('pending'), overdue: await expected('overdue') });
    // The demo club has both: transfers awaited, and an old one overdue.
    expect(body.unpaid.count).toBeGreaterThan(0);
    expect(body.overdue.count).toBeGreaterThan(0);
  });

  it('goes down once an invoice is paid', async () => {
    const before = (await get('manager')).json() as { unpaid: { count: number; amount: number } };
    const list = await t.request('GET', '/api/invoices', {
      token: tokens.manager,
      organizationId: ORG,
      query: { status: 'pending' },
    });
    const invoice = (list.json() as { items: { id: string; balance: number }[] }).items[0]!;
    const paid = await t.request('POST', `/api/invoices/${invoice.id}/mark-paid`, {
      token: tokens.manager,
      organizationId: ORG,
      body: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await get('manager')).json() as { unpaid: { count: number; amount: number } };
    expect(after.unpaid.count).toBe(before.unpaid.count - 1);
    expect(after.unpaid.amount).toBe(before.unpaid.amount - invoice.balance);
  });

  it('is for those who manage accounting, in their own organisation', async () => {
    // The establishment manager of the pool does not manage accounting; a holder or a family never.
    expect((await get('estManager')).statusCode).toBe(403);
    expect((await get('holder')).statusCode).toBe(403);
    expect((await get('parent')).statusCode).toBe(403);
    expect((await t.request('GET', '/api/invoices/outstanding', { organizationId: ORG })).statusCode).toBe(
      401,
    );
    // Another organisation's figures are out of reach.
    expect([401, 403]).toContain((await get('manager', 'org_sysadmin')).statusCode);
  });
});
