import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueprints, establishments, organizations, periods, prestations, services } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createUserRepository } from '../src/modules/users/user.repository';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

type Who = 'admin' | 'manager' | 'estManager' | 'holder' | 'parent' | 'support' | 'otherHolder';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who, string>;
const ORG = 'org_demo';

/** Activities of the tests, inserted directly (the blueprints API is built elsewhere). */
const BP = { foot: 'bp_test_foot', swim: 'bp_test_swim', open: 'bp_test_open', old: 'bp_test_old' };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'estManager', 'holder', 'parent'] as const) {
    const session = await t.signIn(DEMO_ACCOUNTS[who]);
    tokens[who] = session.accessToken;
    userIds[who] = session.user.id;
  }
  tokens.support = (await t.signIn(DEMO_ACCOUNTS.support, undefined, ADMIN_HOST)).accessToken;
  const other = await createUserRepository(t.db).createAccount(ORG, {
    email: 'holder2@demo.test',
    passwordHash: null,
    role: 'user',
    isHolder: true,
    person: { firstName: 'Inès', lastName: 'Lemoine' },
  });
  userIds.otherHolder = other.user.id;

  await t.db.insert(blueprints).values([
    {
      organizationId: ORG,
      id: BP.foot,
      name: 'Football test',
      duration: 90,
      maxSeats: 16,
      colorCode: '#16A34A',
    },
    {
      organizationId: ORG,
      id: BP.swim,
      establishmentId: 'est_piscine',
      name: 'Natation test',
      duration: 45,
      maxSeats: 8,
      colorCode: '#0EA5E9',
    },
    { organizationId: ORG, id: BP.open, name: 'Course libre', duration: 60, maxSeats: -1 },
    { organizationId: ORG, id: BP.old, name: 'Ancienne', duration: 60, maxSeats: 10, archivedAt: new Date() },
  ]);

  // Another organisation with its own session: invisible and untouchable from the demo club.
  await t.db.insert(organizations).values({ id: 'org_other', key: 'other', name: 'Autre club' });
  await t.db.insert(establishments).values({ organizationId: 'org_other', id: 'est_default', name: 'Salle' });
  await t.db
    .insert(blueprints)
    .values({ organizationId: 'org_other', id: 'bp_other', name: 'Yoga', duration: 60, maxSeats: 10 });
  await t.db.insert(services).values({
    organizationId: 'org_other',
    id: 'svc_other',
    blueprintId: 'bp_other',
    startDateTime: new Date('2026-10-20T16:00:00Z'),
    duration: 60,
    maxSeats: 10,
  });
});
afterAll(() => t.close());

const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token: tokens[who], organizationId: ORG, body, query });

async function createOne(body: Record<string, unknown>, who: Who = 'manager') {
  const r = await call(who, 'POST', '/api/services', body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().items[0].id as string;
}

const rowsOf = (blueprintId: string) =>
  t.db
    .select()
    .from(services)
    .where(and(eq(services.organizationId, ORG), eq(services.blueprintId, blueprintId)));

describe('POST /services: weekly series', () => {
  it('keeps 18:00 Brussels time across 2026-10-25 (explicit instants) with one series id', async () => {
    const r = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.foot,
      series: { daysOfWeek: [6, 7, 2], time: '18:00', fromDate: '2026-10-17', toDate: '2026-11-01' },
    });
    expect(r.statusCode, r.body).toBe(201);
    const body = r.json();
    expect(body.preview).toBe(false);
    expect(body.seriesId).toMatch(/^ser_/);
    expect(body.items.map((i: { startDateTime: string }) => i.startDateTime)).toEqual([
      '2026-10-17T16:00:00.000Z',
      '2026-10-18T16:00:00.000Z',
      '2026-10-20T16:00:00.000Z',
      '2026-10-24T16:00:00.000Z',
      '2026-10-25T17:00:00.000Z',
      '2026-10-27T17:00:00.000Z',
      '2026-10-31T17:00:00.000Z',
      '2026-11-01T17:00:00.000Z',
    ]);
    expect(new Set(body.items.map((i: { time: string }) => i.time))).toEqual(new Set(['18:00']));
    const rows = await t.db.select().from(services).where(eq(services.seriesId, body.seriesId));
    expect(rows).toHaveLength(8);
    expect(
      rows.every((row) => row.status === 'confirmed' && row.duration === 90 && row.maxSeats === 16),
    ).toBe(true);
  });

  it('keeps the local time across the March 2027 change and skips the given dates', async () => {
    const r = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.foot,
      series: {
        daysOfWeek: [7],
        time: '10:30',
        fromDate: '2027-03-14',
        toDate: '2027-04-11',
        skipDates: ['2027-04-04'],
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(
      r.json().items.map((i: { date: string; startDateTime: string }) => [i.date, i.startDateTime]),
    ).toEqual([
      ['2027-03-14', '2027-03-14T09:30:00.000Z'],
      ['2027-03-21', '2027-03-21T09:30:00.000Z'],
      ['2027-03-28', '2027-03-28T08:30:00.000Z'],
      ['2027-04-11', '2027-04-11T08:30:00.000Z'],
    ]);
  });

  it('moves a time skipped by the spring-forward gap forward by the gap', async () => {
    const r = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.foot,
      preview: true,
      date: '2027-03-28',
      time: '02:30',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().items).toEqual([
      { id: null, startDateTime: '2027-03-28T01:30:00.000Z', date: '2027-03-28', time: '03:30' },
    ]);
  });

  it('previews without writing anything', async () => {
    const before = (await rowsOf(BP.open)).length;
    const r = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.open,
      preview: true,
      series: { daysOfWeek: [1, 3], time: '07:00', fromDate: '2026-09-01', toDate: '2026-09-30' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ preview: true, seriesId: null, count: 9, duration: 60, maxSeats: -1 });
    expect(body.items[0]).toEqual({
      id: null,
      startDateTime: '2026-09-02T05:00:00.000Z',
      date: '2026-09-02',
      time: '07:00',
    });
    expect((await rowsOf(BP.open)).length).toBe(before);
  });
});

describe('POST /services: single sessions', () => {
  it('takes duration and seats from the activity unless given', async () => {
    const id = await createOne({ blueprintId: BP.swim, startDateTime: '2026-11-03T15:00:00Z' });
    const [row] = await t.db.select().from(services).where(eq(services.id, id));
    expect(row).toMatchObject({ duration: 45, maxSeats: 8, seriesId: null, status: 'confirmed' });
    const custom = await createOne({
      blueprintId: BP.swim,
      date: '2026-11-04',
      time: '16:15',
      duration: 30,
      maxSeats: -1,
    });
    const [second] = await t.db.select().from(services).where(eq(services.id, custom));
    expect(second).toMatchObject({ duration: 30, maxSeats: -1 });
    expect(second!.startDateTime.toISOString()).toBe('2026-11-04T15:15:00.000Z');
  });

  it('assigns the given holders, and refuses non-holders', async () => {
    const id = await createOne({
      blueprintId: BP.foot,
      startDateTime: '2026-12-01T17:00:00+01:00',
      holderIds: [userIds.holder, userIds.otherHolder, userIds.holder],
    });
    const rows = await t.db.select().from(prestations).where(eq(prestations.serviceId, id));
    expect(rows.map((p) => p.holderUserId).sort()).toEqual([userIds.holder, userIds.otherHolder].sort());
    expect(rows.every((p) => p.status === 'assigned')).toBe(true);
    const before = (await rowsOf(BP.foot)).length;
    const refused = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.foot,
      startDateTime: '2026-12-02T17:00:00Z',
      holderIds: [userIds.parent],
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().details[0]).toMatchObject({
      field: 'holderIds',
      message: "Ce titulaire est introuvable dans l'organisation",
    });
    expect((await rowsOf(BP.foot)).length).toBe(before);
  });

  it('puts the session in a period of the same establishment only', async () => {
    await t.db.insert(periods).values([
      {
        organizationId: ORG,
        id: 'per_test_default',
        name: 'Automne',
        startDate: '2026-09-01',
        endDate: '2026-12-20',
      },
      {
        organizationId: ORG,
        id: 'per_test_piscine',
        establishmentId: 'est_piscine',
        name: 'Piscine automne',
        startDate: '2026-09-01',
        endDate: '2026-12-20',
      },
    ]);
    const id = await createOne({
      blueprintId: BP.foot,
      startDateTime: '2026-12-03T17:00:00Z',
      periodId: 'per_test_default',
    });
    expect((await call('manager', 'GET', `/api/services/${id}`)).json().periodId).toBe('per_test_default');
    const mismatch = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.foot,
      startDateTime: '2026-12-03T17:00:00Z',
      periodId: 'per_test_piscine',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details[0]).toMatchObject({
      field: 'periodId',
      message: 'La séance et la période doivent appartenir au même établissement',
    });
    const unknown = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.foot,
      startDateTime: '2026-12-03T17:00:00Z',
      periodId: 'per_nope',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an unknown or archived activity', async () => {
    expect(
      (
        await call('manager', 'POST', '/api/services', {
          blueprintId: 'bp_nope',
          startDateTime: '2026-12-03T17:00:00Z',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('manager', 'POST', '/api/services', {
          blueprintId: 'bp_other',
          startDateTime: '2026-12-03T17:00:00Z',
        })
      ).statusCode,
    ).toBe(404);
    const archived = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.old,
      startDateTime: '2026-12-03T17:00:00Z',
    });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().error).toBe('blueprint_archived');
    expect(archived.json().message).toBe(
      'Cette activité est archivée : on ne peut plus y ajouter de séances',
    );
  });
});

describe('POST /services: bad input', () => {
  const fieldsOf = (r: { json(): { details: { field: string; message: string }[] } }) =>
    r.json().details.map((d) => `${d.field}: ${d.message}`);

  it.each([
    [{}, ['blueprintId: Ce champs est requis']],
    [{ blueprintId: BP.foot }, ['body: Indiquez soit une date et une heure, soit une série hebdomadaire']],
    [
      { blueprintId: BP.foot, startDateTime: '2026-10-20T16:00:00Z', date: '2026-10-20', time: '18:00' },
      ['body: Indiquez soit une date et une heure, soit une série hebdomadaire'],
    ],
    [{ blueprintId: BP.foot, date: '2026-10-20' }, ['time: Ce champs est requis']],
    [
      { blueprintId: BP.foot, date: '2026-02-30', time: '25:00' },
      ['date: Date invalide (format AAAA-MM-JJ)', 'time: Heure invalide (format HH:mm)'],
    ],
    [{ blueprintId: BP.foot, startDateTime: '20/10/2026 18:00' }, ['startDateTime: Date et heure invalides']],
    [
      { blueprintId: BP.foot, startDateTime: '2026-10-20T16:00:00Z', duration: 0, maxSeats: 0 },
      ['duration: La valeur doit être supérieure à 0', 'maxSeats: La valeur doit être supérieure à 0'],
    ],
    [
      { blueprintId: BP.foot, startDateTime: '2026-10-20T16:00:00Z', maxSeats: 1e12 },
      ['maxSeats: La valeur ne peut pas dépasser 100000'],
    ],
    [
      {
        blueprintId: BP.foot,
        series: { daysOfWeek: [], time: '18:00', fromDate: '2026-10-01', toDate: '2026-09-01' },
      },
      [
        'series.daysOfWeek: Choisissez au moins un jour de la semaine',
        'series.toDate: La date de fin ne peut pas être antérieure à la date de début',
      ],
    ],
    [
      {
        blueprintId: BP.foot,
        series: { daysOfWeek: [8], time: '18:00', fromDate: '2026-09-01', toDate: '2027-09-02' },
      },
      [
        'series.daysOfWeek.0: La valeur ne peut pas dépasser 7',
        "series.toDate: Une série ne peut pas couvrir plus d'un an",
      ],
    ],
    [
      { blueprintId: BP.foot, series: 'weekly' },
      ['series: La valeur doit être un objet avec les champs attendus'],
    ],
  ])('%j → 400 %j', async (body, expected) => {
    const r = await call('manager', 'POST', '/api/services', body);
    expect(r.statusCode).toBe(400);
    expect(fieldsOf(r)).toEqual(expected);
  });

  it('refuses a series with no matching day', async () => {
    const r = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.foot,
      series: { daysOfWeek: [1], time: '18:00', fromDate: '2026-10-20', toDate: '2026-10-25' },
    });
    expect(r.statusCode).toBe(400);
    expect(fieldsOf(r)).toEqual([
      'series.daysOfWeek: Aucune séance ne correspond à ces jours et à ces dates',
    ]);
  });

  it('answers English messages to an English caller and never a 500 on junk', async () => {
    const english = await t.request('POST', '/api/services', {
      token: tokens.manager,
      organizationId: ORG,
      headers: { 'accept-language': 'en' },
      body: { blueprintId: BP.foot, date: '2026-10-20', time: '7pm' },
    });
    expect(fieldsOf(english)).toEqual(['time: Invalid time (format HH:mm)']);
    for (const body of [
      [],
      { blueprintId: 42 },
      { blueprintId: BP.foot, holderIds: 'a' },
      { blueprintId: 'x'.repeat(500), startDateTime: '2026-10-20T16:00:00Z' },
    ]) {
      const r = await call('manager', 'POST', '/api/services', body);
      expect(r.statusCode).toBe(400);
    }
  });
});

describe('rights on sessions', () => {
  let footId: string;
  let swimId: string;
  beforeAll(async () => {
    footId = await createOne({
      blueprintId: BP.foot,
      startDateTime: '2027-01-12T17:00:00Z',
      holderIds: [userIds.holder],
    });
    swimId = await createOne({
      blueprintId: BP.swim,
      startDateTime: '2027-01-13T17:00:00Z',
      holderIds: [userIds.otherHolder],
    });
  });

  it('refuses parents everything and holders the writes (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/services'],
      ['GET', `/api/services/${footId}`],
      ['POST', '/api/services'],
      ['PATCH', `/api/services/${footId}`],
      ['POST', `/api/services/${footId}/postpone`],
      ['POST', `/api/services/${footId}/cancel`],
    ] as const) {
      expect((await call('parent', method, url, method === 'GET' ? undefined : {})).statusCode).toBe(403);
    }
    for (const [method, url] of [
      ['POST', '/api/services'],
      ['PATCH', `/api/services/${footId}`],
      ['POST', `/api/services/${footId}/postpone`],
      ['POST', `/api/services/${footId}/cancel`],
    ] as const) {
      expect((await call('holder', method, url, {})).statusCode).toBe(403);
    }
    expect((await t.request('GET', '/api/services')).statusCode).toBe(401);
  });

  it('shows holders only the sessions they are assigned to', async () => {
    const list = await call('holder', 'GET', '/api/services', undefined, { pageSize: '100' });
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((s: { id: string }) => s.id);
    expect(ids).toContain(footId);
    expect(ids).not.toContain(swimId);
    for (const item of list.json().items) {
      expect(item.holders.map((h: { id: string }) => h.id)).toContain(userIds.holder);
    }
    expect((await call('holder', 'GET', `/api/services/${footId}`)).statusCode).toBe(200);
    expect((await call('holder', 'GET', `/api/services/${swimId}`)).statusCode).toBe(404);
  });

  it('confines an establishment manager to their establishment', async () => {
    const list = await call('estManager', 'GET', '/api/services', undefined, { pageSize: '100' });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().items.every((s: { establishmentId: string }) => s.establishmentId === 'est_piscine'),
    ).toBe(true);
    const filtered = await call('estManager', 'GET', '/api/services', undefined, {
      establishmentId: 'est_default',
    });
    expect(filtered.json()).toMatchObject({ items: [], total: 0 });
    expect((await call('estManager', 'GET', `/api/services/${swimId}`)).statusCode).toBe(200);
    expect((await call('estManager', 'GET', `/api/services/${footId}`)).statusCode).toBe(404);
    expect((await call('estManager', 'PATCH', `/api/services/${footId}`, { duration: 10 })).statusCode).toBe(
      404,
    );
    expect((await call('estManager', 'POST', `/api/services/${footId}/cancel`)).statusCode).toBe(404);
    expect(
      (
        await call('estManager', 'POST', `/api/services/${footId}/postpone`, {
          startDateTime: '2027-01-19T17:00:00Z',
        })
      ).statusCode,
    ).toBe(404);
    const forbidden = await call('estManager', 'POST', '/api/services', {
      blueprintId: BP.foot,
      startDateTime: '2027-01-12T17:00:00Z',
    });
    expect(forbidden.statusCode).toBe(403);
    await createOne({ blueprintId: BP.swim, startDateTime: '2027-01-20T17:00:00Z' }, 'estManager');
    const patched = await call('estManager', 'PATCH', `/api/services/${swimId}`, { duration: 50 });
    expect(patched.statusCode).toBe(200);
    const [foot] = await t.db.select().from(services).where(eq(services.id, footId));
    expect(foot!.duration).toBe(90);
    expect(foot!.status).toBe('confirmed');
  });

  it('lets admins and system staff acting in the organisation manage sessions', async () => {
    await createOne({ blueprintId: BP.foot, startDateTime: '2027-01-21T17:00:00Z' }, 'admin');
    await createOne({ blueprintId: BP.foot, startDateTime: '2027-01-22T17:00:00Z' }, 'support');
    expect((await call('support', 'GET', `/api/services/${footId}`)).statusCode).toBe(200);
  });

  it('answers 404 for another organisation’s session and changes nothing', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/services/svc_other', undefined],
      ['PATCH', '/api/services/svc_other', { maxSeats: 1 }],
      ['POST', '/api/services/svc_other/postpone', { startDateTime: '2027-01-19T17:00:00Z' }],
      ['POST', '/api/services/svc_other/cancel', undefined],
    ] as const) {
      expect((await call('manager', method, url, body)).statusCode).toBe(404);
    }
    const [other] = await t.db.select().from(services).where(eq(services.id, 'svc_other'));
    expect(other).toMatchObject({ status: 'confirmed', maxSeats: 10, originalStartDateTime: null });
    const list = await call('manager', 'GET', '/api/services', undefined, { blueprintId: 'bp_other' });
    expect(list.json().total).toBe(0);
  });
});

describe('GET /services', () => {
  it('filters by instants, activity and status, pages, and shows seats and holders', async () => {
    const series = await call('manager', 'POST', '/api/services', {
      blueprintId: BP.open,
      series: { daysOfWeek: [4], time: '19:00', fromDate: '2027-02-04', toDate: '2027-03-04' },
      holderIds: [userIds.holder],
    });
    expect(series.statusCode).toBe(201);
    const query = {
      blueprintId: BP.open,
      from: '2027-02-01T00:00:00Z',
      to: '2027-03-01T00:00:00Z',
      pageSize: '2',
      page: '2',
    };
    const r = await call('manager', 'GET', '/api/services', undefined, query);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(body.items.map((s: { startDateTime: string }) => s.startDateTime)).toEqual([
      '2027-02-18T18:00:00.000Z',
      '2027-02-25T18:00:00.000Z',
    ]);
    expect(body.items[0]).toMatchObject({
      blueprintName: 'Course libre',
      colorCode: '#2563EB',
      establishmentId: 'est_default',
      status: 'confirmed',
      seriesId: series.json().seriesId,
      seats: { maxSeats: -1, reservedSeats: 0, freeSeats: -1, fillingRate: 0 },
      holders: [{ id: userIds.holder, displayName: 'Hugo Martin' }],
    });
    const bySeries = await call('manager', 'GET', '/api/services', undefined, {
      seriesId: series.json().seriesId,
    });
    expect(bySeries.json().total).toBe(5);
    const cancelled = await call('manager', 'GET', '/api/services', undefined, {
      blueprintId: BP.open,
      status: 'cancelled',
    });
    expect(cancelled.json().total).toBe(0);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      { pageSize: '101' } as Record<string, string>,
      { page: '0' },
      { page: 'abc' },
      { status: 'done' },
      { from: 'yesterday' },
    ]) {
      const r = await call('manager', 'GET', '/api/services', undefined, query);
      expect(r.statusCode, JSON.stringify(query)).toBe(400);
      expect(r.json().details.length).toBeGreaterThan(0);
    }
  });
});

describe('changing a session', () => {
  let id: string;
  beforeAll(async () => {
    id = await createOne({
      blueprintId: BP.foot,
      startDateTime: '2027-02-09T17:00:00Z',
      holderIds: [userIds.holder],
    });
  });

  it('shows seats, holders, prestations and (for now) no attendees', async () => {
    await t.db.update(services).set({ reservedSeats: 4 }).where(eq(services.id, id));
    const r = await call('manager', 'GET', `/api/services/${id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      seats: { maxSeats: 16, reservedSeats: 4, freeSeats: 12, fillingRate: 25 },
      attendees: [],
      holders: [{ id: userIds.holder, displayName: 'Hugo Martin' }],
      prestations: [
        { holderUserId: userIds.holder, holderName: 'Hugo Martin', status: 'assigned', absenceNote: null },
      ],
    });
  });

  it('refuses fewer seats than reserved (409) and accepts unlimited', async () => {
    const r = await call('manager', 'PATCH', `/api/services/${id}`, { maxSeats: 3 });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe('seats_below_reserved');
    expect(r.json().message).toBe(
      'Le nombre de places ne peut pas être inférieur aux 4 places déjà réservées',
    );
    expect(
      (await call('manager', 'PATCH', `/api/services/${id}`, { maxSeats: 4 })).json().seats.freeSeats,
    ).toBe(0);
    const unlimited = await call('manager', 'PATCH', `/api/services/${id}`, { maxSeats: -1, duration: 75 });
    expect(unlimited.json()).toMatchObject({
      duration: 75,
      seats: { maxSeats: -1, freeSeats: -1, fillingRate: 0 },
    });
  });

  it('edits the start (instant or local) and the period, and refuses empty or bad patches', async () => {
    const local = await call('manager', 'PATCH', `/api/services/${id}`, {
      date: '2027-02-10',
      time: '18:30',
    });
    expect(local.json()).toMatchObject({
      startDateTime: '2027-02-10T17:30:00.000Z',
      originalStartDateTime: null,
      status: 'confirmed',
    });
    expect(
      (await call('manager', 'PATCH', `/api/services/${id}`, { periodId: 'per_test_default' })).json()
        .periodId,
    ).toBe('per_test_default');
    expect((await call('manager', 'PATCH', `/api/services/${id}`, { periodId: null })).json().periodId).toBe(
      null,
    );
    expect(
      (await call('manager', 'PATCH', `/api/services/${id}`, { periodId: 'per_test_piscine' })).statusCode,
    ).toBe(400);
    expect((await call('manager', 'PATCH', `/api/services/${id}`, {})).statusCode).toBe(400);
    expect((await call('manager', 'PATCH', `/api/services/${id}`, { duration: -5 })).statusCode).toBe(400);
    expect((await call('manager', 'PATCH', '/api/services/svc_nope', { duration: 5 })).statusCode).toBe(404);
  });

  it('postpones keeping the first announced date, even on a second postponement', async () => {
    const first = await call('manager', 'POST', `/api/services/${id}/postpone`, {
      startDateTime: '2027-02-17T17:30:00Z',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'postponed',
      startDateTime: '2027-02-17T17:30:00.000Z',
      originalStartDateTime: '2027-02-10T17:30:00.000Z',
    });
    const second = await call('manager', 'POST', `/api/services/${id}/postpone`, {
      date: '2027-02-24',
      time: '18:00',
    });
    expect(second.json()).toMatchObject({
      status: 'postponed',
      startDateTime: '2027-02-24T17:00:00.000Z',
      originalStartDateTime: '2027-02-10T17:30:00.000Z',
    });
    const bad = await call('manager', 'POST', `/api/services/${id}/postpone`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'startDateTime', message: 'Ce champs est requis' });
  });

  it('cancels (idempotent) and then refuses to postpone', async () => {
    const first = await call('manager', 'POST', `/api/services/${id}/cancel`);
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('cancelled');
    expect((await call('manager', 'POST', `/api/services/${id}/cancel`)).json().status).toBe('cancelled');
    const postpone = await call('manager', 'POST', `/api/services/${id}/postpone`, {
      startDateTime: '2027-03-03T17:00:00Z',
    });
    expect(postpone.statusCode).toBe(409);
    expect(postpone.json().message).toBe('Une séance annulée ne peut pas être reportée');
    const [row] = await t.db.select().from(services).where(eq(services.id, id));
    expect(row!.startDateTime.toISOString()).toBe('2027-02-24T17:00:00.000Z');
  });

  it('keeps cancelled sessions listed under their status', async () => {
    const r = await call('manager', 'GET', '/api/services', undefined, {
      status: 'cancelled',
      blueprintId: BP.foot,
    });
    expect(r.json().items.map((s: { id: string }) => s.id)).toContain(id);
    const rows = await t.db
      .select()
      .from(services)
      .where(inArray(services.id, [id]));
    expect(rows[0]!.status).toBe('cancelled');
  });
});
