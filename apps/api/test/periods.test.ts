import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueprints, establishments, organizations, periods, prestations, services } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createUserRepository } from '../src/modules/users/user.repository';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

type Who = 'admin' | 'manager' | 'estManager' | 'holder' | 'parent' | 'support';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who | 'otherHolder', string>;
const ORG = 'org_demo';

/** Wall-clock time of an instant in Brussels, 'YYYY-MM-DD HH:mm'. */
const brussels = (iso: string | Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Brussels',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

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
    isHolder: true,
    person: { firstName: 'Inès', lastName: 'Lemoine' },
  });
  userIds.otherHolder = other.user.id;
  await t.db.insert(blueprints).values([
    {
      organizationId: ORG,
      id: 'bp_q_foot',
      name: 'Football test',
      duration: 90,
      maxSeats: 16,
      colorCode: '#16A34A',
    },
    {
      organizationId: ORG,
      id: 'bp_q_swim',
      establishmentId: 'est_piscine',
      name: 'Natation test',
      duration: 45,
      maxSeats: 8,
    },
  ]);
  await t.db.insert(organizations).values({ id: 'org_other', key: 'other', name: 'Autre club' });
  await t.db.insert(establishments).values({ organizationId: 'org_other', id: 'est_default', name: 'Salle' });
  await t.db.insert(periods).values({
    organizationId: 'org_other',
    id: 'per_other',
    name: 'Autre période',
    startDate: '2026-09-01',
    endDate: '2026-12-31',
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

async function createPeriod(body: Record<string, unknown>, who: Who = 'manager') {
  const r = await call(who, 'POST', '/api/periods', body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

async function createSessions(body: Record<string, unknown>) {
  const r = await call('manager', 'POST', '/api/services', body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { seriesId: string | null; items: { id: string; startDateTime: string }[] };
}

describe('creating and editing periods', () => {
  it('creates a period in the default establishment, or the establishment manager’s own', async () => {
    const period = await createPeriod({
      name: 'Printemps 2027',
      startDate: '2027-01-04',
      endDate: '2027-04-30',
      registrationOpensAt: '2026-12-01T08:00:00Z',
    });
    expect(period).toMatchObject({
      id: expect.stringMatching(/^per_/),
      name: 'Printemps 2027',
      establishmentId: 'est_default',
      establishmentName: 'Complexe sportif principal',
      startDate: '2027-01-04',
      endDate: '2027-04-30',
      registrationOpensAt: '2026-12-01T08:00:00.000Z',
      previousPeriodId: null,
      servicesCount: 0,
      registrationsCount: 0,
    });
    const own = await createPeriod(
      { name: 'Bassin', startDate: '2027-01-04', endDate: '2027-01-04' },
      'estManager',
    );
    expect(own).toMatchObject({ establishmentId: 'est_piscine', registrationOpensAt: null });
    const elsewhere = await call('estManager', 'POST', '/api/periods', {
      name: 'Ailleurs',
      startDate: '2027-01-04',
      endDate: '2027-01-05',
      establishmentId: 'est_default',
    });
    expect(elsewhere.statusCode).toBe(403);
    const unknown = await call('manager', 'POST', '/api/periods', {
      name: 'Nulle part',
      startDate: '2027-01-04',
      endDate: '2027-01-05',
      establishmentId: 'est_nope',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses bad input with French details', async () => {
    const details = async (body: unknown) => {
      const r = await call('manager', 'POST', '/api/periods', body);
      expect(r.statusCode).toBe(400);
      return r.json().details.map((d: { field: string; message: string }) => `${d.field}: ${d.message}`);
    };
    expect(await details({})).toEqual([
      'name: Ce champs est requis',
      'startDate: Ce champs est requis',
      'endDate: Ce champs est requis',
    ]);
    expect(await details({ name: 'Été', startDate: '2027-07-10', endDate: '2027-07-01' })).toEqual([
      'endDate: La date de fin ne peut pas être antérieure à la date de début',
    ]);
    expect(
      await details({
        name: 'Été',
        startDate: '2027-13-01',
        endDate: '2027-07-01',
        registrationOpensAt: 'demain',
      }),
    ).toEqual([
      'startDate: Date invalide (format AAAA-MM-JJ)',
      'registrationOpensAt: Date et heure invalides',
    ]);
  });

  it('edits fields, checks the date order against the stored dates, and scopes establishment managers', async () => {
    const period = await createPeriod({
      name: 'Été',
      startDate: '2027-07-01',
      endDate: '2027-08-31',
      registrationOpensAt: '2027-06-01T08:00:00Z',
    });
    const url = `/api/periods/${period.id}`;
    const renamed = await call('manager', 'PATCH', url, { name: 'Été 2027', registrationOpensAt: null });
    expect(renamed.json()).toMatchObject({
      name: 'Été 2027',
      registrationOpensAt: null,
      startDate: '2027-07-01',
    });
    const reversed = await call('manager', 'PATCH', url, { endDate: '2027-06-30' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details[0]).toMatchObject({
      field: 'endDate',
      message: 'La date de fin ne peut pas être antérieure à la date de début',
    });
    expect((await call('manager', 'PATCH', url, {})).statusCode).toBe(400);
    expect((await call('manager', 'PATCH', url, { name: ' ' })).statusCode).toBe(400);
    expect((await call('estManager', 'PATCH', url, { name: 'Piscine' })).statusCode).toBe(404);
    expect((await call('estManager', 'GET', url)).statusCode).toBe(404);
    const moved = await call('manager', 'PATCH', url, { establishmentId: 'est_piscine' });
    expect(moved.json()).toMatchObject({
      establishmentId: 'est_piscine',
      establishmentName: 'Piscine communale',
    });
    expect((await call('estManager', 'GET', url)).statusCode).toBe(200);
    expect((await call('estManager', 'PATCH', url, { establishmentId: 'est_default' })).statusCode).toBe(403);
    // A period holding swimming sessions cannot move to the other establishment.
    await createSessions({
      blueprintId: 'bp_q_swim',
      startDateTime: '2027-07-05T08:00:00Z',
      periodId: period.id,
    });
    const refused = await call('manager', 'PATCH', url, { establishmentId: 'est_default' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('period_other_establishment');
    expect(refused.json().message).toBe('La séance et la période doivent appartenir au même établissement');
  });
});

describe('listing periods', () => {
  it('pages periods by start date, latest first, with their counts', async () => {
    const a = await createPeriod({ name: 'Liste A', startDate: '2030-01-01', endDate: '2030-03-31' });
    const b = await createPeriod({ name: 'Liste B', startDate: '2030-04-01', endDate: '2030-06-30' });
    await createSessions({
      blueprintId: 'bp_q_foot',
      periodId: a.id,
      series: { daysOfWeek: [3], time: '17:00', fromDate: '2030-01-01', toDate: '2030-01-31' },
    });
    const r = await call('manager', 'GET', '/api/periods', undefined, { pageSize: '2' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ page: 1, pageSize: 2 });
    expect(r.json().items.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    expect(r.json().items[1]).toMatchObject({ servicesCount: 5, registrationsCount: 0 });
    const total = r.json().total as number;
    const page2 = await call('manager', 'GET', '/api/periods', undefined, { pageSize: '2', page: '2' });
    expect(page2.json().total).toBe(total);
    expect(page2.json().items.map((p: { id: string }) => p.id)).not.toContain(a.id);
  });

  it('shows an establishment manager only their establishment’s periods', async () => {
    const r = await call('estManager', 'GET', '/api/periods', undefined, { pageSize: '100' });
    expect(r.json().items.length).toBeGreaterThan(0);
    expect(
      r.json().items.every((p: { establishmentId: string }) => p.establishmentId === 'est_piscine'),
    ).toBe(true);
    const filtered = await call('manager', 'GET', '/api/periods', undefined, {
      establishmentId: 'est_piscine',
      pageSize: '100',
    });
    expect(filtered.json().total).toBe(r.json().total);
    expect((await call('manager', 'GET', '/api/periods', undefined, { pageSize: '500' })).statusCode).toBe(
      400,
    );
  });
});

describe('sessions of a period', () => {
  let period: { id: string };
  let swimPeriod: { id: string };
  let single: string;
  let series: { seriesId: string | null; items: { id: string }[] };
  beforeAll(async () => {
    period = await createPeriod({ name: 'Gestion', startDate: '2027-09-01', endDate: '2027-12-20' });
    swimPeriod = await createPeriod(
      { name: 'Gestion piscine', startDate: '2027-09-01', endDate: '2027-12-20' },
      'estManager',
    );
    single = (await createSessions({ blueprintId: 'bp_q_foot', startDateTime: '2027-09-06T16:00:00Z' }))
      .items[0]!.id;
    series = await createSessions({
      blueprintId: 'bp_q_foot',
      series: { daysOfWeek: [2], time: '18:00', fromDate: '2027-09-07', toDate: '2027-09-28' },
    });
  });

  it('adds sessions and whole series, then removes them', async () => {
    const added = await call('manager', 'POST', `/api/periods/${period.id}/services`, {
      serviceIds: [single],
      seriesIds: [series.seriesId],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ updated: 5 });
    expect((await call('manager', 'GET', `/api/periods/${period.id}`)).json().servicesCount).toBe(5);
    const removed = await call('manager', 'DELETE', `/api/periods/${period.id}/services`, {
      serviceIds: [single, series.items[0]!.id],
    });
    expect(removed.json()).toEqual({ updated: 2 });
    const rest = await call('manager', 'DELETE', `/api/periods/${period.id}/services`, {
      seriesIds: [series.seriesId],
    });
    expect(rest.json()).toEqual({ updated: 3 });
    const rows = await t.db
      .select()
      .from(services)
      .where(inArray(services.id, [single, ...series.items.map((i) => i.id)]));
    expect(rows.every((row) => row.periodId === null)).toBe(true);
  });

  it('refuses unknown sessions, other establishments’ sessions and bad bodies', async () => {
    const unknown = await call('manager', 'POST', `/api/periods/${period.id}/services`, {
      serviceIds: [single, 'svc_nope'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details[0]).toMatchObject({ field: 'serviceIds' });
    expect(
      (await call('manager', 'POST', `/api/periods/${period.id}/services`, { seriesIds: ['ser_nope'] }))
        .statusCode,
    ).toBe(404);
    const mismatch = await call('manager', 'POST', `/api/periods/${swimPeriod.id}/services`, {
      serviceIds: [single],
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details[0].message).toBe(
      'La séance et la période doivent appartenir au même établissement',
    );
    expect(
      (await call('estManager', 'POST', `/api/periods/${swimPeriod.id}/services`, { serviceIds: [single] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('estManager', 'POST', `/api/periods/${period.id}/services`, { serviceIds: [single] }))
        .statusCode,
    ).toBe(404);
    for (const body of [{}, { serviceIds: [] }, { serviceIds: 'svc' }, { serviceIds: [''] }]) {
      expect((await call('manager', 'POST', `/api/periods/${period.id}/services`, body)).statusCode).toBe(
        400,
      );
      expect((await call('manager', 'DELETE', `/api/periods/${period.id}/services`, body)).statusCode).toBe(
        400,
      );
    }
    const [row] = await t.db.select().from(services).where(eq(services.id, single));
    expect(row!.periodId).toBe(null);
  });

  it('deletes only an empty period', async () => {
    await call('manager', 'POST', `/api/periods/${period.id}/services`, { serviceIds: [single] });
    const refused = await call('manager', 'DELETE', `/api/periods/${period.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('period_has_sessions');
    expect(refused.json().message).toBe(
      'Cette période contient des séances : retirez-les avant de la supprimer',
    );
    await call('manager', 'DELETE', `/api/periods/${period.id}/services`, { serviceIds: [single] });
    expect((await call('estManager', 'DELETE', `/api/periods/${period.id}`)).statusCode).toBe(404);
    expect((await call('manager', 'DELETE', `/api/periods/${period.id}`)).statusCode).toBe(204);
    expect((await call('manager', 'GET', `/api/periods/${period.id}`)).statusCode).toBe(404);
    expect((await call('manager', 'DELETE', `/api/periods/${period.id}`)).statusCode).toBe(404);
  });
});

describe('planning the next period', () => {
  const SOURCE = 'per_q_autumn';
  let seriesId: string;
  let seriesIds: string[];
  let saturday: string;
  let cancelled: string;

  beforeAll(async () => {
    await t.db.insert(periods).values({
      organizationId: ORG,
      id: SOURCE,
      name: 'Automne test',
      startDate: '2026-09-07',
      endDate: '2026-10-25',
      registrationOpensAt: new Date('2026-08-20T07:00:00Z'),
    });
    // Seven Tuesdays at 18:00 summer time, with a holder.
    const series = await createSessions({
      blueprintId: 'bp_q_foot',
      periodId: SOURCE,
      holderIds: [userIds.holder],
      series: { daysOfWeek: [2], time: '18:00', fromDate: '2026-09-08', toDate: '2026-10-20' },
    });
    seriesId = series.seriesId!;
    seriesIds = series.items.map((i) => i.id);
    // A Saturday session with seats taken and an absent holder, later postponed by a day.
    saturday = (
      await createSessions({
        blueprintId: 'bp_q_foot',
        periodId: SOURCE,
        holderIds: [userIds.otherHolder],
        date: '2026-10-24',
        time: '10:00',
        maxSeats: 20,
        duration: 120,
      })
    ).items[0]!.id;
    await t.db.update(services).set({ reservedSeats: 3 }).where(eq(services.id, saturday));
    await t.db
      .update(prestations)
      .set({ status: 'absent', absenceNote: 'Congé' })
      .where(eq(prestations.serviceId, saturday));
    expect(
      (
        await call('manager', 'POST', `/api/services/${saturday}/postpone`, {
          date: '2026-10-25',
          time: '10:00',
        })
      ).statusCode,
    ).toBe(200);
    cancelled = (
      await createSessions({
        blueprintId: 'bp_q_foot',
        periodId: SOURCE,
        startDateTime: '2026-09-10T16:00:00Z',
      })
    ).items[0]!.id;
    expect((await call('manager', 'POST', `/api/services/${cancelled}/cancel`)).statusCode).toBe(200);
  });

  it('previews the next period shifted by the period’s length, at the same local times, writing nothing', async () => {
    const before = await t.db.select().from(periods);
    const r = await call('manager', 'GET', `/api/periods/${SOURCE}/plan-next`);
    expect(r.statusCode, r.body).toBe(200);
    const preview = r.json();
    expect(preview).toMatchObject({
      sourcePeriodId: SOURCE,
      weeks: 7,
      name: 'Automne test (suite)',
      establishmentId: 'est_default',
      startDate: '2026-10-26',
      endDate: '2026-12-13',
      registrationOpensAt: '2026-10-08T07:00:00.000Z',
    });
    expect(preview.services).toHaveLength(8);
    expect(preview.services.map((s: { sourceServiceId: string }) => s.sourceServiceId)).not.toContain(
      cancelled,
    );
    // 18:00 summer time (16:00Z) becomes 18:00 winter time (17:00Z).
    expect(preview.services[0]).toMatchObject({
      sourceServiceId: seriesIds[0],
      sourceStartDateTime: '2026-09-08T16:00:00.000Z',
      startDateTime: '2026-10-27T17:00:00.000Z',
      date: '2026-10-27',
      time: '18:00',
      blueprintName: 'Football test',
      duration: 90,
      maxSeats: 16,
      sourceSeriesId: seriesId,
      holders: [{ id: userIds.holder, displayName: 'Hugo Martin' }],
    });
    // The postponed Saturday follows its first announced date.
    const copy = preview.services.find((s: { sourceServiceId: string }) => s.sourceServiceId === saturday);
    expect(copy).toMatchObject({
      startDateTime: '2026-12-12T09:00:00.000Z',
      time: '10:00',
      duration: 120,
      maxSeats: 20,
      sourceSeriesId: null,
      holders: [{ id: userIds.otherHolder, displayName: 'Inès Lemoine' }],
    });
    expect(await t.db.select().from(periods)).toHaveLength(before.length);
    const oneWeek = await call('manager', 'GET', `/api/periods/${SOURCE}/plan-next`, undefined, {
      weeks: '1',
    });
    expect(oneWeek.json()).toMatchObject({ weeks: 1, startDate: '2026-09-14', endDate: '2026-11-01' });
    expect(oneWeek.json().services.map((s: { time: string }) => s.time)).toEqual([
      ...Array(7).fill('18:00'),
      '10:00',
    ]);
  });

  it('creates the period, its sessions and their holders in one go', async () => {
    const r = await call('manager', 'POST', `/api/periods/${SOURCE}/plan-next`, {
      weeks: 7,
      name: 'Hiver test',
    });
    expect(r.statusCode, r.body).toBe(201);
    const result = r.json();
    expect(result).toMatchObject({ servicesCount: 8, prestationsCount: 8, seriesCount: 1 });
    const period = await call('manager', 'GET', `/api/periods/${result.periodId}`);
    expect(period.json()).toMatchObject({
      name: 'Hiver test',
      establishmentId: 'est_default',
      startDate: '2026-10-26',
      endDate: '2026-12-13',
      registrationOpensAt: '2026-10-08T07:00:00.000Z',
      previousPeriodId: SOURCE,
      servicesCount: 8,
    });
    const copies = await t.db
      .select()
      .from(services)
      .where(and(eq(services.organizationId, ORG), eq(services.periodId, result.periodId)));
    expect(copies).toHaveLength(8);
    for (const copy of copies) {
      expect(copy).toMatchObject({
        blueprintId: 'bp_q_foot',
        status: 'confirmed',
        reservedSeats: 0,
        originalStartDateTime: null,
      });
    }
    const weekly = copies
      .filter((c) => c.seriesId !== null)
      .sort((a, b) => +a.startDateTime - +b.startDateTime);
    expect(weekly).toHaveLength(7);
    expect(new Set(weekly.map((c) => c.seriesId)).size).toBe(1);
    expect(weekly[0]!.seriesId).not.toBe(seriesId);
    expect(weekly[0]!.seriesId).toMatch(/^ser_/);
    expect(weekly.map((c) => brussels(c.startDateTime))).toEqual([
      '2026-10-27 18:00',
      '2026-11-03 18:00',
      '2026-11-10 18:00',
      '2026-11-17 18:00',
      '2026-11-24 18:00',
      '2026-12-01 18:00',
      '2026-12-08 18:00',
    ]);
    expect(weekly.every((c) => c.duration === 90 && c.maxSeats === 16)).toBe(true);
    const [saturdayCopy] = copies.filter((c) => c.seriesId === null);
    expect(saturdayCopy).toMatchObject({ duration: 120, maxSeats: 20 });
    expect(brussels(saturdayCopy!.startDateTime)).toBe('2026-12-12 10:00');
    const copied = await t.db
      .select()
      .from(prestations)
      .where(
        inArray(
          prestations.serviceId,
          copies.map((c) => c.id),
        ),
      );
    expect(copied).toHaveLength(8);
    expect(copied.every((p) => p.status === 'assigned' && p.absenceNote === null)).toBe(true);
    expect(copied.find((p) => p.serviceId === saturdayCopy!.id)!.holderUserId).toBe(userIds.otherHolder);
    // The source is untouched.
    const [source] = await t.db.select().from(services).where(eq(services.id, saturday));
    expect(source).toMatchObject({ reservedSeats: 3, status: 'postponed' });
  });

  it('takes the registration opening given, and refuses bad input', async () => {
    const r = await call('admin', 'POST', `/api/periods/${SOURCE}/plan-next`, {
      weeks: 52,
      name: 'Automne 2027',
      registrationOpensAt: null,
    });
    expect(r.statusCode).toBe(201);
    const period = (await call('admin', 'GET', `/api/periods/${r.json().periodId}`)).json();
    expect(period).toMatchObject({
      startDate: '2027-09-06',
      endDate: '2027-10-24',
      registrationOpensAt: null,
    });
    for (const body of [
      {},
      { weeks: 0, name: 'x' },
      { weeks: 105, name: 'x' },
      { weeks: 1.5, name: 'x' },
      { weeks: 2, name: '' },
    ]) {
      expect((await call('manager', 'POST', `/api/periods/${SOURCE}/plan-next`, body)).statusCode).toBe(400);
    }
    for (const weeks of ['0', 'abc', '200', '']) {
      const bad = await call('manager', 'GET', `/api/periods/${SOURCE}/plan-next`, undefined, { weeks });
      expect(bad.statusCode, weeks).toBe(400);
    }
    const missing = await call('manager', 'POST', `/api/periods/${SOURCE}/plan-next`, { weeks: 2 });
    expect(missing.json().details[0]).toMatchObject({ field: 'name', message: 'Ce champs est requis' });
  });
});

describe('rights on periods', () => {
  it('refuses parents and holders every period route (403)', async () => {
    for (const who of ['parent', 'holder'] as const) {
      for (const [method, url] of [
        ['GET', '/api/periods'],
        ['POST', '/api/periods'],
        ['GET', '/api/periods/per_q_autumn'],
        ['PATCH', '/api/periods/per_q_autumn'],
        ['DELETE', '/api/periods/per_q_autumn'],
        ['POST', '/api/periods/per_q_autumn/services'],
        ['DELETE', '/api/periods/per_q_autumn/services'],
        ['GET', '/api/periods/per_q_autumn/plan-next'],
        ['POST', '/api/periods/per_q_autumn/plan-next'],
      ] as const) {
        const r = await call(who, method, url, method === 'GET' ? undefined : {});
        expect(r.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
    }
  });

  it('confines establishment managers and lets system staff act in the organisation', async () => {
    expect((await call('estManager', 'GET', '/api/periods/per_q_autumn/plan-next')).statusCode).toBe(404);
    expect(
      (await call('estManager', 'POST', '/api/periods/per_q_autumn/plan-next', { weeks: 1, name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call('support', 'GET', '/api/periods/per_q_autumn')).statusCode).toBe(200);
    expect((await call('support', 'GET', '/api/periods/per_q_autumn/plan-next')).statusCode).toBe(200);
  });

  it('answers 404 for another organisation’s period and changes nothing', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/periods/per_other', undefined],
      ['PATCH', '/api/periods/per_other', { name: 'Piraté' }],
      ['DELETE', '/api/periods/per_other', undefined],
      ['POST', '/api/periods/per_other/services', { serviceIds: ['svc_x'] }],
      ['DELETE', '/api/periods/per_other/services', { serviceIds: ['svc_x'] }],
      ['GET', '/api/periods/per_other/plan-next', undefined],
      ['POST', '/api/periods/per_other/plan-next', { weeks: 1, name: 'Copie' }],
    ] as const) {
      expect((await call('manager', method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const rows = await t.db.select().from(periods).where(eq(periods.organizationId, 'org_other'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Autre période');
    const list = await call('manager', 'GET', '/api/periods', undefined, { pageSize: '100' });
    expect(list.json().items.map((p: { id: string }) => p.id)).not.toContain('per_other');
  });
});
