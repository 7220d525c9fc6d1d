import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A family's « Mes commandes » (`GET /orders` signed in as a family): its own orders only, newest first,
 * paged, with the total on every page (also past the last one) and the status filter. The family's
 * list is read in one statement (its total counted alongside the rows), so these pin what it answers.
 */

const ORG = 'org_demo';
const DAY = 86_400_000;

let t: TestApp;
let family: FamilyFixture;
let other: FamilyFixture;
/** The family's three order ids, oldest first. */
const orderIds: string[] = [];

const call = (
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token, organizationId: ORG, body, query });

async function order(who: FamilyFixture, name: string, days: number) {
  const a = await createActivity(t.db, {
    name,
    price: 2500,
    sessions: [{ start: new Date(Date.now() + days * DAY) }],
  });
  const added = await call(who.token, 'POST', '/api/cart/items', {
    blueprintId: a.blueprintId,
    serviceIds: a.serviceIds,
    memberIds: [who.childId],
  });
  expect(added.json().added, added.body).toHaveLength(1);
  const checkout = await call(who.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
  expect(checkout.statusCode, checkout.body).toBe(201);
  return (checkout.json() as { order: { id: string } }).order.id;
}

beforeAll(async () => {
  t = await createTestApp();
  [family, other] = (await createFamilies(t.app.ctx, 2)) as [FamilyFixture, FamilyFixture];
  for (const [i, name] of ['Natation', 'Judo', 'Danse'].entries())
    orderIds.push(await order(family, name, 10 + i));
  await order(other, 'Tennis', 15);
});
afterAll(() => t.close());

const page = async (who: FamilyFixture, query: Record<string, string> = {}) => {
  const r = await call(who.token, 'GET', '/api/orders', undefined, query);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    items: { id: string; status: string; linesCount: number }[];
    total: number;
    page: number;
  };
};

describe("a family's orders list", () => {
  it('lists only its own orders, newest first, with the total on every page and past the last', async () => {
    const newestFirst = [...orderIds].reverse();
    const all = await page(family);
    expect(all.items.map((o) => o.id)).toEqual(newestFirst);
    expect(all.total).toBe(3);
    expect(all.items.every((o) => o.linesCount === 1)).toBe(true);

    const first = await page(family, { pageSize: '2' });
    const second = await page(family, { pageSize: '2', page: '2' });
    const past = await page(family, { pageSize: '2', page: '3' });
    expect([first.items.map((o) => o.id), second.items.map((o) => o.id)]).toEqual([
      newestFirst.slice(0, 2),
      newestFirst.slice(2),
    ]);
    expect([first.total, second.total, past.total]).toEqual([3, 3, 3]);
    expect(past.items).toEqual([]);

    const theirs = await page(other);
    expect(theirs.total).toBe(1);
    expect(theirs.items.map((o) => o.id)).not.toContain(orderIds[0]);
  });

  it('filters by status, the total counting only that status', async () => {
    const cancelled = await call(family.token, 'POST', `/api/orders/${orderIds[1]}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const onlyCancelled = await page(family, { status: 'cancelled' });
    expect(onlyCancelled).toMatchObject({ total: 1, items: [{ id: orderIds[1], status: 'cancelled' }] });
    const pending = await page(family, { status: 'pending' });
    expect(pending.items.map((o) => o.id)).toEqual([orderIds[2], orderIds[0]]);
    expect(pending.total).toBe(2);
    const none = await page(family, { status: 'completed', page: '2' });
    expect(none).toMatchObject({ items: [], total: 0, page: 2 });
  });
});

describe('the family pages that remember a live session briefly', () => {
  it('refuse a signed-out session at once: « Mes commandes » and the calendar', async () => {
    const signedIn = await t.signIn(DEMO_ACCOUNTS.parent);
    const range = {
      from: new Date(Date.now() - DAY).toISOString(),
      to: new Date(Date.now() + 27 * DAY).toISOString(),
    };
    const read = () =>
      Promise.all([
        call(signedIn.accessToken, 'GET', '/api/orders'),
        call(signedIn.accessToken, 'GET', '/api/calendar/items', undefined, range),
      ]).then((answers) => answers.map((r) => r.statusCode));
    expect(await read()).toEqual([200, 200]);
    expect(await read()).toEqual([200, 200]);
    const out = await t.request('POST', '/api/auth/sign-out', { token: signedIn.accessToken, body: {} });
    expect(out.statusCode).toBe(204);
    expect(await read()).toEqual([401, 401]);
  });
});
