import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { establishments, members, organizations, users } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Lists walked by cursor (`after` / `nextCursor`): the registry, orders, accounting and members lists.
 * Each walk must give every row once, in the list's order, even where many rows share the first sort
 * keys; a cursor that is not one is refused in French; a cursor of another organisation shows nothing
 * of it.
 */

const ORG = 'org_demo';
const OTHER = 'org_autre';
const CURSOR_MESSAGE = "Cette position dans la liste n'est pas valable : reprenez la liste depuis le début.";
const SAME_INSTANT = new Date('2026-10-01T08:00:00.000Z');

/** A PostgreSQL array of ids (a JavaScript array would be sent as a row of parameters). */
const textArray = (values: string[]) => sql`${`{${values.join(',')}}`}::text[]`;

let t: TestApp;
let manager: string;
let admin: string;
let otherManager: string;
let families: FamilyFixture[];

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  admin = (await t.signIn(DEMO_ACCOUNTS.admin)).accessToken;

  // 30 families; their parents come in groups of 10 with the very same name (ties of the sort name).
  families = await createFamilies(t.app.ctx, 30, { prefix: 'cursor' });
  for (const [i, f] of families.entries()) {
    await t.db
      .update(members)
      .set({ firstName: 'Camille', lastName: `Martin ${Math.floor(i / 10)}` })
      .where(eq(members.userId, f.userId));
    // Children: three last names only, so the registry's name keys tie too.
    await t.db
      .update(members)
      .set({ firstName: 'Alex', lastName: `Dupont ${i % 3}` })
      .where(eq(members.id, f.childId));
  }
  // Three sessions starting at the same instant, two later ones; every child in each.
  const activity = await createActivity(t.db, {
    name: 'Natation',
    maxSeats: 100,
    sessions: [
      SAME_INSTANT,
      SAME_INSTANT,
      SAME_INSTANT,
      new Date('2026-10-02T08:00:00Z'),
      new Date('2026-10-03T08:00:00Z'),
    ].map((start) => ({ start })),
  });
  await t.db
    .execute(sql`insert into participants (organization_id, id, service_id, member_id, family_id, status)
    select ${ORG}, 'reg_cursor_' || s.ord || '_' || f.ord, s.id, f.child, f.family, 'confirmed'
    from unnest(${textArray(activity.serviceIds)}) with ordinality s(id, ord),
         unnest(${textArray(families.map((f) => f.childId))}, ${textArray(families.map((f) => f.familyId))})
           with ordinality f(child, family, ord)`);
  // 45 orders, three at each instant, and their invoices, five on each issue date.
  await t.db
    .execute(sql`insert into orders (organization_id, id, family_id, user_id, status, payment_provider,
      total_amount, created_at)
    select ${ORG}, 'ord_cursor_' || k, (${textArray(families.map((f) => f.familyId))})[1 + k % 30],
      (${textArray(families.map((f) => f.userId))})[1 + k % 30], 'pending', 'offline', 1000,
      ${SAME_INSTANT}::timestamptz + (k / 3) * interval '1 minute'
    from generate_series(0, 44) k`);
  await t.db
    .execute(sql`insert into invoices (organization_id, id, number, order_id, family_id, status, issue_date,
      due_date, seller, buyer, total_amount)
    select ${ORG}, 'inv_cursor_' || k, 'C-' || lpad(k::text, 3, '0'), 'ord_cursor_' || k,
      (${textArray(families.map((f) => f.familyId))})[1 + k % 30], 'pending', date '2026-10-01' + k / 5,
      date '2026-10-31', '{"name": "Club"}'::jsonb, '{"name": "Famille"}'::jsonb, 1000
    from generate_series(0, 44) k`);

  // Another organisation with its manager and one order of its own.
  await t.db.insert(organizations).values({ id: OTHER, key: 'autre', name: 'Autre club' });
  await t.db.insert(establishments).values({ organizationId: OTHER, id: 'est_default', name: 'Salle' });
  const [other] = await createFamilies(t.app.ctx, 1, { organizationId: OTHER });
  await t.db.update(users).set({ role: 'org-manager' }).where(eq(users.id, other!.userId));
  otherManager = other!.token;
  await t.db
    .execute(sql`insert into orders (organization_id, id, family_id, user_id, status, payment_provider,
      total_amount, created_at)
    values (${OTHER}, 'ord_other_1', ${other!.familyId}, ${other!.userId}, 'pending', 'offline', 500, now())`);
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string, url: string, query: Record<string, string>, organizationId = ORG) =>
  t.request('GET', url, { token, organizationId, query });

interface Page {
  items: Record<string, unknown>[];
  total: number;
  nextCursor?: string | null;
  totalCapped?: boolean;
  totals?: unknown;
}

/** Every page of a walk by cursor, from `after=''` until `nextCursor` is null. */
async function walk(token: string, url: string, query: Record<string, string>, pageSize: number) {
  const pages: Page[] = [];
  let after = '';
  for (let guard = 0; guard < 1_000; guard++) {
    const response = await get(token, url, { ...query, pageSize: String(pageSize), after });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page;
    expect(page.items.length).toBeLessThanOrEqual(pageSize);
    pages.push(page);
    if (!page.nextCursor) return pages;
    after = page.nextCursor;
  }
  throw new Error('the walk never ended');
}

/** The whole list by page number, as the web app reads it. */
async function byPages(token: string, url: string, query: Record<string, string>) {
  const first = (await get(token, url, { ...query, pageSize: '100' })).json() as Page;
  const items = [...first.items];
  for (let page = 2; items.length < first.total; page++) {
    items.push(
      ...((await get(token, url, { ...query, pageSize: '100', page: String(page) })).json() as Page).items,
    );
  }
  return items;
}

const idsOf = (items: Record<string, unknown>[], key = 'id') => items.map((item) => item[key] as string);

async function dbIds(query: ReturnType<typeof sql>) {
  return rowsOf<{ id: string }>(await t.db.execute(query)).map((r) => r.id);
}

describe('a walk by cursor', () => {
  it('gives every order once, newest first, though three orders share each instant', async () => {
    const pages = await walk(manager, '/api/orders', {}, 4);
    const walked = idsOf(pages.flatMap((p) => p.items));
    const expected = await dbIds(
      sql`select id from orders where organization_id = ${ORG} order by created_at desc, id desc`,
    );
    expect(walked).toEqual(expected);
    expect(new Set(walked).size).toBe(walked.length);
    expect(walked).toEqual(idsOf(await byPages(manager, '/api/orders', {})));
    // The count of a walk is exact below its bound.
    expect(pages[0]!.total).toBe(expected.length);
    expect(pages[0]!.totalCapped).toBe(false);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('walks a filtered list within its filter', async () => {
    const family = families[4]!;
    const walked = idsOf(
      (await walk(manager, '/api/orders', { familyId: family.familyId }, 1)).flatMap((p) => p.items),
    );
    expect(walked).toEqual(
      await dbIds(sql`select id from orders where organization_id = ${ORG} and family_id = ${family.familyId}
        order by created_at desc, id desc`),
    );
  });

  it('gives every invoice once, latest first, though five share each issue date; totals come with the first page', async () => {
    const pages = await walk(manager, '/api/invoices', {}, 6);
    const walked = idsOf(pages.flatMap((p) => p.items));
    const expected = await dbIds(
      sql`select id from invoices where organization_id = ${ORG} order by issue_date desc, number desc`,
    );
    expect(walked).toEqual(expected);
    expect(walked).toEqual(idsOf(await byPages(manager, '/api/invoices', {})));
    expect(pages[0]!.totals).not.toBeNull();
    expect(pages.slice(1).every((p) => p.totals === null)).toBe(true);
  });

  it('gives every registration of the registry once, by session start then name, under ties of both', async () => {
    const pages = await walk(manager, '/api/participants', {}, 7);
    const walked = idsOf(pages.flatMap((p) => p.items));
    const expected = await dbIds(sql`select p.id from participants p
      join services s on s.organization_id = p.organization_id and s.id = p.service_id
      join members m on m.organization_id = p.organization_id and m.id = p.member_id
      where p.organization_id = ${ORG}
      order by s.start_date_time, m.last_name, m.first_name, p.id`);
    expect(expected.filter((id) => id.startsWith('reg_cursor_'))).toHaveLength(150);
    expect(walked).toEqual(expected);
    expect(walked).toEqual(idsOf(await byPages(manager, '/api/participants', {})));
  });

  it('gives every member once by name (both directions) and by last sign-in, never signed in last', async () => {
    for (const query of [
      { sort: 'name', order: 'asc' },
      { sort: 'name', order: 'desc' },
      { sort: 'lastLoginAt', order: 'desc' },
      { sort: 'familySize', order: 'asc' },
    ]) {
      const walked = idsOf(
        (await walk(admin, '/api/members', query, 4)).flatMap((p) => p.items),
        'userId',
      );
      const paged = idsOf(await byPages(admin, '/api/members', query), 'userId');
      expect(walked, JSON.stringify(query)).toEqual(paged);
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked.length).toBe(
        (await dbIds(sql`select id from users where organization_id = ${ORG} and deleted_at is null`)).length,
      );
    }
  });

  it('sorts members by the name they have now: a renamed member moves in the list', async () => {
    const renamed = families[25]!;
    const response = await t.request('PATCH', `/api/members/${renamed.userId}`, {
      token: admin,
      organizationId: ORG,
      body: { person: { firstName: 'Aaron', lastName: 'Aardvark' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [first] = (await walk(admin, '/api/members', { sort: 'name', order: 'asc' }, 3))[0]!.items;
    expect(first!.userId).toBe(renamed.userId);
  });

  it('counts at most 1,000 rows and says so, while the list goes on', async () => {
    const family = families[0]!;
    await t.db
      .execute(sql`insert into orders (organization_id, id, family_id, user_id, status, payment_provider,
        total_amount, created_at)
      select ${ORG}, 'ord_many_' || k, ${family.familyId}, ${family.userId}, 'cancelled', 'offline', 100,
        ${SAME_INSTANT}::timestamptz - interval '1 day'
      from generate_series(1, 1100) k`);
    const first = (await get(manager, '/api/orders', { after: '', status: 'cancelled' })).json() as Page;
    expect(first.total).toBe(1000);
    expect(first.totalCapped).toBe(true);
    expect(first.nextCursor).toEqual(expect.any(String));
    // By page number the count stays exact, as the web app shows it.
    const paged = (await get(manager, '/api/orders', { status: 'cancelled' })).json() as Page;
    expect(paged.total).toBe(
      1100 +
        Number(
          rowsOf<{ n: number }>(
            await t.db.execute(sql`select count(*)::int as n from orders
        where organization_id = ${ORG} and status = 'cancelled' and id not like 'ord_many_%'`),
          )[0]!.n,
        ),
    );
    expect(paged.totalCapped).toBe(false);
  });
});

describe('a cursor that is not one', () => {
  const refused = async (url: string, after: string, token = manager) => {
    const response = await get(token, url, { after });
    expect(response.statusCode, `${url} ${after}`).toBe(400);
    expect(response.json().details).toContainEqual(
      expect.objectContaining({ field: 'after', message: CURSOR_MESSAGE }),
    );
  };
  const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('is refused with a French message, never a 500', async () => {
    const orderCursor = ((await get(manager, '/api/orders', { after: '', pageSize: '2' })).json() as Page)
      .nextCursor!;
    for (const url of ['/api/orders', '/api/invoices', '/api/participants']) {
      await refused(url, 'pas un curseur !');
      await refused(url, 'bm90IGpzb24');
      await refused(url, encoded(['orders', 5, 'x']));
      await refused(url, encoded(['invoices', '2026-13-45', 'C-001']));
      await refused(
        url,
        encoded(['registry', "2026-10-01 08:00:00+00'; drop table users; --", 'a', 'b', 'c']),
      );
      await refused(url, 'A'.repeat(1_001));
    }
    // A cursor of one list is not one of another.
    await refused('/api/invoices', orderCursor);
    await refused('/api/participants', orderCursor);
    await refused('/api/members', orderCursor, admin);
    // Nor of the same list in another order.
    const byName = ((await get(admin, '/api/members', { after: '', pageSize: '2' })).json() as Page)
      .nextCursor!;
    const response = await get(admin, '/api/members', { after: byName, sort: 'email' });
    expect(response.statusCode).toBe(400);
    await refused('/api/members', encoded(['members:lastLoginAt:desc', 'hier', 'usr_x']), admin);
  });
});

describe('a cursor of another organisation', () => {
  it('only places the walk in the caller’s own list, and shows nothing of the other', async () => {
    const demoPage = (await get(manager, '/api/orders', { after: '', pageSize: '3' })).json() as Page;
    const there = await get(
      otherManager,
      '/api/orders',
      { after: demoPage.nextCursor!, pageSize: '50' },
      OTHER,
    );
    expect(there.statusCode).toBe(200);
    const ids = idsOf((there.json() as Page).items);
    expect(ids.every((id) => !id.startsWith('ord_cursor_') && !id.startsWith('ord_many_'))).toBe(true);
    expect(ids).toEqual(ids.filter((id) => id === 'ord_other_1'));

    const otherPage = (
      await get(otherManager, '/api/orders', { after: '', pageSize: '1' }, OTHER)
    ).json() as Page;
    expect(idsOf(otherPage.items)).toEqual(['ord_other_1']);
    // A cursor built from the other organisation's last row, used here: only this organisation's rows.
    const forged = Buffer.from(JSON.stringify(['orders', '2999-01-01 00:00:00+00', 'ord_other_1'])).toString(
      'base64url',
    );
    const here = (await get(manager, '/api/orders', { after: forged, pageSize: '100' })).json() as Page;
    expect(idsOf(here.items)).not.toContain('ord_other_1');
    expect(here.items.length).toBeGreaterThan(0);
  });
});
