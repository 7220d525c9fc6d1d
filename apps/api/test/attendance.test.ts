import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceMarks,
  auditEvents,
  blueprints,
  establishments,
  organizations,
  participants,
  prestations,
  services,
} from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { hashPassword } from '../src/lib/password';
import { handleAbsences, type AbsenceEvent } from '../src/modules/attendance/absence-events';
import { registerRecoveryTokens } from '../src/modules/recovery/recovery-issue';
import { createUserRepository } from '../src/modules/users/user.repository';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Taking attendance (`/attendance/services`): who may list and mark which sessions, and the batches of
 * marks a device sends (maybe twice, maybe late): a mark id counts once, the latest mark of a
 * participant wins whatever the arrival order, an absence sets the status `absent` and writes the audit
 * event `registration-attendee-absence` once per change, a cancelled session takes no marks.
 */

type Who = 'manager' | 'estManager' | 'holder' | 'parent' | 'otherHolder';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who, string>;
const ORG = 'org_demo';
const absences: AbsenceEvent[] = [];
const presences: AbsenceEvent[] = [];
let seq = 0;

const call = (
  who: Who,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token: tokens[who], organizationId: ORG, body, query });

const mark = (participantId: string, kind: 'present' | 'absent', markedAt: string, note?: string) => ({
  markId: `m-${++seq}-${participantId}`,
  participantId,
  mark: kind,
  markedAt,
  ...(note === undefined ? {} : { note }),
});

const send = (who: Who, serviceId: string, marks: unknown[], headers?: Record<string, string>) =>
  t.request('POST', `/api/attendance/services/${serviceId}/marks`, {
    token: tokens[who],
    organizationId: ORG,
    body: { marks },
    headers,
  });

interface Sheet {
  participants: { id: string; displayName: string; initials: string; mark: string; note: string | null }[];
  counts: { present: number; absent: number; unmarked: number };
  stored?: number;
  duplicates?: number;
}

const statusOf = async (id: string) =>
  (
    await t.db
      .select({ status: participants.status })
      .from(participants)
      .where(and(eq(participants.organizationId, ORG), eq(participants.id, id)))
  )[0]!.status;

const reservedSeats = async (id: string) =>
  (
    await t.db
      .select({ n: services.reservedSeats })
      .from(services)
      .where(and(eq(services.organizationId, ORG), eq(services.id, id)))
  )[0]!.n;

const absenceAudits = (participantId: string) =>
  t.db
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.type, 'registration-attendee-absence'), eq(auditEvents.subjectId, participantId)),
    );

beforeAll(async () => {
  t = await createTestApp();
  handleAbsences(t.app.ctx, {
    async absent(_tx, event) {
      absences.push(event);
    },
    async presentAgain(_tx, event) {
      presences.push(event);
    },
  });
  for (const who of ['manager', 'estManager', 'holder', 'parent'] as const) {
    const session = await t.signIn(DEMO_ACCOUNTS[who]);
    tokens[who] = session.accessToken;
    userIds[who] = session.user.id;
  }
  const users = createUserRepository(t.db);
  await users.createAccount(ORG, {
    email: 'holder2@demo.test',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isHolder: true,
    person: { firstName: 'Inès', lastName: 'Lemoine' },
  });
  tokens.otherHolder = (await t.signIn('holder2@demo.test')).accessToken;

  const parent = await users.createAccount(ORG, {
    email: 'famille.roux@demo.test',
    passwordHash: null,
    person: { firstName: 'Claire', lastName: 'Roux', phoneNumber: '+32 471 11 22 33' },
  });
  const family = parent.user.familyId;
  const child = (firstName: string, birthdate: string) =>
    users.addFamilyMember(ORG, family, { firstName, lastName: 'Roux', birthdate });
  const kids = {
    emma: await child('Emma', '2018-03-10'),
    louis: await child('Louis', '2019-05-02'),
    noah: await child('Noah', '2017-09-01'),
    zoe: await child('Zoé', '2016-01-01'),
    adam: await child('Adam', '2015-01-01'),
  };

  await t.db.insert(blueprints).values([
    { organizationId: ORG, id: 'bp_att', name: 'Natation présences', duration: 60, maxSeats: 12 },
    { organizationId: ORG, id: 'bp_att_2', name: 'Aquagym présences', duration: 60, maxSeats: 1 },
  ]);
  const session = (id: string, start: string, status = 'confirmed') => ({
    organizationId: ORG,
    id,
    blueprintId: 'bp_att',
    startDateTime: new Date(start),
    duration: 60,
    maxSeats: 12,
    reservedSeats: 4,
    status,
  });
  await t.db.insert(services).values([
    session('svc_att', '2026-04-15T16:00:00Z'),
    session('svc_att_cancelled', '2026-04-22T16:00:00Z', 'cancelled'),
    session('svc_att_future', '2099-04-15T16:00:00Z'),
    session('svc_att_other', '2026-04-29T16:00:00Z'),
    {
      ...session('svc_att_full', '2026-05-06T16:00:00Z'),
      blueprintId: 'bp_att_2',
      maxSeats: 1,
      reservedSeats: 1,
    },
  ]);
  await t.db.insert(prestations).values([
    { organizationId: ORG, id: 'prs_att', serviceId: 'svc_att', holderUserId: userIds.holder },
    { organizationId: ORG, id: 'prs_att_c', serviceId: 'svc_att_cancelled', holderUserId: userIds.holder },
    { organizationId: ORG, id: 'prs_att_f', serviceId: 'svc_att_future', holderUserId: userIds.holder },
    { organizationId: ORG, id: 'prs_att_full', serviceId: 'svc_att_full', holderUserId: userIds.holder },
  ]);
  const row = (id: string, serviceId: string, memberId: string, status: string) => ({
    organizationId: ORG,
    id,
    serviceId,
    memberId,
    familyId: family,
    status,
    holdsSeat: status === 'confirmed',
  });
  await t.db.insert(participants).values([
    row('par_emma', 'svc_att', kids.emma.id, 'confirmed'),
    row('par_louis', 'svc_att', kids.louis.id, 'confirmed'),
    row('par_noah', 'svc_att', kids.noah.id, 'confirmed'),
    row('par_zoe', 'svc_att', kids.zoe.id, 'confirmed'),
    row('par_adam_cancelled', 'svc_att', kids.adam.id, 'cancelled'),
    row('par_emma_c', 'svc_att_cancelled', kids.emma.id, 'confirmed'),
    row('par_emma_other', 'svc_att_other', kids.emma.id, 'confirmed'),
    // A full session: Emma holds the only seat, Louis was marked absent and gave his back.
    row('par_emma_full', 'svc_att_full', kids.emma.id, 'confirmed'),
    row('par_louis_full', 'svc_att_full', kids.louis.id, 'absent'),
  ]);

  // Another organisation with its own session.
  await t.db.insert(organizations).values({ id: 'org_att_other', key: 'att-other', name: 'Autre club' });
  await t.db
    .insert(establishments)
    .values({ organizationId: 'org_att_other', id: 'est_default', name: 'Salle' });
  await t.db
    .insert(blueprints)
    .values({ organizationId: 'org_att_other', id: 'bp_other', name: 'Yoga', duration: 60, maxSeats: 10 });
  await t.db.insert(services).values({
    organizationId: 'org_att_other',
    id: 'svc_foreign',
    blueprintId: 'bp_other',
    startDateTime: new Date('2026-04-15T16:00:00Z'),
    duration: 60,
    maxSeats: 10,
  });
});
afterAll(() => t.close());

describe('GET /attendance/services', () => {
  it("lists today's and upcoming sessions, then past ones, each with its counts", async () => {
    await send('manager', 'svc_att_other', [mark('par_emma_other', 'present', '2026-04-29T16:05:00Z')]);
    const upcoming = await call('manager', 'GET', '/api/attendance/services', undefined, {
      blueprintId: 'bp_att',
    });
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    expect((upcoming.json() as { items: { id: string }[] }).items.map((s) => s.id)).toEqual([
      'svc_att_future',
    ]);

    const past = await call('manager', 'GET', '/api/attendance/services', undefined, {
      blueprintId: 'bp_att',
      when: 'past',
    });
    expect(past.statusCode, past.body).toBe(200);
    const body = past.json() as {
      items: {
        id: string;
        confirmed: number;
        marked: number;
        establishmentName: string;
        holders: unknown[];
      }[];
      total: number;
    };
    // Latest first.
    expect(body.items.map((s) => s.id)).toEqual(['svc_att_other', 'svc_att_cancelled', 'svc_att']);
    expect(body.items[0]).toMatchObject({ confirmed: 1, marked: 1 });
    expect(body.total).toBe(3);

    const range = await call('manager', 'GET', '/api/attendance/services', undefined, {
      blueprintId: 'bp_att',
      when: 'past',
      from: '2026-04-15',
      to: '2026-04-22',
    });
    expect((range.json() as { items: { id: string }[] }).items.map((s) => s.id)).toEqual([
      'svc_att_cancelled',
      'svc_att',
    ]);
  });

  it('shows a holder only the sessions he holds, an establishment manager only his establishment', async () => {
    const ids = async (who: Who) =>
      (
        (
          await call(who, 'GET', '/api/attendance/services', undefined, {
            blueprintId: 'bp_att',
            when: 'past',
          })
        ).json() as { items: { id: string }[] }
      ).items.map((s) => s.id);
    expect(await ids('holder')).toEqual(['svc_att_cancelled', 'svc_att']);
    expect(await ids('otherHolder')).toEqual([]);
    // The establishment manager of the pool does not see the main establishment's sessions.
    expect(await ids('estManager')).toEqual([]);
    expect((await call('parent', 'GET', '/api/attendance/services')).statusCode).toBe(403);
    expect((await t.request('GET', '/api/attendance/services', { organizationId: ORG })).statusCode).toBe(
      401,
    );
  });

  it('refuses a bad filter with a 400 naming it, in French and in English', async () => {
    const fr = await call('manager', 'GET', '/api/attendance/services', undefined, { when: 'demain' });
    expect(fr.statusCode).toBe(400);
    expect((fr.json() as { details: { field: string }[] }).details[0]!.field).toBe('when');
    const en = await t.request('GET', '/api/attendance/services', {
      token: tokens.manager,
      organizationId: ORG,
      query: { from: '2026-13-45' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(400);
    const detail = (en.json() as { details: { field: string; message: string }[] }).details[0]!;
    expect(detail.field).toBe('from');
    expect(detail.message).toMatch(/date/i);
  });
});

describe('GET /attendance/services/{id}', () => {
  it('lists the confirmed participants with initials, age on the day, family phone and mark', async () => {
    const r = await call('holder', 'GET', '/api/attendance/services/svc_att');
    expect(r.statusCode, r.body).toBe(200);
    const sheet = r.json() as Sheet & {
      participants: { ageMonths: number; familyPhone: string }[];
      service: { blueprintName: string };
    };
    expect(sheet.service.blueprintName).toBe('Natation présences');
    expect(sheet.participants.map((p) => p.displayName)).toEqual([
      'Emma Roux',
      'Louis Roux',
      'Noah Roux',
      'Zoé Roux',
    ]);
    expect(sheet.participants[0]).toMatchObject({
      initials: 'ER',
      ageMonths: 8 * 12 + 1,
      familyPhone: '+32 471 11 22 33',
    });
  });

  it('is for the holders of the session and the managers of its establishment', async () => {
    expect((await call('manager', 'GET', '/api/attendance/services/svc_att')).statusCode).toBe(200);
    expect((await call('otherHolder', 'GET', '/api/attendance/services/svc_att')).statusCode).toBe(404);
    expect((await call('holder', 'GET', '/api/attendance/services/svc_att_other')).statusCode).toBe(404);
    expect((await call('estManager', 'GET', '/api/attendance/services/svc_att')).statusCode).toBe(404);
    expect((await call('parent', 'GET', '/api/attendance/services/svc_att')).statusCode).toBe(403);
    expect((await call('manager', 'GET', '/api/attendance/services/svc_foreign')).statusCode).toBe(404);
  });
});

describe('POST /attendance/services/{id}/marks', () => {
  it('marks absent: the status, the audit event and the absence told once, even when sent twice', async () => {
    const batch = [
      mark('par_emma', 'present', '2026-04-15T16:02:00Z', 'En retard'),
      mark('par_louis', 'absent', '2026-04-15T16:03:00Z'),
    ];
    const first = await send('holder', 'svc_att', batch);
    expect(first.statusCode, first.body).toBe(200);
    const sheet = first.json() as Sheet;
    expect(sheet).toMatchObject({ stored: 2, duplicates: 0 });
    expect(sheet.counts).toEqual({ present: 1, absent: 1, unmarked: 2 });
    expect(sheet.participants.find((p) => p.id === 'par_emma')).toMatchObject({
      mark: 'present',
      note: 'En retard',
    });
    expect(await statusOf('par_louis')).toBe('absent');
    // An absent participant gives the seat back.
    expect(await reservedSeats('svc_att')).toBe(3);

    // The same batch again (the answer was lost on the way back): accepted, counted once.
    const again = await send('holder', 'svc_att', batch);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ stored: 0, duplicates: 2 });
    const stored = await t.db
      .select()
      .from(attendanceMarks)
      .where(and(eq(attendanceMarks.organizationId, ORG), eq(attendanceMarks.participantId, 'par_louis')));
    expect(stored).toHaveLength(1);
    const audits = await absenceAudits('par_louis');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: userIds.holder, subjectType: 'participant' });
    expect(absences.filter((a) => a.participantId === 'par_louis')).toEqual([
      {
        organizationId: ORG,
        participantId: 'par_louis',
        serviceId: 'svc_att',
        at: new Date('2026-04-15T16:03:00Z'),
        actorUserId: userIds.holder,
      },
    ]);
  });

  it('the latest mark wins whatever the order the marks arrive in; back to present', async () => {
    const later = mark('par_noah', 'present', '2026-04-15T16:10:00Z', 'Arrivé à 18h10');
    const earlier = mark('par_noah', 'absent', '2026-04-15T16:01:00Z');
    expect((await send('manager', 'svc_att', [later])).statusCode).toBe(200);
    // The older absence arrives afterwards (another device was offline): stored, not applied.
    const late = await send('holder', 'svc_att', [earlier]);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ stored: 1 });
    expect(await statusOf('par_noah')).toBe('confirmed');
    expect((late.json() as Sheet).participants.find((p) => p.id === 'par_noah')).toMatchObject({
      mark: 'present',
      note: 'Arrivé à 18h10',
    });
    expect(await absenceAudits('par_noah')).toHaveLength(0);

    // Louis, absent, came after all: present again, confirmed again.
    const back = await send('holder', 'svc_att', [mark('par_louis', 'present', '2026-04-15T16:20:00Z')]);
    expect(back.statusCode, back.body).toBe(200);
    expect(await statusOf('par_louis')).toBe('confirmed');
    expect(await reservedSeats('svc_att')).toBe(4);
    expect((back.json() as Sheet).counts).toEqual({ present: 3, absent: 0, unmarked: 1 });
    // Told through the port, so what the absence gave (a recovery token) is taken back.
    expect(presences.filter((p) => p.participantId === 'par_louis')).toEqual([
      expect.objectContaining({ serviceId: 'svc_att', at: new Date('2026-04-15T16:20:00Z') }),
    ]);
    expect(presences.filter((p) => p.participantId === 'par_noah')).toEqual([]);
    // Absent again later: a second change, a second audit event.
    await send('holder', 'svc_att', [mark('par_louis', 'absent', '2026-04-15T16:30:00Z')]);
    expect(await absenceAudits('par_louis')).toHaveLength(2);
  });

  it('refuses the marks of someone not confirmed on the session, changing nothing', async () => {
    const r = await send('holder', 'svc_att', [
      mark('par_zoe', 'absent', '2026-04-15T16:00:00Z'),
      mark('par_adam_cancelled', 'present', '2026-04-15T16:00:00Z'),
    ]);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ error: 'attendance_not_markable' });
    expect((r.json() as { details: { field: string }[] }).details[0]!.field).toBe('marks.1.participantId');
    expect(await statusOf('par_zoe')).toBe('confirmed');
    // A participant of another session is not one of this session's.
    const other = await send('manager', 'svc_att', [
      mark('par_emma_other', 'present', '2026-04-15T16:00:00Z'),
    ]);
    expect(other.statusCode).toBe(409);
  });

  it('refuses to mark present again an absent participant whose seat was taken meanwhile', async () => {
    const r = await send('holder', 'svc_att_full', [
      mark('par_louis_full', 'present', '2026-05-06T16:10:00Z'),
    ]);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ error: 'session_full' });
    expect(await statusOf('par_louis_full')).toBe('absent');
    expect(await reservedSeats('svc_att_full')).toBe(1);
  });

  it('refuses marks on a cancelled session', async () => {
    const r = await send('holder', 'svc_att_cancelled', [
      mark('par_emma_c', 'present', '2026-04-22T16:00:00Z'),
    ]);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ error: 'attendance_session_cancelled' });
  });

  it('lets only the holders of the session and its managers mark', async () => {
    const body = () => [mark('par_zoe', 'present', '2026-04-15T16:00:00Z')];
    expect((await send('otherHolder', 'svc_att', body())).statusCode).toBe(404);
    expect(
      (await send('holder', 'svc_att_other', [mark('par_emma_other', 'absent', '2026-04-29T16:00:00Z')]))
        .statusCode,
    ).toBe(404);
    expect((await send('estManager', 'svc_att', body())).statusCode).toBe(404);
    expect((await send('parent', 'svc_att', body())).statusCode).toBe(403);
    expect((await send('manager', 'svc_foreign', body())).statusCode).toBe(404);
    expect(await statusOf('par_zoe')).toBe('confirmed');
  });

  it('refuses bad input with a 400 naming the field, in French and in English', async () => {
    const fr = await send('holder', 'svc_att', [
      { ...mark('par_zoe', 'present', 'hier'), mark: 'peut-être' },
    ]);
    expect(fr.statusCode).toBe(400);
    const frFields = (fr.json() as { details: { field: string; message: string }[] }).details;
    expect(frFields.map((d) => d.field).sort()).toEqual(['marks.0.mark', 'marks.0.markedAt']);
    const en = await send(
      'holder',
      'svc_att',
      [
        {
          ...mark('par_zoe', 'present', '2026-04-15T16:00:00Z'),
          note: 'x'.repeat(501),
          markId: 'y'.repeat(65),
        },
      ],
      { 'accept-language': 'en' },
    );
    expect(en.statusCode).toBe(400);
    const enDetails = (en.json() as { details: { field: string; message: string }[] }).details;
    expect(enDetails.map((d) => d.field).sort()).toEqual(['marks.0.markId', 'marks.0.note']);
    expect(enDetails.find((d) => d.field === 'marks.0.note')!.message).toMatch(/500/);
    const tooMany = await send(
      'holder',
      'svc_att',
      Array.from({ length: 501 }, () => mark('par_zoe', 'present', '2026-04-15T16:00:00Z')),
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await send('holder', 'svc_att', [])).statusCode).toBe(400);
  });
});

describe('the demo', () => {
  it('has attendance taken on its past sessions: mostly present, a few absent with notes', async () => {
    const rows = await t.db
      .select({ status: participants.status, note: participants.attendanceNote })
      .from(participants)
      .where(and(eq(participants.organizationId, ORG), isNotNull(participants.attendanceMarkedAt)));
    const absent = rows.filter((row) => row.status === 'absent');
    expect(rows.length).toBeGreaterThan(20);
    expect(absent.length).toBeGreaterThan(0);
    expect(absent.length).toBeLessThan(rows.length / 4);
    expect(absent.some((row) => row.note)).toBe(true);
  });
});

describe('an absence in the application as it runs', () => {
  it('gives the family a recovery token, once, through the port the recovery module plugs in', async () => {
    // The tests above listen to the port themselves; the application plugs the recovery module in.
    registerRecoveryTokens(t.app.ctx);
    // Recovery is allowed for public (and protected) activities only.
    await t.database.query(
      `update blueprints set visibility = 'public' where organization_id = $1 and id = 'bp_att'`,
      [ORG],
    );
    for (let i = 0; i < 2; i++) {
      const r = await send('manager', 'svc_att_other', [
        mark('par_emma_other', 'absent', '2026-04-29T16:05:00Z'),
      ]);
      expect(r.statusCode, r.body).toBe(200);
    }
    const tokensGiven = await t.database.query<{ origin: string; status: string; family_id: string }>(
      `select origin, status, family_id from recovery_tokens
       where organization_id = $1 and origin_participant_id = 'par_emma_other'`,
      [ORG],
    );
    expect(tokensGiven).toHaveLength(1);
    expect(tokensGiven[0]).toMatchObject({ origin: 'absence', status: 'available' });
  });
});
