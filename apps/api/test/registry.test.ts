import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import {
  auditTypes,
  BP,
  createPeriod,
  createSession,
  expectSeatsConsistent,
  ORG,
  participantRow,
  type RegistryFixture,
  setupRegistry,
} from './helpers/registry-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Participant {
  id: string;
  status: string;
  member: { id: string; firstName: string; lastName: string };
  familyId: string;
  service: { id: string; blueprintId: string; startDateTime: string };
  canCancel: boolean;
  cartLinked: boolean;
}
interface Page {
  items: Participant[];
  total: number;
  page: number;
  pageSize: number;
}
interface DirectResult {
  registered: Participant[];
  refused: { serviceId: string; memberId: string; reason: string; message: string }[];
}

let t: TestApp;
let f: RegistryFixture;
const touched: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await setupRegistry(t);
});
afterAll(() => t.close());

async function session(blueprintId: string, options: Parameters<typeof createSession>[2] = {}) {
  const id = await createSession(t, blueprintId, options);
  touched.push(id);
  return id;
}

async function register(
  serviceIds: string[],
  memberIds: string[],
  who: 'manager' | 'estManager' = 'manager',
) {
  const r = await f.call(who, 'POST', '/api/participants', { serviceIds, memberIds });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as DirectResult;
}

describe('direct registration by managers', () => {
  it('confirms members at once, private activities and age limits included, and audits it', async () => {
    const privateSession = await session(BP.private);
    const adults = await session(BP.adults, { daysAhead: 15 });
    const result = await register([privateSession, adults], [f.members.lea]);
    expect(result.refused).toEqual([]);
    expect(result.registered).toHaveLength(2);
    for (const p of result.registered) {
      expect(p).toMatchObject({ status: 'confirmed', cartLinked: false, member: { id: f.members.lea } });
      expect(await auditTypes(t, p.id)).toEqual(['registration-created', 'registration-confirmed']);
      expect((await participantRow(t, p.id)).holds_seat).toBe(true);
    }
    await expectSeatsConsistent(t, touched);
  });

  it('refuses each pair on its own: full (complet), already registered, overlapping, unknown', async () => {
    const small = await session(BP.public, { daysAhead: 16, maxSeats: 1 });
    const result = await register([small, 'svc_unknown'], [f.members.lea, f.members.tom, f.otherMemberId]);
    expect(result.registered.map((p) => p.member.id)).toEqual([f.members.lea]);
    const reasons = result.refused.map((r) => [r.serviceId, r.memberId, r.reason]);
    expect(reasons).toEqual([
      [small, f.members.tom, 'full'],
      [small, f.otherMemberId, 'not-found'],
      ['svc_unknown', f.members.lea, 'not-found'],
      ['svc_unknown', f.members.tom, 'not-found'],
      ['svc_unknown', f.otherMemberId, 'not-found'],
    ]);
    expect(result.refused[0]!.message).toMatch(/complète/);
    const again = await register([small], [f.members.lea]);
    expect(again.refused[0]).toMatchObject({ reason: 'already-registered' });
    expect(again.refused[0]!.message).toMatch(/déjà inscrit/);
    await expectSeatsConsistent(t, touched);
  });

  it('keeps an establishment manager to its establishment; holders and families may not', async () => {
    const pool = await session(BP.pool, { daysAhead: 17 });
    const main = await session(BP.public, { daysAhead: 17, start: new Date(Date.now() + 17.5 * 86_400_000) });
    const result = await register([pool, main], [f.members.zoe], 'estManager');
    expect(result.registered.map((p) => p.service.id)).toEqual([pool]);
    expect(result.refused).toMatchObject([{ serviceId: main, reason: 'not-found' }]);
    for (const who of ['holder', 'parent'] as const) {
      const r = await f.call(who, 'POST', '/api/participants', {
        serviceIds: [pool],
        memberIds: [f.members.zoe],
      });
      expect(r.statusCode).toBe(403);
    }
    await expectSeatsConsistent(t, touched);
  });

  it('answers 400 in French for bad input', async () => {
    const r = await f.call('manager', 'POST', '/api/participants', { serviceIds: [], memberIds: 'x' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Les données fournies sont invalides.');
    expect(
      r
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['memberIds', 'serviceIds']);
  });
});

describe('the registry list', () => {
  let period: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    period = await createPeriod(t, 'Registre', '2020-01-01', '2030-12-31');
    first = await session(BP.protected, { daysAhead: 30, periodId: period, maxSeats: 5 });
    second = await session(BP.protected, { daysAhead: 31, periodId: period, maxSeats: 5 });
    await register([second, first], [f.members.tom, f.members.zoe, f.members.lea]);
  });

  const list = async (query: Record<string, string>, who: 'manager' | 'estManager' | 'admin' = 'manager') => {
    const r = await f.call(who, 'GET', '/api/participants', undefined, query);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Page;
  };

  it('lists by session start then member name, filtered by period, activity, session, status, member, name', async () => {
    const page = await list({ periodId: period });
    expect(page.total).toBe(6);
    expect(page.items.map((p) => [p.service.id, p.member.firstName])).toEqual([
      // Last name, then first name: Martin before the parent's family.
      [first, 'Zoé'],
      [first, 'Léa'],
      [first, 'Tom'],
      [second, 'Zoé'],
      [second, 'Léa'],
      [second, 'Tom'],
    ]);
    expect(page.items.every((p) => p.canCancel && p.status === 'confirmed')).toBe(true);
    expect((await list({ serviceId: second })).total).toBe(3);
    expect((await list({ blueprintId: BP.protected, memberId: f.members.zoe })).total).toBe(2);
    expect((await list({ periodId: period, q: 'zo' })).items.map((p) => p.member.firstName)).toEqual([
      'Zoé',
      'Zoé',
    ]);
    expect((await list({ periodId: period, q: 'martin zoé x' })).total).toBe(0);
    expect((await list({ periodId: period, q: 'Zoé Martin' })).total).toBe(2);
    expect((await list({ periodId: period, status: 'cancelled' })).total).toBe(0);
    const paged = await list({ periodId: period, pageSize: '4', page: '2' });
    expect(paged).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(paged.items.map((p) => p.member.firstName)).toEqual(['Léa', 'Tom']);
  });

  it('shows an establishment manager only its establishment, and refuses families and holders', async () => {
    const ours = await list({ periodId: period }, 'estManager');
    expect(ours.total).toBe(0);
    const pool = await list({ blueprintId: BP.pool }, 'estManager');
    expect(pool.total).toBe(1);
    for (const who of ['holder', 'parent'] as const) {
      expect((await f.call(who, 'GET', '/api/participants')).statusCode).toBe(403);
    }
    const bad = await f.call('manager', 'GET', '/api/participants', undefined, {
      status: 'nope',
      pageSize: '0',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Les données fournies sont invalides.');
    // Another organisation's participants never show.
    expect((await list({ memberId: f.otherMemberId })).total).toBe(0);
  });

  it('counts the period’s registrations and lists the session’s attendees', async () => {
    const r = await f.call('manager', 'GET', `/api/periods/${period}`);
    expect(r.json().registrationsCount).toBe(6);
    const s = await f.call('manager', 'GET', `/api/services/${first}`);
    expect(s.statusCode).toBe(200);
    const attendees = s.json().attendees as { displayName: string; status: string }[];
    expect(attendees).toHaveLength(3);
    expect(attendees.map((a) => a.displayName)).toContain('Zoé Martin');
    expect(attendees.every((a) => a.status === 'confirmed')).toBe(true);
    expect(s.json().seats.reservedSeats).toBe(3);
  });
});

describe('moving a participant', () => {
  it('moves the seat to the new session in one step, and refuses a full or already attended one', async () => {
    const from = await session(BP.public, { daysAhead: 40, maxSeats: 2 });
    const to = await session(BP.public, { daysAhead: 41, maxSeats: 1 });
    const { registered } = await register([from], [f.members.lea, f.members.tom]);
    const lea = registered.find((p) => p.member.id === f.members.lea)!;
    const tom = registered.find((p) => p.member.id === f.members.tom)!;
    const moved = await f.call('manager', 'POST', `/api/participants/${lea.id}/move`, { serviceId: to });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: lea.id, status: 'confirmed', service: { id: to } });
    expect(await auditTypes(t, lea.id)).toContain('registration-moved');
    await expectSeatsConsistent(t, [from, to]);

    const full = await f.call('manager', 'POST', `/api/participants/${tom.id}/move`, { serviceId: to });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe('session_full');
    expect(full.json().message).toBe('Cette séance est complète.');
    await register([to], [f.members.zoe]).then((r) => expect(r.refused[0]!.reason).toBe('full'));

    const back = await f.call('manager', 'POST', `/api/participants/${lea.id}/move`, { serviceId: from });
    expect(back.statusCode).toBe(200);
    const third = await session(BP.public, { daysAhead: 42, maxSeats: 3 });
    await register([third], [f.members.tom]);
    const twice = await f.call('manager', 'POST', `/api/participants/${tom.id}/move`, { serviceId: third });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('already_registered');
    expect(twice.json().message).toBe('Ce membre est déjà inscrit à cette séance.');
    await expectSeatsConsistent(t, [from, to, third]);
  });

  it('answers 404 outside the manager’s reach, 403 to families, 400 for bad input', async () => {
    const pool = await session(BP.pool, { daysAhead: 43, maxSeats: 3 });
    const main = await session(BP.public, { daysAhead: 44, maxSeats: 3 });
    const { registered } = await register([main], [f.members.noe]);
    const id = registered[0]!.id;
    expect(
      (await f.call('estManager', 'POST', `/api/participants/${id}/move`, { serviceId: pool })).statusCode,
    ).toBe(404);
    expect(
      (await f.call('manager', 'POST', `/api/participants/${f.otherParticipantId}/move`, { serviceId: main }))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.call('manager', 'POST', `/api/participants/${id}/move`, { serviceId: f.otherServiceId }))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.call('parent3', 'POST', `/api/participants/${id}/move`, { serviceId: pool })).statusCode,
    ).toBe(403);
    expect(
      (await f.call('holder', 'POST', `/api/participants/${id}/move`, { serviceId: pool })).statusCode,
    ).toBe(403);
    const bad = await f.call('manager', 'POST', `/api/participants/${id}/move`, { serviceId: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Les données fournies sont invalides.');
    await expectSeatsConsistent(t, [pool, main]);
  });
});

describe('cancelling', () => {
  it('lets a manager cancel any live registration, e-mailing the family', async () => {
    const s = await session(BP.public, { daysAhead: 50, maxSeats: 2 });
    const { registered } = await register([s], [f.members.zoe]);
    const id = registered[0]!.id;
    const r = await f.call('manager', 'POST', `/api/participants/${id}/cancel`, {
      reason: 'Groupe réorganisé',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'cancelled', canCancel: false });
    const row = await participantRow(t, id);
    expect(row).toMatchObject({ status: 'cancelled', holds_seat: false, cancel_reason: 'Groupe réorganisé' });
    expect(row.cancelled_at).not.toBeNull();
    expect(await auditTypes(t, id)).toContain('registration-cancelled');
    const mail = await t.waitForMail(f.emails.parent2);
    expect(mail.subject).toMatch(/^Inscription annulée : Judo test/);
    expect(mail.text).toContain('Zoé Martin');
    expect(mail.text).toContain('Motif : Groupe réorganisé');
    const again = await f.call('manager', 'POST', `/api/participants/${id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    await expectSeatsConsistent(t, [s]);
  });

  it('lets a family cancel its own upcoming registration, not another family’s nor a past one', async () => {
    const s = await session(BP.public, { daysAhead: 51, maxSeats: 3 });
    const { registered } = await register([s], [f.members.lea, f.members.zoe]);
    const lea = registered.find((p) => p.member.id === f.members.lea)!.id;
    const zoe = registered.find((p) => p.member.id === f.members.zoe)!.id;
    expect((await f.call('parent', 'POST', `/api/participants/${zoe}/cancel`)).statusCode).toBe(404);
    expect((await f.call('holder', 'POST', `/api/participants/${lea}/cancel`)).statusCode).toBe(404);
    expect(
      (await f.call('parent', 'POST', `/api/participants/${f.otherParticipantId}/cancel`)).statusCode,
    ).toBe(404);
    const r = await f.call('parent', 'POST', `/api/me/registrations/${lea}/cancel`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().status).toBe('cancelled');
    // The family is told its cancellation was made.
    await t.app.ctx.queue.runUntilIdle();
    const told = t.inbox.mailsTo(f.emails.parent).filter((m) => m.subject.startsWith('Inscription annulée'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("comme vous l'avez demandé");
    // A past session can no longer be cancelled by the family (a manager still can).
    const past = await session(BP.public, { start: new Date(Date.now() - 86_400_000), maxSeats: 3 });
    const id = newId('reg');
    await t.db.insert(participants).values({
      organizationId: ORG,
      id,
      serviceId: past,
      memberId: f.members.tom,
      familyId: f.families.parent,
      status: 'confirmed',
    });
    const late = await f.call('parent', 'POST', `/api/participants/${id}/cancel`, { reason: 'trop tard' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('registration_not_cancellable');
    expect(late.json().message).toBe('Cette inscription ne peut plus être annulée.');
    const bad = await f.call('parent', 'POST', `/api/participants/${id}/cancel`, { reason: 'x'.repeat(600) });
    expect(bad.statusCode).toBe(400);
    expect((await f.call('manager', 'POST', `/api/participants/${id}/cancel`)).statusCode).toBe(200);
    await expectSeatsConsistent(t, [s, past]);
  });
});

describe('what registrations open elsewhere', () => {
  it('shows a family the sessions its members take part in, and the private activities it joined', async () => {
    const s = await session(BP.private, { daysAhead: 60, maxSeats: 3 });
    const from = new Date(Date.now() + 59 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 61 * 86_400_000).toISOString();
    const calendar = async () => {
      const r = await f.call('parent3', 'GET', '/api/calendar/items', undefined, { from, to });
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().items as { id: string }[]).map((i) => i.id);
    };
    const catalog = async () => {
      const r = await f.call('parent3', 'GET', `/api/catalog/blueprints/${BP.private}`);
      return r.statusCode;
    };
    expect(await calendar()).toEqual([]);
    expect(await catalog()).toBe(404);
    const { registered } = await register([s], [f.members.noe]);
    expect(await calendar()).toEqual([s]);
    expect(await catalog()).toBe(200);
    await f.call('manager', 'POST', `/api/participants/${registered[0]!.id}/cancel`);
    expect(await calendar()).toEqual([]);
  });

  it('cancels a removed member’s registrations once the family confirms', async () => {
    const s = await session(BP.public, { daysAhead: 70, maxSeats: 3 });
    const child = await f.call('parent3', 'POST', '/api/me/delegated', {
      firstName: 'Lou',
      lastName: 'Renard',
      gender: 'F',
      birthdate: '2016-01-01',
    });
    expect(child.statusCode, child.body).toBe(201);
    const { registered } = await register([s], [child.json().id]);
    const refused = await f.call('parent3', 'DELETE', `/api/me/delegated/${child.json().id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('member_has_future_registrations');
    expect(refused.json().details[0].message).toMatch(/^Judo test/);
    const removed = await f.call('parent3', 'DELETE', `/api/me/delegated/${child.json().id}`, undefined, {
      confirm: 'true',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await participantRow(t, registered[0]!.id)).toMatchObject({
      status: 'cancelled',
      holds_seat: false,
    });
    await expectSeatsConsistent(t, [s]);
  });
});

describe('every touched session', () => {
  it('keeps the seat counter equal to the seat-holding registrations', async () => {
    await expectSeatsConsistent(t, touched);
  });
});
