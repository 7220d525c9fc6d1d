import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, blueprints, blueprintSupplements } from '../src/db/schema';
import { releaseExpiredHolds } from '../src/modules/registrations/holds.job';
import {
  auditTypes,
  BP,
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
  member: { id: string };
  service: { id: string };
  reviewReason: string | null;
  reviewNote: string | null;
  reviewAnswer: string | null;
  cartLinked: boolean;
  holdExpiresAt: string | null;
  invitationExpiresAt: string | null;
}

let t: TestApp;
let f: RegistryFixture;
const touched: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await setupRegistry(t);
  await t.db
    .insert(blueprints)
    .values({ organizationId: ORG, id: 'bp_r_hidden', name: 'Caché test', duration: 60, maxSeats: 5 });
});
afterAll(() => t.close());

async function session(blueprintId: string, options: Parameters<typeof createSession>[2] = {}) {
  const id = await createSession(t, blueprintId, options);
  touched.push(id);
  return id;
}

type Family = 'parent' | 'parent2' | 'parent3';
const ask = (who: Family | 'manager' | 'holder', body: Record<string, unknown>, locale?: 'fr' | 'en') =>
  f.call(who, 'POST', '/api/registrations/requests', body, undefined, locale);

async function request(who: Family, serviceId: string, memberId: string, reason: string, note?: string) {
  const r = await ask(who, { serviceId, memberId, reason, note });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Participant;
}

async function fill(serviceId: string, memberIds: string[]) {
  const r = await f.call('manager', 'POST', '/api/participants', { serviceIds: [serviceId], memberIds });
  expect(r.json().refused, r.body).toEqual([]);
}

const decide = (who: 'manager' | 'estManager' | 'holder' | 'parent', id: string, body: unknown) =>
  f.call(who, 'POST', `/api/participants/${id}/review`, body);

describe('requests from families', () => {
  it('asks for an age exception when the member is outside the range, and refuses duplicates', async () => {
    const adults = await session(BP.adults, { daysAhead: 10 });
    const p = await request('parent', adults, f.members.tom, 'age', 'Il nage très bien');
    expect(p).toMatchObject({
      status: 'needs-review',
      reviewReason: 'age',
      reviewNote: 'Il nage très bien',
      cartLinked: false,
    });
    expect(await participantRow(t, p.id)).toMatchObject({ holds_seat: false });
    expect(await auditTypes(t, p.id)).toEqual(['registration-created']);
    const twice = await ask('parent', { serviceId: adults, memberId: f.members.tom, reason: 'age' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('already_registered');
    expect(twice.json().message).toMatch(/Une demande pour .+ est déjà en attente/);
    const within = await session(BP.public, { daysAhead: 11 });
    const useless = await ask('parent', { serviceId: within, memberId: f.members.lea, reason: 'age' });
    expect(useless.statusCode).toBe(409);
    expect(useless.json().error).toBe('request_not_needed_age');
    expect(useless.json().message).toBe(
      "Ce membre a l'âge requis pour cette activité : inscrivez-le directement, sans demande.",
    );
    await expectSeatsConsistent(t, touched);
  });

  it('puts a member on a full session’s waiting list, not on one with free seats', async () => {
    const s = await session(BP.public, { daysAhead: 12, maxSeats: 1 });
    const open = await ask('parent', { serviceId: s, memberId: f.members.lea, reason: 'waiting-list' });
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toBe('request_not_needed_seats');
    expect(open.json().message).toMatch(/Des places sont encore libres/);
    await fill(s, [f.members.zoe]);
    const p = await request('parent', s, f.members.lea, 'waiting-list');
    expect(p).toMatchObject({ status: 'needs-review', reviewReason: 'waiting-list' });
    // Everything else must pass: the age too.
    const adults = await session(BP.adults, { daysAhead: 12, maxSeats: 1 });
    await fill(adults, [f.members.parent]);
    const tooYoung = await ask(
      'parent3',
      { serviceId: adults, memberId: f.members.noe, reason: 'waiting-list' },
      'en',
    );
    expect(tooYoung.statusCode).toBe(409);
    expect(tooYoung.json().error).toBe('member_too_young');
    expect(tooYoung.json().message).toMatch(/age required/);
    await expectSeatsConsistent(t, touched);
  });

  it('asks for a protected activity; a public one needs no request; hidden or unknown ones are not found', async () => {
    const protectedSession = await session(BP.protected, { daysAhead: 13 });
    await request('parent2', protectedSession, f.members.zoe, 'visibility');
    const open = await session(BP.public, { daysAhead: 14 });
    expect(
      (await ask('parent2', { serviceId: open, memberId: f.members.zoe, reason: 'visibility' })).statusCode,
    ).toBe(409);
    const hidden = await session('bp_r_hidden', { daysAhead: 14 });
    const privateSession = await session(BP.private, { daysAhead: 14 });
    for (const serviceId of [hidden, privateSession, f.otherServiceId, 'svc_nope']) {
      const r = await ask('parent2', { serviceId, memberId: f.members.zoe, reason: 'visibility' });
      expect(r.statusCode, serviceId).toBe(404);
    }
    // Another family's member, or another organisation's: not found.
    for (const memberId of [f.members.lea, f.otherMemberId]) {
      const r = await ask('parent2', { serviceId: protectedSession, memberId, reason: 'visibility' });
      expect(r.statusCode).toBe(404);
    }
  });

  it('is for families only, with its input checked (400 in French)', async () => {
    const s = await session(BP.protected, { daysAhead: 15 });
    expect(
      (await ask('manager', { serviceId: s, memberId: f.members.lea, reason: 'visibility' })).statusCode,
    ).toBe(403);
    const bad = await ask('parent', { serviceId: s, memberId: f.members.lea, reason: 'parce que', note: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Les données fournies sont invalides.');
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['note', 'reason']);
  });
});

describe('the managers’ answer', () => {
  it('lists the queue oldest first, an establishment manager its establishment only', async () => {
    const r = await f.call('manager', 'GET', '/api/reviews');
    expect(r.statusCode, r.body).toBe(200);
    const items = r.json().items as (Participant & { createdAt: string })[];
    expect(items.length).toBe(3);
    expect(items.every((p) => p.status === 'needs-review')).toBe(true);
    expect(items.map((p) => p.createdAt)).toEqual([...items.map((p) => p.createdAt)].sort());
    // Each request carries what the decision needs: the member's age on the session date and the limits.
    const ageRequest = r.json().items.find((p: { reviewReason: string }) => p.reviewReason === 'age');
    expect(ageRequest.memberAgeMonths).toEqual(expect.any(Number));
    expect(
      ageRequest.memberAgeMonths < (ageRequest.minAge ?? 0) ||
        (ageRequest.maxAge !== null && ageRequest.memberAgeMonths > ageRequest.maxAge),
    ).toBe(true);
    // And who to reach: the family's account holder, with e-mail and phone.
    const families: Record<string, string> = {
      [f.families.parent]: f.emails.parent,
      [f.families.parent2]: f.emails.parent2,
      [f.families.parent3]: f.emails.parent3,
    };
    for (const item of r.json().items as { familyId: string; familyContact: Record<string, unknown> }[]) {
      expect(item.familyContact).toEqual({
        name: expect.stringMatching(/\S/),
        email: families[item.familyId],
        phone: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      });
    }
    expect((await f.call('estManager', 'GET', '/api/reviews')).json().total).toBe(0);
    for (const who of ['parent', 'holder'] as const) {
      expect((await f.call(who, 'GET', '/api/reviews')).statusCode).toBe(403);
    }
  });

  it('accepting an age exception offers the seat as an invitation, with the manager’s message by e-mail', async () => {
    const s = await session(BP.adults, { daysAhead: 20, maxSeats: 2 });
    const p = await request('parent', s, f.members.lea, 'age');
    const before = Date.now();
    const r = await decide('manager', p.id, { decision: 'accept', message: 'Bienvenue dans le groupe !' });
    expect(r.statusCode, r.body).toBe(200);
    const accepted = r.json() as Participant;
    expect(accepted).toMatchObject({
      status: 'invited',
      cartLinked: false,
      reviewAnswer: 'Bienvenue dans le groupe !',
    });
    // The organisation's invitation delay (72 hours by default), not a 20-minute cart hold.
    const deadline = Date.parse(accepted.invitationExpiresAt!) - before;
    expect(deadline).toBeGreaterThan(71 * 3_600_000);
    expect(deadline).toBeLessThanOrEqual(72 * 3_600_000 + 5_000);
    const row = await participantRow(t, p.id);
    expect(row).toMatchObject({ holds_seat: true });
    expect(row.reviewed_by_user_id).not.toBeNull();
    const mail = await t.waitForMail(f.emails.parent);
    expect(mail.subject).toMatch(/^Demande acceptée : Pilates test/);
    expect(mail.text).toContain('acceptez-la dans « Mes activités » avant le');
    expect(mail.text).toContain("Message de l'organisation : Bienvenue dans le groupe !");
    const again = await decide('manager', p.id, { decision: 'refuse' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('request_already_reviewed');
    expect(again.json().message).toBe('Cette demande a déjà été traitée.');
    // The family accepts it: it goes to the cart with the usual hold.
    const taken = await f.call('parent', 'POST', `/api/me/registrations/${p.id}/accept`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'reserved', cartLinked: true });
    // Not checked out in time: the seat goes back, the request's history stays.
    t.clock.advance(21 * 60_000);
    try {
      await releaseExpiredHolds(t.app.ctx);
    } finally {
      t.clock.advance(-21 * 60_000);
    }
    expect(await participantRow(t, p.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'hold-expired',
      review_answer: 'Bienvenue dans le groupe !',
      holds_seat: false,
    });
    // The registration's end is in the audit trail, as its start was.
    const trail = await t.db
      .select({ type: auditEvents.type, data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'participant'), eq(auditEvents.subjectId, p.id)));
    expect(trail.map((e) => e.type)).toEqual(['registration-created', 'registration-cancelled']);
    expect(trail[1]!.data).toMatchObject({ reason: 'hold-expired' });
    await expectSeatsConsistent(t, touched);
  });

  it('without a free seat, an accepted request waits on the waiting list (and the family is told)', async () => {
    const s = await session(BP.protected, { daysAhead: 21, maxSeats: 1 });
    const p = await request('parent3', s, f.members.noe, 'visibility');
    await fill(s, [f.members.tom]);
    const r = await decide('manager', p.id, { decision: 'accept' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'needs-review', reviewReason: 'waiting-list' });
    const mail = await t.waitForMail(f.emails.parent3);
    expect(mail.subject).toMatch(/^Request accepted: Escalade test/);
    expect(mail.text).toContain('waiting list');
    // A waiting-list request cannot be accepted while the session is full.
    const full = await decide('manager', p.id, { decision: 'accept' });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe('session_full');
    expect(full.json().message).toBe('Cette séance est complète.');
    await expectSeatsConsistent(t, touched);
  });

  it('refusing cancels the request and sends the manager’s message', async () => {
    const s = await session(BP.protected, { daysAhead: 22 });
    const p = await request('parent2', s, f.members.zoe, 'visibility', 'Elle a déjà grimpé');
    const r = await decide('manager', p.id, {
      decision: 'refuse',
      message: 'Le groupe est réservé aux licenciés.',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'cancelled',
      reviewAnswer: 'Le groupe est réservé aux licenciés.',
    });
    expect(await participantRow(t, p.id)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'review-refused',
    });
    expect(await auditTypes(t, p.id)).toEqual(['registration-created', 'registration-cancelled']);
    const mail = await t.waitForMail(f.emails.parent2);
    expect(mail.subject).toMatch(/^Demande refusée : Escalade test/);
    expect(mail.text).toContain('Le groupe est réservé aux licenciés.');
    // The member may ask again later (the refused request is history).
    await request('parent2', s, f.members.zoe, 'visibility');
    await expectSeatsConsistent(t, touched);
  });

  it('the deadline to accept never passes the session’s start, and the e-mail says so', async () => {
    // A session in 30 hours: the 72-hour delay would end two days after it started.
    const start = new Date(Date.now() + 30 * 3_600_000);
    start.setUTCSeconds(0, 0);
    const s = await session(BP.adults, { start, maxSeats: 2 });
    const p = await request('parent2', s, f.members.zoe, 'age');
    const r = await decide('manager', p.id, { decision: 'accept' });
    expect(r.statusCode, r.body).toBe(200);
    expect(Date.parse((r.json() as Participant).invitationExpiresAt!)).toBe(start.getTime());
    await t.app.ctx.queue.runUntilIdle();
    const mail = t.inbox
      .mailsTo(f.emails.parent2)
      .filter((m) => m.subject.startsWith('Demande acceptée'))
      .at(-1)!;
    expect(mail.text).toContain("La place lui est réservée jusqu'au début de la séance");
    // « avant le » the session's own start, never a later date.
    const [, startText] = /séance Pilates test du (\S+ \S+) a été acceptée/.exec(mail.text)!;
    expect(mail.text).toContain(`avant le ${startText}, puis finalisez la commande`);
  });

  it('an accepted request keeps the supplements chosen with it, charged in the cart', async () => {
    await t.db.insert(blueprintSupplements).values({
      organizationId: ORG,
      id: 'sup_r_tshirt',
      blueprintId: BP.adults,
      name: 'T-shirt du club',
      price: 1500,
      position: 0,
    });
    const s = await session(BP.adults, { daysAhead: 25, maxSeats: 2 });
    const r = await ask('parent3', {
      serviceId: s,
      memberId: f.members.noe,
      reason: 'age',
      supplementIds: ['sup_r_tshirt'],
    });
    expect(r.statusCode, r.body).toBe(201);
    const p = r.json() as Participant;
    expect((await decide('manager', p.id, { decision: 'accept' })).statusCode).toBe(200);
    const taken = await f.call('parent3', 'POST', `/api/me/registrations/${p.id}/accept`);
    expect(taken.statusCode, taken.body).toBe(200);
    const cart = (await f.call('parent3', 'GET', '/api/cart')).json() as {
      items: {
        participantId: string;
        unitPrice: number;
        supplements: { name: string; price: number }[];
        totalAmount: number;
      }[];
    };
    const line = cart.items.find((i) => i.participantId === p.id)!;
    expect(line.supplements).toEqual([expect.objectContaining({ name: 'T-shirt du club', price: 1500 })]);
    expect(line.totalAmount).toBe(line.unitPrice + 1500);
    await f.call('parent3', 'DELETE', `/api/cart/items/${p.id}`);
  });

  it('answers 404 outside the manager’s reach, 403 to others, 400 for bad input', async () => {
    const s = await session(BP.protected, { daysAhead: 23 });
    const p = await request('parent', s, f.members.tom, 'visibility');
    expect((await decide('estManager', p.id, { decision: 'accept' })).statusCode).toBe(404);
    expect((await decide('manager', f.otherParticipantId, { decision: 'accept' })).statusCode).toBe(404);
    expect((await decide('holder', p.id, { decision: 'accept' })).statusCode).toBe(403);
    expect((await decide('parent', p.id, { decision: 'accept' })).statusCode).toBe(403);
    const bad = await decide('manager', p.id, { decision: 'maybe', message: 'x'.repeat(3000) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Les données fournies sont invalides.');
    expect((await participantRow(t, p.id)).status).toBe('needs-review');
  });
});

describe('one request for a set of sessions (a whole term)', () => {
  const askGroup = (who: Family | 'manager', body: Record<string, unknown>) =>
    f.call(who, 'POST', '/api/registrations/request-groups', body);
  interface Item {
    id: string;
    member: { id: string };
    reviewNote: string | null;
    sessions: { participantId: string; service: { id: string; startDateTime: string } }[];
  }
  const queue = async () => (await f.call('manager', 'GET', '/api/reviews')).json().items as Item[];

  it('asks once for a term: one card in « A traiter », accepted at once with one e-mail', async () => {
    const term = [
      await session(BP.adults, { daysAhead: 40, maxSeats: 2 }),
      await session(BP.adults, { daysAhead: 47, maxSeats: 2 }),
      await session(BP.adults, { daysAhead: 54, maxSeats: 1 }),
      await session(BP.adults, { daysAhead: 61, maxSeats: 2 }),
    ];
    const past = await session(BP.adults, { daysAhead: -2 });
    await fill(term[2]!, [f.members.parent]);
    const r = await askGroup('parent2', {
      serviceIds: [...term, past],
      memberIds: [f.members.zoe],
      reason: 'age',
      note: 'Elle nage depuis trois ans',
    });
    expect(r.statusCode, r.body).toBe(201);
    const filed = r.json() as { requests: Participant[]; refused: { serviceId: string; message: string }[] };
    expect(filed.requests.map((p) => p.service.id)).toEqual(term);
    expect(filed.requests.every((p) => p.status === 'needs-review' && p.reviewReason === 'age')).toBe(true);
    // The past session is refused with its reason, the others are filed.
    expect(filed.refused).toEqual([
      expect.objectContaining({ serviceId: past, memberId: f.members.zoe, message: expect.any(String) }),
    ]);

    const cards = (await queue()).filter(
      (i) => i.member.id === f.members.zoe && i.reviewNote?.includes('trois'),
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]!.sessions.map((s) => s.service.id)).toEqual(term);

    const mailsBefore = t.inbox.mailsTo(f.emails.parent2).length;
    const d = await decide('manager', filed.requests[1]!.id, {
      decision: 'accept',
      message: 'Bon trimestre !',
    });
    expect(d.statusCode, d.body).toBe(200);
    expect(
      d.json().outcomes.map((o: { serviceId: string; outcome: string }) => [o.serviceId, o.outcome]),
    ).toEqual([
      [term[0], 'accepted'],
      [term[1], 'accepted'],
      [term[2], 'waiting-list'],
      [term[3], 'accepted'],
    ]);
    const statuses = await Promise.all(
      filed.requests.map(async (p) => (await participantRow(t, p.id)).status),
    );
    expect(statuses).toEqual(['invited', 'invited', 'needs-review', 'invited']);
    await t.app.ctx.queue.runUntilIdle();
    const mails = t.inbox.mailsTo(f.emails.parent2).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Demande acceptée : Pilates test, 4 séances/);
    expect(mails[0]!.text).toContain('Bon trimestre !');
    expect(mails[0]!.text).toContain("séance complète, Zoé Martin est sur la liste d'attente");
    expect(mails[0]!.text.match(/place réservée, à accepter avant le/g)).toHaveLength(3);
    // The card is gone; the full session waits as a waiting-list request of its own.
    const left = (await queue()).filter((i) => i.sessions.some((s) => term.includes(s.service.id)));
    expect(left.map((i) => i.sessions.map((s) => s.service.id))).toEqual([[term[2]]]);
    await expectSeatsConsistent(t, touched);
  });

  it('refuses a whole request at once, with one e-mail', async () => {
    const term = [
      await session(BP.adults, { daysAhead: 41 }),
      await session(BP.adults, { daysAhead: 48 }),
      await session(BP.adults, { daysAhead: 55 }),
    ];
    const r = await askGroup('parent3', { serviceIds: term, memberIds: [f.members.noe], reason: 'age' });
    expect(r.statusCode, r.body).toBe(201);
    const ids = (r.json().requests as Participant[]).map((p) => p.id);
    expect(ids).toHaveLength(3);
    const mailsBefore = t.inbox.mailsTo(f.emails.parent3).length;
    const d = await decide('manager', ids[0]!, { decision: 'refuse', message: 'Trop jeune cette année.' });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().outcomes.map((o: { outcome: string }) => o.outcome)).toEqual([
      'refused',
      'refused',
      'refused',
    ]);
    for (const id of ids) {
      expect(await participantRow(t, id)).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'review-refused',
      });
    }
    await t.app.ctx.queue.runUntilIdle();
    const mails = t.inbox.mailsTo(f.emails.parent3).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Request declined: Pilates test, 3 sessions/);
    expect((await decide('manager', ids[2]!, { decision: 'accept' })).statusCode).toBe(409);
  });

  it('checks rights and input: families only, their own members, one activity, a maximum of sessions', async () => {
    const a = await session(BP.adults, { daysAhead: 42 });
    const b = await session(BP.adults, { daysAhead: 49 });
    const other = await session(BP.protected, { daysAhead: 49 });
    const body = { serviceIds: [a, b], memberIds: [f.members.tom], reason: 'age' };
    expect((await askGroup('manager', body)).statusCode).toBe(403);
    // Another family's member, another organisation's session, an unknown one: not found, nothing filed.
    expect((await askGroup('parent2', body)).statusCode).toBe(404);
    for (const serviceIds of [
      [a, f.otherServiceId],
      [a, 'svc_nope'],
    ]) {
      const r = await askGroup('parent', { ...body, serviceIds });
      expect(r.statusCode, r.body).toBe(404);
    }
    const two = await askGroup('parent', { ...body, serviceIds: [a, other] });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe("Une demande porte sur les séances d'une seule activité.");
    const many = await askGroup('parent', {
      ...body,
      serviceIds: Array.from({ length: 61 }, (_, i) => `svc_${i}`),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().details.map((d: { field: string }) => d.field)).toContain('serviceIds');
    expect((await askGroup('parent', { ...body, serviceIds: [] })).statusCode).toBe(400);
    for (const id of [a, b]) {
      expect((await queue()).some((i) => i.sessions.some((s) => s.service.id === id))).toBe(false);
    }
    // Another organisation's manager cannot decide it.
    const ok = await askGroup('parent', body);
    expect(ok.statusCode, ok.body).toBe(201);
    const first = (ok.json().requests as Participant[])[0]!;
    expect((await decide('estManager', first.id, { decision: 'refuse' })).statusCode).toBe(404);
    expect((await decide('parent', first.id, { decision: 'refuse' })).statusCode).toBe(403);
    expect((await participantRow(t, first.id)).status).toBe('needs-review');
  });
});
