import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueprints, establishments, organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

interface Item {
  id: string;
  name: string;
  visibility: string;
  minAge: number | null;
  maxAge: number | null;
  durationText: string;
  ageRestrictionText: string;
  seatsText: string;
  establishment: { id: string; name: string };
  nextSessions: { id: string; startDateTime: string; freeSeats: number }[];
  supplements: { name: string; price: number; minAge: number | null; maxAge: number | null }[];
}
interface Page {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

const LISTED = [
  'Bébés nageurs',
  'Danse moderne',
  'Football 6-12 ans',
  'Natation enfants',
  'Stage multisports de Toussaint',
  'Tennis',
  'Yoga adultes',
];
const PRIVATE_PISCINE = 'Groupe compétition natation';
const HIDDEN_PISCINE = 'Aquagym prénatale';
const HIDDEN_DEFAULT = 'Mini-basket';

let t: TestApp;
const tokens: Record<string, string> = {};
let parentUserId: string;
let holderMemberId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) {
    const host = email.endsWith('@admin.test') ? ADMIN_HOST : undefined;
    const session = await t.signIn(email, undefined, host);
    tokens[role] = session.accessToken;
    if (role === 'parent') parentUserId = session.user.id;
    if (role === 'holder') holderMemberId = session.user.memberId;
  }
});
afterAll(() => t.close());

const get = (
  role: string,
  url: string,
  options: { query?: Record<string, string>; headers?: Record<string, string>; organizationId?: string } = {},
) =>
  t.request('GET', url, {
    token: tokens[role],
    organizationId: options.organizationId ?? 'org_demo',
    query: options.query,
    headers: options.headers,
  });

async function list(role: string, query: Record<string, string> = {}, headers?: Record<string, string>) {
  const r = await get(role, '/api/catalog/blueprints', { query: { pageSize: '100', ...query }, headers });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Page;
}

const names = (page: Page) => page.items.map((i) => i.name).sort();

async function memberId(firstName: string) {
  const [row] = await t.database.query<{ id: string; birthdate: string }>(
    `select id, to_char(birthdate, 'YYYY-MM-DD') as birthdate from members
      where organization_id = 'org_demo' and first_name = $1`,
    [firstName],
  );
  return row!;
}

/** Whole months of age today in Brussels, as the catalogue computes it. */
function ageInMonths(birthdate: string): number {
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  const today = new TZDate(Date.now(), 'Europe/Brussels');
  return (today.getFullYear() - y) * 12 + (today.getMonth() + 1 - m) - (today.getDate() < d ? 1 : 0);
}

const inRange = (item: Item, age: number) =>
  (!item.minAge || item.minAge <= age) && (!item.maxAge || item.maxAge >= age);

describe('catalogue visibility', () => {
  it('shows families and holders the public and protected activities only', async () => {
    for (const role of ['parent', 'holder']) {
      const page = await list(role);
      expect(names(page)).toEqual(LISTED);
      expect(page.total).toBe(LISTED.length);
      expect(page.items.every((i) => ['public', 'protected'].includes(i.visibility))).toBe(true);
    }
  });

  it('shows managers, admins and system staff everything not archived', async () => {
    const all = [...LISTED, PRIVATE_PISCINE, HIDDEN_PISCINE, HIDDEN_DEFAULT].sort();
    for (const role of ['manager', 'admin', 'sysadmin', 'support']) {
      expect(names(await list(role))).toEqual(all);
    }
  });

  it('shows an establishment manager the hidden and private activities of their establishment only', async () => {
    const page = await list('estManager');
    expect(names(page)).toEqual([...LISTED, PRIVATE_PISCINE, HIDDEN_PISCINE].sort());
    expect(names(page)).not.toContain(HIDDEN_DEFAULT);
    const hiddenDefault = (await list('manager', { q: HIDDEN_DEFAULT })).items[0]!;
    expect((await get('estManager', `/api/catalog/blueprints/${hiddenDefault.id}`)).statusCode).toBe(404);
  });

  it('shows a hidden draft to its creator, and archived activities to no one', async () => {
    await t.db.insert(blueprints).values([
      {
        organizationId: 'org_demo',
        id: 'bp_parentdraft',
        name: 'Brouillon du parent',
        duration: 30,
        maxSeats: 5,
        visibility: 'hidden',
        createdByUserId: parentUserId,
      },
      {
        organizationId: 'org_demo',
        id: 'bp_archived',
        name: 'Zumba (ancienne formule)',
        duration: 60,
        maxSeats: 20,
        visibility: 'public',
        archivedAt: new Date(),
      },
    ]);
    expect(names(await list('parent'))).toContain('Brouillon du parent');
    expect(names(await list('holder'))).not.toContain('Brouillon du parent');
    for (const role of ['parent', 'manager']) {
      expect(names(await list(role))).not.toContain('Zumba (ancienne formule)');
      expect((await get(role, '/api/catalog/blueprints/bp_archived')).statusCode).toBe(404);
    }
    expect((await get('holder', '/api/catalog/blueprints/bp_parentdraft')).statusCode).toBe(404);
    expect((await get('parent', '/api/catalog/blueprints/bp_parentdraft')).statusCode).toBe(200);
    await t.database.query(`delete from blueprints where id in ('bp_parentdraft', 'bp_archived')`);
  });

  it('answers 404 on the detail of a private or hidden activity to a family', async () => {
    const all = await list('manager');
    for (const name of [PRIVATE_PISCINE, HIDDEN_PISCINE, HIDDEN_DEFAULT]) {
      const id = all.items.find((i) => i.name === name)!.id;
      expect((await get('parent', `/api/catalog/blueprints/${id}`)).statusCode).toBe(404);
      expect((await get('manager', `/api/catalog/blueprints/${id}`)).statusCode).toBe(200);
    }
  });

  it('never sends the private description', async () => {
    const page = await get('manager', '/api/catalog/blueprints', { query: { pageSize: '100' } });
    expect(page.body).not.toContain('privateDescription');
    expect(page.body).not.toContain('Deux moniteurs minimum');
    for (const item of (page.json() as Page).items) {
      const detail = await get('manager', `/api/catalog/blueprints/${item.id}`);
      expect(detail.body).not.toContain('privateDescription');
      expect(detail.body).not.toContain('Liste des nageurs sélectionnés');
    }
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('GET', '/api/catalog/blueprints')).statusCode).toBe(401);
    expect((await t.request('GET', '/api/catalog/blueprints/bp_x')).statusCode).toBe(401);
  });
});

describe('catalogue filters', () => {
  it('searches names in any case, with LIKE characters taken literally', async () => {
    expect(names(await list('parent', { q: 'FOOT' }))).toEqual(['Football 6-12 ans']);
    expect(names(await list('parent', { q: '  natation ' }))).toEqual(['Natation enfants']);
    expect((await list('parent', { q: '%' })).total).toBe(0);
    expect((await list('parent', { q: '_' })).total).toBe(0);
    expect((await list('parent', { q: '' })).total).toBe(LISTED.length);
  });

  it('filters by establishment', async () => {
    const page = await list('parent', { establishmentId: 'est_piscine' });
    expect(names(page)).toEqual(['Bébés nageurs', 'Natation enfants']);
    expect(page.items.every((i) => i.establishment.name === 'Piscine communale')).toBe(true);
    expect((await list('parent', { establishmentId: 'est_unknown' })).total).toBe(0);
  });

  it("filters by the age of one of the family's members, today", async () => {
    const everything = await list('parent');
    for (const firstName of ['Léa', 'Tom']) {
      const member = await memberId(firstName);
      const age = ageInMonths(member.birthdate);
      const page = await list('parent', { memberId: member.id });
      const expected = everything.items
        .filter((i) => inRange(i, age))
        .map((i) => i.name)
        .sort();
      expect(names(page)).toEqual(expected);
      expect(names(page)).toContain('Football 6-12 ans');
      expect(names(page)).toContain('Yoga adultes');
      expect(names(page)).not.toContain('Bébés nageurs');
    }
    // Léa (born 2016-03-14) is in the dance age range (8-14 years).
    expect(names(await list('parent', { memberId: (await memberId('Léa')).id }))).toContain('Danse moderne');
  });

  it('treats the bounds of an age range as included', async () => {
    const tom = await memberId('Tom');
    const age = ageInMonths(tom.birthdate);
    await t.db.insert(blueprints).values([
      {
        organizationId: 'org_demo',
        id: 'bp_agemin',
        name: 'Âge exact min',
        duration: 30,
        maxSeats: 5,
        visibility: 'public',
        minAge: age,
        maxAge: age + 12,
      },
      {
        organizationId: 'org_demo',
        id: 'bp_agemax',
        name: 'Âge exact max',
        duration: 30,
        maxSeats: 5,
        visibility: 'public',
        minAge: 0,
        maxAge: age,
      },
      {
        organizationId: 'org_demo',
        id: 'bp_ageover',
        name: 'Trop jeune',
        duration: 30,
        maxSeats: 5,
        visibility: 'public',
        minAge: age + 1,
        maxAge: 0,
      },
    ]);
    const found = names(await list('parent', { memberId: tom.id, q: 'Âge exact' }));
    expect(found).toEqual(['Âge exact max', 'Âge exact min']);
    expect(names(await list('parent', { memberId: tom.id, q: 'Trop jeune' }))).toEqual([]);
    await t.database.query(`delete from blueprints where id in ('bp_agemin', 'bp_agemax', 'bp_ageover')`);
  });

  it("answers 404 for another family's member or an unknown one, 400 for a malformed id", async () => {
    const other = await get('parent', '/api/catalog/blueprints', { query: { memberId: holderMemberId } });
    expect(other.statusCode).toBe(404);
    expect(
      (await get('parent', '/api/catalog/blueprints', { query: { memberId: 'mbr_nope' } })).statusCode,
    ).toBe(404);
    // Managers too: the filter is about the caller's own family.
    const lea = await memberId('Léa');
    expect(
      (await get('manager', '/api/catalog/blueprints', { query: { memberId: lea.id } })).statusCode,
    ).toBe(404);
    expect(
      (await get('parent', '/api/catalog/blueprints', { query: { memberId: "x' or 1=1" } })).statusCode,
    ).toBe(400);
  });

  it('filters by the local weekday of an upcoming session', async () => {
    const saturday = names(await list('parent', { dayOfWeek: '6' }));
    expect(saturday).toContain('Bébés nageurs');
    expect(saturday).toContain('Football 6-12 ans');
    expect(saturday).not.toContain('Tennis');
    expect(saturday).not.toContain('Yoga adultes');
    const tuesday = names(await list('parent', { dayOfWeek: '2' }));
    expect(tuesday).toContain('Danse moderne');
    expect(tuesday).not.toContain('Football 6-12 ans');
    expect(names(await list('parent', { dayOfWeek: '1' }))).toEqual(
      expect.arrayContaining(['Yoga adultes', 'Stage multisports de Toussaint']),
    );
    expect(names(await list('parent', { dayOfWeek: '7' }))).toEqual([]);
    for (const bad of ['0', '8', 'lundi', '1.5']) {
      expect((await get('parent', '/api/catalog/blueprints', { query: { dayOfWeek: bad } })).statusCode).toBe(
        400,
      );
    }
  });

  it('filters by period', async () => {
    const rows = await t.database.query<{ id: string; name: string }>(
      `select id, name from periods where organization_id = 'org_demo' order by start_date, establishment_id`,
    );
    const piscine = rows.find((p) => p.name.startsWith('Piscine'))!;
    const main = rows.find((p) => !p.name.startsWith('Piscine'))!;
    expect(names(await list('parent', { periodId: piscine.id }))).toEqual([
      'Bébés nageurs',
      'Natation enfants',
    ]);
    expect(names(await list('manager', { periodId: piscine.id }))).toEqual(
      ['Bébés nageurs', PRIVATE_PISCINE, 'Natation enfants'].sort(),
    );
    const mainNames = names(await list('parent', { periodId: main.id }));
    expect(mainNames).toEqual(['Danse moderne', 'Football 6-12 ans', 'Tennis', 'Yoga adultes']);
    expect(
      (await get('parent', '/api/catalog/blueprints', { query: { periodId: 'per_unknown' } })).statusCode,
    ).toBe(404);
  });

  it('combines filters', async () => {
    const lea = await memberId('Léa');
    const page = await list('parent', { memberId: lea.id, establishmentId: 'est_default', q: 'a' });
    expect(page.items.every((i) => i.establishment.id === 'est_default' && /a/i.test(i.name))).toBe(true);
  });
});

describe('catalogue items', () => {
  it('writes durations, ages and seats in French by default and in English on request', async () => {
    const fr = await list('parent');
    const en = await list('parent', {}, { 'accept-language': 'en' });
    const pick = (page: Page, name: string) => page.items.find((i) => i.name === name)!;
    expect(pick(fr, 'Yoga adultes')).toMatchObject({
      seatsText: 'Illimité',
      ageRestrictionText: "Aucune restriction d'âge.",
      durationText: '1h15',
    });
    expect(pick(en, 'Yoga adultes')).toMatchObject({
      seatsText: 'Unlimited',
      ageRestrictionText: 'No age restriction.',
    });
    expect(pick(fr, 'Bébés nageurs')).toMatchObject({
      ageRestrictionText: 'Entre 6 mois et 3 ans',
      durationText: '45 min',
      seatsText: '8 places',
    });
    expect(pick(en, 'Bébés nageurs')).toMatchObject({
      ageRestrictionText: 'Between 6 months and 3 years',
      seatsText: '8 seats',
    });
    expect(pick(fr, 'Football 6-12 ans').durationText).toBe('1h30');
    expect(pick(fr, 'Stage multisports de Toussaint').durationText).toBe('7h00');
  });

  it('lists the next three upcoming sessions that are not cancelled, and the supplements', async () => {
    const football = (await list('parent', { q: 'Football' })).items[0]!;
    const [cancelled] = await t.database.query<{ id: string }>(
      `select s.id from services s join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
        where b.name = 'Football 6-12 ans' and s.status = 'cancelled'`,
    );
    expect(football.nextSessions).toHaveLength(3);
    const starts = football.nextSessions.map((s) => Date.parse(s.startDateTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]!).toBeGreaterThan(Date.now() - 1000);
    expect(football.nextSessions.map((s) => s.id)).not.toContain(cancelled!.id);
    expect(football.nextSessions.every((s) => s.freeSeats === 20)).toBe(true);
    expect(football.supplements).toEqual([
      { id: expect.any(String), name: 'T-shirt du club', price: 1500, minAge: null, maxAge: null },
      { id: expect.any(String), name: 'Matériel (6-8 ans)', price: 800, minAge: 72, maxAge: 96 },
    ]);
    const yoga = (await list('parent', { q: 'Yoga' })).items[0]!;
    expect(yoga.nextSessions.every((s) => s.freeSeats === -1)).toBe(true);
  });

  it('pages through the list', async () => {
    const pages: Page[] = [];
    for (const page of ['1', '2', '3', '4']) pages.push(await list('parent', { page, pageSize: '3' }));
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1, 0]);
    expect(pages.every((p) => p.total === LISTED.length && p.pageSize === 3)).toBe(true);
    expect(pages.flatMap((p) => p.items.map((i) => i.name))).toEqual(LISTED);
    const defaults = (await get('parent', '/api/catalog/blueprints')).json() as Page;
    expect(defaults).toMatchObject({ page: 1, pageSize: 20, total: LISTED.length });
    const bad: Record<string, string>[] = [
      { page: '0' },
      { pageSize: '101' },
      { pageSize: '0' },
      { page: 'x' },
      { page: '-1' },
    ];
    for (const query of bad) {
      const r = await get('parent', '/api/catalog/blueprints', { query });
      expect(r.statusCode).toBe(400);
      expect(r.json().details.length).toBeGreaterThan(0);
    }
  });

  it('shows an activity with its upcoming sessions, seats, and that registration opens soon', async () => {
    const football = (await list('parent', { q: 'Football' })).items[0]!;
    const r = await get('parent', `/api/catalog/blueprints/${football.id}`);
    expect(r.statusCode).toBe(200);
    const detail = r.json();
    expect(detail).toMatchObject({
      id: football.id,
      name: 'Football 6-12 ans',
      establishment: { id: 'est_default', name: 'Complexe sportif principal' },
      registration: { open: false, message: 'Les inscriptions ouvrent bientôt.' },
      nextSessions: football.nextSessions,
    });
    const horizon = Date.now() + 60 * 86_400_000;
    expect(detail.sessions.length).toBeGreaterThan(3);
    expect(detail.sessions.length).toBeLessThanOrEqual(100);
    for (const s of detail.sessions) {
      expect(Date.parse(s.startDateTime)).toBeGreaterThan(Date.now() - 1000);
      expect(Date.parse(s.startDateTime)).toBeLessThan(horizon);
      expect(s.seats).toEqual({ maxSeats: 20, reservedSeats: 0, freeSeats: 20, fillingRate: 0 });
    }
    expect(detail.sessions.map((s: { status: string }) => s.status)).toContain('cancelled');
    const en = await get('parent', `/api/catalog/blueprints/${football.id}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().registration.message).toBe('Registration opens soon.');

    const dance = (await list('parent', { q: 'Danse' })).items[0]!;
    const danceDetail = (await get('parent', `/api/catalog/blueprints/${dance.id}`)).json();
    const postponed = danceDetail.sessions.find((s: { status: string }) => s.status === 'postponed');
    expect(postponed.originalStartDateTime).toEqual(expect.any(String));
    expect(Date.parse(postponed.startDateTime) - Date.parse(postponed.originalStartDateTime)).toBe(
      86_400_000,
    );
  });

  it('answers 404 for an unknown activity', async () => {
    expect((await get('parent', '/api/catalog/blueprints/bp_unknown')).statusCode).toBe(404);
    expect((await get('parent', `/api/catalog/blueprints/${'x'.repeat(150)}`)).statusCode).toBe(400);
  });

  it('sends private cache headers and an ETag, answering 304 when unchanged', async () => {
    const first = await get('parent', '/api/catalog/blueprints');
    expect(first.headers['cache-control']).toBe('private, max-age=30');
    expect(first.headers.vary).toContain('authorization');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('parent', '/api/catalog/blueprints', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const english = await get('parent', '/api/catalog/blueprints', {
      headers: { 'if-none-match': etag, 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).not.toBe(etag);
    const id = (first.json() as Page).items[0]!.id;
    const detail = await get('parent', `/api/catalog/blueprints/${id}`);
    expect(detail.headers.etag).toMatch(/^W\//);
    expect(
      (
        await get('parent', `/api/catalog/blueprints/${id}`, {
          headers: { 'if-none-match': detail.headers.etag as string },
        })
      ).statusCode,
    ).toBe(304);
  });
});

describe('catalogue across organisations', () => {
  it("never shows another organisation's activities", async () => {
    await t.db.insert(organizations).values({ id: 'org_other', key: 'other', name: 'Autre club' });
    await t.db
      .insert(establishments)
      .values({ organizationId: 'org_other', id: 'est_default', name: 'Autre salle' });
    await t.db.insert(blueprints).values({
      organizationId: 'org_other',
      id: 'bp_other',
      name: 'Football ailleurs',
      duration: 60,
      maxSeats: 10,
      visibility: 'public',
    });
    for (const role of ['parent', 'manager', 'admin']) {
      expect(names(await list(role))).not.toContain('Football ailleurs');
      expect((await get(role, '/api/catalog/blueprints/bp_other')).statusCode).toBe(404);
    }
    // A demo account cannot name the other organisation.
    expect(
      (await get('manager', '/api/catalog/blueprints', { organizationId: 'org_other' })).statusCode,
    ).toBe(403);
    // System staff acting there see only its activities, and none of the demo's.
    const other = await get('sysadmin', '/api/catalog/blueprints', { organizationId: 'org_other' });
    expect(names(other.json())).toEqual(['Football ailleurs']);
    const demoId = (await list('parent')).items[0]!.id;
    expect(
      (await get('sysadmin', `/api/catalog/blueprints/${demoId}`, { organizationId: 'org_other' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('catalogue input', () => {
  it('never answers 5xx, whatever the query', async () => {
    const queries: Record<string, string>[] = [
      { q: 'x'.repeat(101) },
      { q: "'; drop table blueprints; --" },
      { q: '\\' },
      { establishmentId: '../../etc' },
      { periodId: 'per_%' },
      { memberId: '' },
      { dayOfWeek: '' },
      { page: '1e9' },
      { pageSize: '20.5' },
      { unknown: 'value' },
    ];
    for (const query of queries) {
      const r = await get('parent', '/api/catalog/blueprints', { query });
      expect(r.statusCode, JSON.stringify(query)).toBeLessThan(500);
    }
    expect((await list('parent', { q: "'; drop table blueprints; --" })).total).toBe(0);
  });
});
