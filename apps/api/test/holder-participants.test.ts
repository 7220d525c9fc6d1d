import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueprints, participants, prestations, services } from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { hashPassword } from '../src/lib/password';
import { createUserRepository } from '../src/modules/users/user.repository';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A holder's session page (`/holdings/services/{id}`) lists who comes: `GET /services/{id}/participants`
 * answers the confirmed participants (and those then marked absent), each with their age on the day of
 * the session and a family phone; never invited, pending (reserved, awaiting review) or cancelled ones.
 * A holder sees only the sessions they hold.
 */

type Who = 'manager' | 'estManager' | 'holder' | 'parent' | 'otherHolder';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who, string>;
const ORG = 'org_demo';

const call = (who: Who, url: string) => t.request('GET', url, { token: tokens[who], organizationId: ORG });

beforeAll(async () => {
  t = await createTestApp();
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

  // A family: the parent has the phone, the children none.
  const parent = await users.createAccount(ORG, {
    email: 'famille.dubois@demo.test',
    passwordHash: null,
    person: { firstName: 'Sophie', lastName: 'Dubois', phoneNumber: '+32 471 11 22 33' },
  });
  const family = parent.user.familyId;
  const child = (firstName: string, birthdate: string | null, phoneNumber?: string) =>
    users.addFamilyMember(ORG, family, { firstName, lastName: 'Dubois', birthdate, phoneNumber });
  const emma = await child('Emma', '2018-03-10');
  const louis = await child('Louis', '2025-11-02');
  const noah = await child('Noah', null, '+32 472 99 88 77');
  const invited = await child('Inès', '2017-01-01');
  const reserved = await child('Rayan', '2016-01-01');
  const review = await child('Vera', '2015-01-01');
  const cancelled = await child('Zoé', '2014-01-01');
  const absent = await child('Adam', '2013-01-01');

  await t.db
    .insert(blueprints)
    .values({ organizationId: ORG, id: 'bp_h_foot', name: 'Football test', duration: 90, maxSeats: 16 });
  await t.db.insert(services).values([
    {
      organizationId: ORG,
      id: 'svc_h_foot',
      blueprintId: 'bp_h_foot',
      // 18:00 in Brussels on 15 April 2026.
      startDateTime: new Date('2026-04-15T16:00:00Z'),
      duration: 90,
      maxSeats: 16,
    },
    {
      organizationId: ORG,
      id: 'svc_h_other',
      blueprintId: 'bp_h_foot',
      startDateTime: new Date('2026-04-22T16:00:00Z'),
      duration: 90,
      maxSeats: 16,
    },
  ]);
  await t.db.insert(prestations).values({
    organizationId: ORG,
    id: 'prs_h_foot',
    serviceId: 'svc_h_foot',
    holderUserId: userIds.holder,
  });
  const row = (id: string, memberId: string, status: string) => ({
    organizationId: ORG,
    id,
    serviceId: 'svc_h_foot',
    memberId,
    familyId: family,
    status,
  });
  await t.db
    .insert(participants)
    .values([
      row('par_h_emma', emma.id, 'confirmed'),
      row('par_h_louis', louis.id, 'confirmed'),
      row('par_h_noah', noah.id, 'confirmed'),
      row('par_h_invited', invited.id, 'invited'),
      row('par_h_reserved', reserved.id, 'reserved'),
      row('par_h_review', review.id, 'needs-review'),
      row('par_h_cancelled', cancelled.id, 'cancelled'),
      row('par_h_absent', absent.id, 'absent'),
    ]);
});
afterAll(() => t.close());

describe('GET /services/{id}/participants', () => {
  it('lists only who comes, with their status, age on the day and a family phone', async () => {
    const r = await call('holder', '/api/services/svc_h_foot/participants');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as {
      items: { displayName: string; status: string; ageMonths: number | null; familyPhone: string | null }[];
      coming: number;
    };
    expect(body.items.map((p) => [p.displayName, p.status, p.ageMonths, p.familyPhone])).toEqual([
      ['Adam Dubois', 'absent', 13 * 12 + 3, '+32 471 11 22 33'],
      ['Emma Dubois', 'confirmed', 8 * 12 + 1, '+32 471 11 22 33'],
      ['Louis Dubois', 'confirmed', 5, '+32 471 11 22 33'],
      // The participant's own number comes first.
      ['Noah Dubois', 'confirmed', null, '+32 472 99 88 77'],
    ]);
    expect(body.coming).toBe(3);
  });

  it('the session itself shows a holder no invited, pending or cancelled participant', async () => {
    const r = await call('holder', '/api/services/svc_h_foot');
    expect(r.statusCode, r.body).toBe(200);
    const statuses = (r.json() as { attendees: { status: string }[] }).attendees.map((a) => a.status);
    expect(statuses.sort()).toEqual(['absent', 'confirmed', 'confirmed', 'confirmed']);
    // A manager still sees every live registration there.
    const managed = await call('manager', '/api/services/svc_h_foot');
    expect((managed.json() as { attendees: unknown[] }).attendees).toHaveLength(7);
  });

  it('is for the holders of the session and the managers', async () => {
    expect((await call('manager', '/api/services/svc_h_foot/participants')).statusCode).toBe(200);
    // Another holder, or a session this holder does not hold: as if it did not exist.
    expect((await call('otherHolder', '/api/services/svc_h_foot/participants')).statusCode).toBe(404);
    expect((await call('holder', '/api/services/svc_h_other/participants')).statusCode).toBe(404);
    // The establishment manager of the pool does not reach a session of the main establishment.
    expect((await call('estManager', '/api/services/svc_h_foot/participants')).statusCode).toBe(404);
    // A family never.
    expect((await call('parent', '/api/services/svc_h_foot/participants')).statusCode).toBe(403);
    expect(
      (await t.request('GET', '/api/services/svc_h_foot/participants', { organizationId: ORG })).statusCode,
    ).toBe(401);
  });

  it('refuses a malformed id and answers 404 for an unknown one', async () => {
    expect((await call('holder', `/api/services/${'x'.repeat(120)}/participants`)).statusCode).toBe(400);
    expect((await call('manager', '/api/services/svc_unknown/participants')).statusCode).toBe(404);
  });
});
