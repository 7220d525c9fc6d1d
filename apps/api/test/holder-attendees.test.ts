import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueprints, participants, prestations, services } from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { hashPassword } from '../src/lib/password';
import { createUserRepository } from '../src/modules/users/user.repository';
import { createPeriod } from './helpers/order-fixtures';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The holder's attendees (`GET /holdings/attendees`): everyone confirmed (or marked absent) at the
 * sessions the holder holds in the current period, with sessions, absences, attendance rate, a family
 * phone and e-mail; searchable; a holder sees their own only. A session's attendance sheet is a real PDF
 * listing who comes.
 */

type Who = 'manager' | 'estManager' | 'holder' | 'parent' | 'otherHolder';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who, string>;
const ORG = 'org_demo';
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

const call = (who: Who, url: string, query?: Record<string, string>, headers?: Record<string, string>) =>
  t.request('GET', url, { token: tokens[who], organizationId: ORG, query, headers });

interface Attendee {
  displayName: string;
  ageMonths: number | null;
  sessions: number;
  pastSessions: number;
  absences: number;
  attendanceRate: number | null;
  familyPhone: string | null;
  familyEmail: string | null;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'estManager', 'holder', 'parent'] as const) {
    const session = await t.signIn(DEMO_ACCOUNTS[who]);
    tokens[who] = session.accessToken;
    userIds[who] = session.user.id;
  }
  const users = createUserRepository(t.db);
  const other = await users.createAccount(ORG, {
    email: 'holder3@demo.test',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isHolder: true,
    person: { firstName: 'Inès', lastName: 'Lemoine' },
  });
  userIds.otherHolder = other.user.id;
  tokens.otherHolder = (await t.signIn('holder3@demo.test')).accessToken;
  await createPeriod(t.db, { name: 'Trimestre en cours', startDate: day(-30), endDate: day(60) });

  const parent = await users.createAccount(ORG, {
    email: 'famille.peeters@demo.test',
    passwordHash: null,
    person: { firstName: 'Anne', lastName: 'Peeters', phoneNumber: '+32 478 12 34 56' },
  });
  const family = parent.user.familyId;
  const child = (firstName: string, birthdate: string) =>
    users.addFamilyMember(ORG, family, { firstName, lastName: 'Peeters', birthdate });
  const zoe = await child('Zoé', '2018-03-10');
  const hugo = await child('Hugo', '2016-06-01');
  const lina = await child('Lina', '2015-01-01');

  await t.db
    .insert(blueprints)
    .values({ organizationId: ORG, id: 'bp_att_swim', name: 'Natation loisirs', duration: 60, maxSeats: 12 });
  const session = (id: string, offset: number, status = 'confirmed') => ({
    organizationId: ORG,
    id,
    blueprintId: 'bp_att_swim',
    startDateTime: new Date(Date.now() + offset * DAY),
    duration: 60,
    maxSeats: 12,
    status,
  });
  await t.db
    .insert(services)
    .values([
      session('svc_att_1', -14),
      session('svc_att_2', -7),
      session('svc_att_3', -1),
      session('svc_att_4', 6),
      session('svc_att_off', 3, 'cancelled'),
      session('svc_att_other', 2),
    ]);
  await t.db.insert(prestations).values([
    ...['svc_att_1', 'svc_att_2', 'svc_att_3', 'svc_att_4', 'svc_att_off'].map((serviceId) => ({
      organizationId: ORG,
      id: `prs_${serviceId}`,
      serviceId,
      holderUserId: userIds.holder,
    })),
    {
      organizationId: ORG,
      id: 'prs_att_other',
      serviceId: 'svc_att_other',
      holderUserId: userIds.otherHolder,
    },
  ]);
  let n = 0;
  const registration = (serviceId: string, memberId: string, status: string) => ({
    organizationId: ORG,
    id: `par_att_${++n}`,
    serviceId,
    memberId,
    familyId: family,
    status,
  });
  await t.db.insert(participants).values([
    // Zoé: four sessions, three held, absent once.
    registration('svc_att_1', zoe.id, 'confirmed'),
    registration('svc_att_2', zoe.id, 'absent'),
    registration('svc_att_3', zoe.id, 'confirmed'),
    registration('svc_att_4', zoe.id, 'confirmed'),
    // Hugo: two sessions held, there each time; a cancelled one and one on a cancelled session do not count.
    registration('svc_att_1', hugo.id, 'confirmed'),
    registration('svc_att_2', hugo.id, 'confirmed'),
    registration('svc_att_3', hugo.id, 'cancelled'),
    registration('svc_att_off', hugo.id, 'confirmed'),
    // Lina: only at the other holder's session, and invited to one of ours.
    registration('svc_att_other', lina.id, 'confirmed'),
    registration('svc_att_4', lina.id, 'invited'),
  ]);
});
afterAll(() => t.close());

describe('GET /holdings/attendees', () => {
  it("lists the holder's attendees with sessions, absences, attendance rate and the family's contact", async () => {
    const r = await call('holder', '/api/holdings/attendees');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as {
      items: Attendee[];
      sessions: { id: string; coming: number }[];
      periods: { name: string }[];
    };
    const ours = body.items.filter((a) => a.displayName.endsWith('Peeters'));
    expect(
      ours.map((a) => [a.displayName, a.sessions, a.pastSessions, a.absences, a.attendanceRate]),
    ).toEqual([
      ['Hugo Peeters', 2, 2, 0, 100],
      ['Zoé Peeters', 4, 3, 1, 67],
    ]);
    expect(ours[0]).toMatchObject({
      familyPhone: '+32 478 12 34 56',
      familyEmail: 'famille.peeters@demo.test',
    });
    expect(ours[1]!.ageMonths).toBeGreaterThan(8 * 12);
    // The held sessions (to print one's list), the cancelled one left out, each with who comes.
    const held = body.sessions.filter((s) => s.id.startsWith('svc_att'));
    expect(held.map((s) => [s.id, s.coming])).toEqual([
      ['svc_att_1', 2],
      ['svc_att_2', 2],
      ['svc_att_3', 1],
      ['svc_att_4', 1],
    ]);
    expect(body.periods.map((p) => p.name)).toContain('Trimestre en cours');
  });

  it('searches by name', async () => {
    // The demo holder's swimmers include another Zoé: the family name narrows it down.
    const r = await call('holder', '/api/holdings/attendees', { q: 'zoé pee' });
    expect((r.json() as { items: Attendee[] }).items.map((a) => a.displayName)).toEqual(['Zoé Peeters']);
    const byLast = await call('holder', '/api/holdings/attendees', { q: 'Peeters Hu' });
    expect((byLast.json() as { items: Attendee[] }).items.map((a) => a.displayName)).toEqual([
      'Hugo Peeters',
    ]);
    const none = await call('holder', '/api/holdings/attendees', { q: '%' });
    expect((none.json() as { items: Attendee[] }).items).toEqual([]);
  });

  it('a holder sees only their own; managers may name the holder; a family never', async () => {
    const mine = await call('otherHolder', '/api/holdings/attendees');
    expect((mine.json() as { items: Attendee[] }).items.map((a) => a.displayName)).toEqual(['Lina Peeters']);
    expect(
      (await call('otherHolder', '/api/holdings/attendees', { holderId: userIds.holder })).statusCode,
    ).toBe(403);
    const named = await call('manager', '/api/holdings/attendees', { holderId: userIds.holder });
    expect(named.statusCode, named.body).toBe(200);
    const peeters = (body: unknown) =>
      (body as { items: Attendee[] }).items
        .map((a) => a.displayName)
        .filter((name) => name.endsWith('Peeters'));
    expect(peeters(named.json())).toEqual(['Hugo Peeters', 'Zoé Peeters']);
    // The pool's establishment manager does not reach the main establishment's sessions.
    const pool = await call('estManager', '/api/holdings/attendees', { holderId: userIds.holder });
    expect(pool.statusCode).toBe(200);
    expect(peeters(pool.json())).toEqual([]);
    expect((await call('parent', '/api/holdings/attendees')).statusCode).toBe(403);
    expect((await t.request('GET', '/api/holdings/attendees', { organizationId: ORG })).statusCode).toBe(401);
    expect((await call('holder', '/api/holdings/attendees', { q: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await call('manager', '/api/holdings/attendees', { holderId: 'x'.repeat(150) })).statusCode).toBe(
      400,
    );
  });
});

describe('GET /services/{id}/attendance-sheet.pdf', () => {
  it('is a real PDF listing who comes, with their age, phone, a box and a notes column', async () => {
    const r = await call('holder', '/api/services/svc_att_1/attendance-sheet.pdf');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="presences-.+\.pdf"$/);
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(new Uint8Array(r.rawPayload));
    expect(text).toContain('Liste de présence');
    expect(text).toContain('Natation loisirs');
    expect(text).toContain('Hugo Peeters');
    expect(text).toContain('Zoé Peeters');
    expect(text).toContain('+32 478 12 34 56');
    expect(text).toContain('Remarques');
    expect(text).toContain('2 participants');
    expect(text).not.toContain('Lina');
    const english = await call('holder', '/api/services/svc_att_1/attendance-sheet.pdf', undefined, {
      'accept-language': 'en',
    });
    expect(await pdfText(new Uint8Array(english.rawPayload))).toContain('Attendance sheet');
  });

  it('for the holders of the session and the managers only', async () => {
    expect((await call('manager', '/api/services/svc_att_1/attendance-sheet.pdf')).statusCode).toBe(200);
    expect((await call('otherHolder', '/api/services/svc_att_1/attendance-sheet.pdf')).statusCode).toBe(404);
    expect((await call('parent', '/api/services/svc_att_1/attendance-sheet.pdf')).statusCode).toBe(403);
    expect((await call('manager', '/api/services/svc_nope/attendance-sheet.pdf')).statusCode).toBe(404);
  });
});
