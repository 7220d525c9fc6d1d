import { TZDate } from '@date-fns/tz';
import {
  ageLimitEndMonths,
  catalogDetailSchema,
  catalogPageSchema,
  isWithinAgeLimits,
} from '@inscrio/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageLimitEndSql } from '../src/modules/catalog/catalog.repository';
import { blueprints, establishments, organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
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
  supplements: {
    name: string;
    price: number;
    minAge: number | null;
    maxAge: number | null;
    frequency: string;
  }[];
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
  // Most tests write then read at once: the shared page cache is off here, on in 'catalogue micro-cache'.
  t = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '0' } });
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

const inRange = (item: Item, age: number) => isWithinAgeLimits(age, item.minAge, item.maxAge);

/** 'YYYY-MM-DD' of today in Brussels moved by whole years and days (a date that exists). */
function dayFromToday(years: number, days: number): string {
  const today = new TZDate(Date.now(), 'Europe/Brussels');
  const day = new Date(Date.UTC(today.getFullYear() + years, today.getMonth(), today.getDate() + days));
  return day.toISOString().slice(0, 10);
}

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

  it('keeps a child in « Football 6-12 ans » until the day before their 13th birthday', async () => {
    const lea = await memberId('Léa');
    const children = [
      ['mbr_age_12y1d', 'Douze', dayFromToday(-12, -1), true], // turned 12 yesterday
      ['mbr_age_13m1d', 'Presque', dayFromToday(-13, 1), true], // 13 tomorrow
      ['mbr_age_13y', 'Treize', dayFromToday(-13, 0), false], // 13 today
    ] as const;
    try {
      for (const [id, firstName, birthdate, listed] of children) {
        await t.database.query(
          `insert into members (organization_id, id, family_id, first_name, last_name, birthdate)
            select organization_id, $1, family_id, $2, last_name, $3::date from members
            where organization_id = 'org_demo' and id = $4`,
          [id, firstName, birthdate, lea.id],
        );
        const page = names(await list('parent', { memberId: id }));
        expect(page.includes('Football 6-12 ans'), `${firstName} born ${birthdate}`).toBe(listed);
      }
    } finally {
      await t.database.query(`delete from members where id = any($1)`, [children.map((c) => c[0])]);
    }
  });

  it('spells the shared age rule exactly in SQL', async () => {
    const rows = (await t.db.execute(
      sql`select m, ${ageLimitEndSql(sql`m`)} as "end" from generate_series(1, 1300) as m`,
    )) as unknown as { rows?: { m: number; end: number }[] } & { m: number; end: number }[];
    const list = rows.rows ?? rows;
    expect(list).toHaveLength(1300);
    for (const row of list) expect(Number(row.end), `max ${row.m}`).toBe(ageLimitEndMonths(Number(row.m)));
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
    expect(football.supplements.map(({ frequency: _frequency, ...supplement }) => supplement)).toEqual([
      { id: expect.any(String), name: 'T-shirt du club', price: 1500, minAge: null, maxAge: null },
      { id: expect.any(String), name: 'Matériel (6-8 ans)', price: 800, minAge: 72, maxAge: 96 },
    ]);
    // Both charged once per participant, activity and period (the default).
    expect(football.supplements.map((s) => s.frequency)).toEqual(['once', 'once']);
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

  it('shows an activity with its upcoming sessions, seats, and whether registration is open', async () => {
    const football = (await list('parent', { q: 'Football' })).items[0]!;
    const r = await get('parent', `/api/catalog/blueprints/${football.id}`);
    expect(r.statusCode).toBe(200);
    const detail = r.json();
    expect(detail).toMatchObject({
      id: football.id,
      name: 'Football 6-12 ans',
      establishment: { id: 'est_default', name: 'Complexe sportif principal' },
      registration: { open: true, message: null, opensAt: null },
      nextSessions: football.nextSessions,
    });
    expect(detail.sessions.length).toBeGreaterThan(3);
    expect(detail.sessions.length).toBeLessThanOrEqual(100);
    for (const s of detail.sessions) {
      expect(Date.parse(s.startDateTime)).toBeGreaterThan(Date.now() - 1000);
      expect(s.seats).toEqual({ maxSeats: 20, reservedSeats: 0, freeSeats: 20, fillingRate: 0 });
    }
    expect(detail.sessions.map((s: { status: string }) => s.status)).toContain('cancelled');
    const en = await get('parent', `/api/catalog/blueprints/${football.id}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().registration).toEqual({ open: true, message: null, opensAt: null });
    const tennis = (await list('parent', { q: 'Tennis' })).items[0]!;
    const tennisEn = await get('parent', `/api/catalog/blueprints/${tennis.id}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(tennisEn.json().registration).toEqual({
      open: false,
      message: 'Registration on request to the organisation.',
      opensAt: null,
    });

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
    // The list's browser copy lives no longer than the shared cache's (off here: always revalidated).
    expect(first.headers['cache-control']).toBe('private, max-age=0');
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
    expect(detail.headers['cache-control']).toBe('private, max-age=30');
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

describe('catalogue hot path', () => {
  it('answers exactly the shapes of the shared schemas (the route sends them without checking each time)', async () => {
    const page = await get('parent', '/api/catalog/blueprints', { query: { pageSize: '100' } });
    expect(catalogPageSchema.safeParse(page.json()).success).toBe(true);
    expect(page.headers['content-type']).toMatch(/^application\/json/);
    const id = (page.json() as Page).items.find((i) => i.supplements.length > 0)!.id;
    const detail = await get('parent', `/api/catalog/blueprints/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(catalogDetailSchema.safeParse(detail.json()).success).toBe(true);
    expect(detail.body).not.toContain('privateDescription');
  });

  it('refuses a signed-out session at once, although catalogue reads remember live sessions briefly', async () => {
    const signedIn = await t.signIn(DEMO_ACCOUNTS.parent);
    const browse = () =>
      t.request('GET', '/api/catalog/blueprints', {
        token: signedIn.accessToken,
        organizationId: 'org_demo',
      });
    expect((await browse()).statusCode).toBe(200);
    expect((await browse()).statusCode).toBe(200);
    const out = await t.request('POST', '/api/auth/sign-out', { token: signedIn.accessToken, body: {} });
    expect(out.statusCode).toBe(204);
    expect((await browse()).statusCode).toBe(401);
    expect(
      (
        await t.request('GET', '/api/catalog/periods', {
          token: signedIn.accessToken,
          organizationId: 'org_demo',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('computes identical pages asked at the same moment once, but never shares one between viewers', async () => {
    const [family, managers] = [names(await list('parent')), names(await list('manager'))];
    expect(managers).toContain(HIDDEN_DEFAULT);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => list(i % 3 === 0 ? 'manager' : 'parent')),
    );
    answers.forEach((page, i) => expect(names(page)).toEqual(i % 3 === 0 ? managers : family));
    const english = await Promise.all([list('parent', {}, { 'accept-language': 'en' }), list('parent')]);
    expect(english[0].items[0]!.seatsText).not.toBe(english[1].items[0]!.seatsText);
  });
});

describe('catalogue micro-cache (pages shared by visibility class)', () => {
  const OTHER_FAMILY = 'julie.dupont@demo.test';
  const TTL_MS = 2_000;
  let c: TestApp;
  const as: Record<string, string> = {};
  const family: Record<string, { userId: string; familyId: string }> = {};

  beforeAll(async () => {
    c = await createTestApp({ env: { CATALOG_CACHE_SECONDS: '2' } });
    for (const [role, email] of Object.entries({
      parent: DEMO_ACCOUNTS.parent,
      other: OTHER_FAMILY,
      manager: DEMO_ACCOUNTS.manager,
      holder: DEMO_ACCOUNTS.holder,
    })) {
      const session = await c.signIn(email);
      as[role] = session.accessToken;
      const [row] = await c.database.query<{ family_id: string }>(
        `select family_id from users where organization_id = 'org_demo' and id = $1`,
        [session.user.id],
      );
      family[role] = { userId: session.user.id, familyId: row!.family_id };
    }
  });
  afterAll(() => c.close());

  const browse = (role: string, query: Record<string, string> = {}) =>
    c.request('GET', '/api/catalog/blueprints', {
      token: as[role],
      organizationId: 'org_demo',
      query: { pageSize: '100', ...query },
    });
  const listed = async (role: string, query: Record<string, string> = {}) => {
    const r = await browse(role, query);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Page;
  };
  /** Past the TTL of every page and remembered class. */
  const expire = () => c.clock.advance(TTL_MS + 1);
  const idOf = async (name: string) =>
    (
      await c.database.query<{ id: string }>(
        `select id from blueprints where organization_id = 'org_demo' and name = $1`,
        [name],
      )
    )[0]!.id;

  it('starts from two families of the same class (no private activity, no draft of their own)', async () => {
    const taking = await c.database.query<{ n: string }>(
      `select count(*) as n from participants pa
        join services s on s.organization_id = pa.organization_id and s.id = pa.service_id
        join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
       where pa.organization_id = 'org_demo' and pa.family_id in ($1, $2) and b.visibility = 'private'
         and pa.status in ('invited', 'reserved', 'confirmed', 'needs-review')`,
      [family.parent!.familyId, family.other!.familyId],
    );
    expect(Number(taking[0]!.n)).toBe(0);
    expect(names(await listed('parent'))).toEqual(LISTED);
    expect(names(await listed('other'))).toEqual(LISTED);
  });

  it('serves a second family of the class the page the first one caused, until the TTL passes', async () => {
    expire();
    const tennis = await idOf('Tennis');
    const priceOf = (page: Page) =>
      (page.items.find((i) => i.id === tennis) as unknown as { price: number }).price;
    const before = priceOf(await listed('parent', { q: 'tennis' }));
    await c.database.query(
      `update blueprints set price = price + 100 where organization_id = 'org_demo' and id = $1`,
      [tennis],
    );
    try {
      // Another family, another spelling of the same search: the same class and normalised query.
      const shared = await browse('other', { q: '  tennis ' });
      expect(priceOf(shared.json())).toBe(before);
      expect(shared.headers['cache-control']).toBe('private, max-age=2');
      // Managers and holders never read from it.
      expect(priceOf(await listed('manager', { q: 'tennis' }))).toBe(before + 100);
      expect(priceOf(await listed('holder', { q: 'tennis' }))).toBe(before + 100);
      // The activity's page is always live.
      const detail = await c.request('GET', `/api/catalog/blueprints/${tennis}`, {
        token: as.other,
        organizationId: 'org_demo',
      });
      expect(detail.json().price).toBe(before + 100);

      c.clock.advance(1_000);
      const older = await browse('other', { q: 'tennis' });
      expect(priceOf(older.json())).toBe(before);
      expect(older.headers.age).toBe('1');
      c.clock.advance(TTL_MS);
      expect(priceOf(await listed('other', { q: 'tennis' }))).toBe(before + 100);
      expect(priceOf(await listed('parent', { q: 'tennis' }))).toBe(before + 100);
    } finally {
      await c.database.query(
        `update blueprints set price = price - 100 where organization_id = 'org_demo' and id = $1`,
        [tennis],
      );
    }
  });

  it("never gives a family taking part in a private activity the other class's page, nor the reverse", async () => {
    const privateId = await idOf(PRIVATE_PISCINE);
    const [session] = await c.database.query<{ id: string }>(
      `select id from services where organization_id = 'org_demo' and blueprint_id = $1 limit 1`,
      [privateId],
    );
    const [child] = await c.database.query<{ id: string }>(
      `select id from members where organization_id = 'org_demo' and family_id = $1 and user_id is null limit 1`,
      [family.other!.familyId],
    );
    await c.database.query(
      `insert into participants (organization_id, id, service_id, member_id, family_id, status)
       values ('org_demo', 'reg_cachetest', $1, $2, $3, 'confirmed')`,
      [session!.id, child!.id, family.other!.familyId],
    );
    try {
      expire();
      // The family without it asks first: its page must not reach the family taking part…
      expect(names(await listed('parent'))).toEqual(LISTED);
      expect(names(await listed('other'))).toEqual([...LISTED, PRIVATE_PISCINE].sort());
      expect(names(await listed('other', { establishmentId: 'est_piscine' }))).toContain(PRIVATE_PISCINE);
      expire();
      // …and the other way round.
      expect(names(await listed('other', { establishmentId: 'est_piscine' }))).toContain(PRIVATE_PISCINE);
      expect(names(await listed('parent', { establishmentId: 'est_piscine' }))).not.toContain(
        PRIVATE_PISCINE,
      );
      expect(names(await listed('parent'))).toEqual(LISTED);
    } finally {
      await c.database.query(
        `delete from participants where organization_id = 'org_demo' and id = 'reg_cachetest'`,
      );
    }
    // Registration ended: the family is back in the common class once the remembered class expires.
    expire();
    expect(names(await listed('other'))).toEqual(LISTED);
  });

  it("keys the age filter by the member's age, not the member, and refuses another family's member", async () => {
    const [lea] = await c.database.query<{ id: string; birthdate: string }>(
      `select id, to_char(birthdate, 'YYYY-MM-DD') as birthdate from members
        where organization_id = 'org_demo' and family_id = $1 and first_name = 'Léa'`,
      [family.parent!.familyId],
    );
    // A child of the other family born the same day: the same age in months, the same class.
    await c.database.query(
      `insert into members (organization_id, id, family_id, first_name, birthdate)
       values ('org_demo', 'mbr_cachetwin', $1, 'Jumelle', $2)`,
      [family.other!.familyId, lea!.birthdate],
    );
    const dance = await idOf('Danse moderne');
    try {
      expire();
      const first = await listed('parent', { memberId: lea!.id });
      expect(names(first)).toContain('Danse moderne');
      expect(names(first)).not.toContain('Bébés nageurs');
      await c.database.query(`update blueprints set name = 'Danse (renommée)' where id = $1`, [dance]);
      expect(names(await listed('other', { memberId: 'mbr_cachetwin' }))).toEqual(names(first));
      expect((await browse('other', { memberId: lea!.id })).statusCode).toBe(404);
      expect((await browse('parent', { memberId: 'mbr_nope' })).statusCode).toBe(404);
      expire();
      expect(names(await listed('other', { memberId: 'mbr_cachetwin' }))).toContain('Danse (renommée)');
    } finally {
      await c.database.query(`update blueprints set name = 'Danse moderne' where id = $1`, [dance]);
      await c.database.query(
        `delete from members where organization_id = 'org_demo' and id = 'mbr_cachetwin'`,
      );
    }
  });

  it('leaves out the creator of a hidden activity', async () => {
    await c.db.insert(blueprints).values({
      organizationId: 'org_demo',
      id: 'bp_cachedraft',
      name: 'Brouillon en cache',
      duration: 30,
      maxSeats: 5,
      visibility: 'hidden',
      createdByUserId: family.parent!.userId,
    });
    try {
      expire();
      expect(names(await listed('other'))).toEqual(LISTED);
      expect(names(await listed('parent'))).toContain('Brouillon en cache');
      expect(names(await listed('other'))).toEqual(LISTED);
    } finally {
      await c.database.query(
        `delete from blueprints where organization_id = 'org_demo' and id = 'bp_cachedraft'`,
      );
    }
  });

  it('is off with CATALOG_CACHE_SECONDS=0: every family reads live', async () => {
    const other = (await t.signIn(OTHER_FAMILY)).accessToken;
    const tennis = (await list('parent', { q: 'Tennis' })).items[0]!;
    await t.database.query(`update blueprints set name = 'Tennis (nouveau)' where id = $1`, [tennis.id]);
    try {
      const r = await t.request('GET', '/api/catalog/blueprints', {
        token: other,
        organizationId: 'org_demo',
        query: { q: 'Tennis' },
      });
      expect(names(r.json())).toEqual(['Tennis (nouveau)']);
      expect(names(await list('parent', { q: 'Tennis' }))).toEqual(['Tennis (nouveau)']);
    } finally {
      await t.database.query(`update blueprints set name = $2 where id = $1`, [tennis.id, tennis.name]);
    }
  });
});
