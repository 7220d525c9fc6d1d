import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periods } from '../src/db/schema';
import { expireInvitations } from '../src/modules/registrations/invitations';
import { addDaysToDate, localInstant, toLocal } from '../src/modules/services/series';
import {
  auditTypes,
  BP,
  createPeriod,
  createSession,
  DAY,
  expectSeatsConsistent,
  participantRow,
  type RegistryFixture,
  setupRegistry,
} from './helpers/registry-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Candidate {
  participantId: string;
  member: { id: string; firstName: string };
  service: { id: string };
  target: { id: string } | null;
  alreadyRegistered: boolean;
}
interface Result {
  deadline: string;
  invited: {
    sourceParticipantId: string;
    participant: { id: string; status: string; service: { id: string } };
  }[];
  skipped: { participantId: string; reason: string; message: string }[];
}

let t: TestApp;
let f: RegistryFixture;
let source: string;
let target: string;
/** Sessions: weeks 1 and 2 of the source period on Monday 18:00, one Wednesday 10:00; the target's Mondays. */
const S = {} as Record<'mon1' | 'mon2' | 'wed1' | 'tmon1' | 'tmon2', string>;
/** Source participants. */
const P = {} as Record<'leaMon1' | 'leaMon2' | 'zoeMon1' | 'noeWed1' | 'tomReview', string>;
const ZONE = 'Europe/Brussels';

/** The first Monday on or after `days` days from now, as a local date. */
function mondayIn(days: number): string {
  let date = toLocal(new Date(Date.now() + days * DAY), ZONE).date;
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 1) date = addDaysToDate(date, 1);
  return date;
}

async function direct(serviceId: string, memberId: string) {
  const r = await f.call('manager', 'POST', '/api/participants', {
    serviceIds: [serviceId],
    memberIds: [memberId],
  });
  expect(r.json().refused, r.body).toEqual([]);
  return r.json().registered[0].id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await setupRegistry(t);
  const monday = mondayIn(14);
  const next = addDaysToDate(monday, 42);
  source = await createPeriod(t, 'Automne', monday, addDaysToDate(monday, 13));
  target = await createPeriod(t, 'Hiver', next, addDaysToDate(next, 13));
  const at = (date: string, time: string) => localInstant(date, time, ZONE);
  S.mon1 = await createSession(t, BP.public, { start: at(monday, '18:00'), periodId: source, maxSeats: 5 });
  S.mon2 = await createSession(t, BP.public, {
    start: at(addDaysToDate(monday, 7), '18:00'),
    periodId: source,
    maxSeats: 5,
  });
  S.wed1 = await createSession(t, BP.protected, {
    start: at(addDaysToDate(monday, 2), '10:00'),
    periodId: source,
    maxSeats: 5,
  });
  // The target period's first Monday has one seat only.
  S.tmon1 = await createSession(t, BP.public, { start: at(next, '18:00'), periodId: target, maxSeats: 1 });
  S.tmon2 = await createSession(t, BP.public, {
    start: at(addDaysToDate(next, 7), '18:00'),
    periodId: target,
    maxSeats: 5,
  });
  // A Monday session at another time, which matches nothing.
  await createSession(t, BP.public, { start: at(next, '09:00'), periodId: target, maxSeats: 5 });
  P.leaMon1 = await direct(S.mon1, f.members.lea);
  P.leaMon2 = await direct(S.mon2, f.members.lea);
  P.zoeMon1 = await direct(S.mon1, f.members.zoe);
  P.noeWed1 = await direct(S.wed1, f.members.noe);
  // A request under review is not a confirmed attendee.
  const review = await f.call('parent', 'POST', '/api/registrations/requests', {
    serviceId: S.wed1,
    memberId: f.members.tom,
    reason: 'visibility',
  });
  expect(review.statusCode, review.body).toBe(201);
  P.tomReview = review.json().id;
});
afterAll(() => t.close());

const preview = (who: Parameters<RegistryFixture['call']>[0], periodId = source, targetPeriodId = target) =>
  f.call(who, 'GET', `/api/periods/${periodId}/invite-attendees`, undefined, { targetPeriodId });

describe('inviting a period’s attendees to the next one', () => {
  it('lists the confirmed attendees with their matching session (same activity, weekday, time and rank)', async () => {
    const r = await preview('manager');
    expect(r.statusCode, r.body).toBe(200);
    const items = r.json().items as Candidate[];
    const byId = new Map(items.map((i) => [i.participantId, i]));
    expect(items).toHaveLength(4);
    expect(byId.get(P.leaMon1)!.target?.id).toBe(S.tmon1);
    expect(byId.get(P.leaMon2)!.target?.id).toBe(S.tmon2);
    expect(byId.get(P.zoeMon1)!.target?.id).toBe(S.tmon1);
    expect(byId.get(P.noeWed1)!.target).toBeNull();
    expect(items.every((i) => !i.alreadyRegistered)).toBe(true);
  });

  it('answers 404 outside the manager’s reach, 403 to others, 400 without a target', async () => {
    expect((await preview('estManager')).statusCode).toBe(404);
    expect((await preview('parent')).statusCode).toBe(403);
    expect((await preview('holder')).statusCode).toBe(403);
    await t.db.insert(periods).values({
      organizationId: 'org_other',
      id: 'per_other',
      name: 'Autre',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect((await preview('manager', 'per_other')).statusCode).toBe(404);
    const otherTarget = await preview('manager', source, 'per_other');
    expect(otherTarget.statusCode).toBe(404);
    expect(otherTarget.json().message).toBe('Cette période est introuvable.');
    const same = await preview('manager', source, source);
    expect(same.statusCode).toBe(400);
    const missing = await f.call('manager', 'GET', `/api/periods/${source}/invite-attendees`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Les données fournies sont invalides.');
    const bad = await f.call('manager', 'POST', `/api/periods/${source}/invite-attendees`, {
      targetPeriodId: target,
      participantIds: [],
      deadline: 'demain',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['deadline', 'participantIds']);
    const past = await f.call('manager', 'POST', `/api/periods/${source}/invite-attendees`, {
      targetPeriodId: target,
      participantIds: [P.leaMon1],
      deadline: new Date(Date.now() - DAY).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe("L'échéance des invitations doit être dans le futur.");
  });

  it('invites each chosen attendee on its own, reports the others, and e-mails each family once', async () => {
    const before = Date.now();
    const r = await f.call('manager', 'POST', `/api/periods/${source}/invite-attendees`, {
      targetPeriodId: target,
      participantIds: [P.leaMon1, P.leaMon2, P.zoeMon1, P.noeWed1, P.tomReview, f.otherParticipantId],
    });
    expect(r.statusCode, r.body).toBe(200);
    const result = r.json() as Result;
    expect(Date.parse(result.deadline) - before).toBeGreaterThanOrEqual(72 * 3_600_000 - 1000);
    expect(
      result.invited.map((i) => [i.sourceParticipantId, i.participant.service.id, i.participant.status]),
    ).toEqual([
      [P.leaMon1, S.tmon1, 'invited'],
      [P.leaMon2, S.tmon2, 'invited'],
    ]);
    expect(result.skipped.map((s) => [s.participantId, s.reason])).toEqual([
      [P.zoeMon1, 'full'],
      [P.noeWed1, 'no-matching-session'],
      [P.tomReview, 'not-found'],
      [f.otherParticipantId, 'not-found'],
    ]);
    expect(result.skipped[0]!.message).toBe('La séance correspondante est complète.');
    for (const { participant } of result.invited) {
      const row = await participantRow(t, participant.id);
      expect(row).toMatchObject({ status: 'invited', holds_seat: true });
      expect(row.invitation_expires_at!.toISOString()).toBe(result.deadline);
      expect(await auditTypes(t, participant.id)).toEqual(['registration-created']);
    }
    const mail = await t.waitForMail(f.emails.parent);
    expect(mail.subject).toMatch(/^Invitation à vous réinscrire : Hiver – /);
    expect(mail.text).toMatch(/avant le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(mail.text.match(/• Léa/g)).toHaveLength(2);
    expect(t.inbox.mailsTo(f.emails.parent)).toHaveLength(1);
    // One entry in the family's inbox too, for the whole invitation.
    const inbox = (await f.call('parent', 'GET', '/api/communications/inbox')).json();
    expect(inbox.items.filter((i: { kind: string }) => i.kind === 'invitation')).toHaveLength(1);
    expect(t.inbox.mailsTo(f.emails.parent2)).toHaveLength(0);
    await expectSeatsConsistent(t, Object.values(S));

    const again = await f.call('manager', 'POST', `/api/periods/${source}/invite-attendees`, {
      targetPeriodId: target,
      participantIds: [P.leaMon1],
    });
    expect(again.json().skipped).toMatchObject([{ participantId: P.leaMon1, reason: 'already-registered' }]);
    const listed = (await preview('manager')).json().items as Candidate[];
    expect(listed.find((i) => i.participantId === P.leaMon1)!.alreadyRegistered).toBe(true);
  });

  it('lets the family accept (into its cart) or decline (seat released); others cannot answer', async () => {
    const invitations = (await f.call('parent', 'GET', '/api/me/registrations')).json().items as {
      id: string;
      status: string;
      service: { id: string };
    }[];
    const first = invitations.find((p) => p.service.id === S.tmon1 && p.status === 'invited')!;
    const second = invitations.find((p) => p.service.id === S.tmon2 && p.status === 'invited')!;
    expect((await f.call('parent2', 'POST', `/api/me/registrations/${first.id}/accept`)).statusCode).toBe(
      404,
    );
    expect((await f.call('manager', 'POST', `/api/me/registrations/${first.id}/accept`)).statusCode).toBe(
      403,
    );
    expect(
      (await f.call('parent', 'POST', `/api/me/registrations/${f.otherParticipantId}/accept`)).statusCode,
    ).toBe(404);
    expect((await f.call('parent', 'POST', `/api/me/registrations/${P.leaMon1}/accept`)).statusCode).toBe(
      409,
    );

    const accepted = await f.call('parent', 'POST', `/api/me/registrations/${first.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'reserved', cartLinked: true });
    const cart = await f.call('parent', 'GET', '/api/cart');
    expect(cart.json().items.map((i: { participantId: string }) => i.participantId)).toContain(first.id);

    const declined = await f.call('parent', 'POST', `/api/me/registrations/${second.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('invitation-declined');
    expect(await participantRow(t, second.id)).toMatchObject({ holds_seat: false });
    const twice = await f.call('parent', 'POST', `/api/me/registrations/${second.id}/decline`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('invitation_no_longer_valid');
    expect(twice.json().message).toBe("Cette invitation n'est plus valable.");
    await expectSeatsConsistent(t, Object.values(S));
  });

  it('expires invitations past their deadline and frees their seats', async () => {
    const r = await f.call('manager', 'POST', `/api/periods/${source}/invite-attendees`, {
      targetPeriodId: target,
      participantIds: [P.zoeMon1],
      deadline: new Date(Date.now() + 3_600_000).toISOString(),
    });
    // Zoé's matching session is full (Léa accepted it): invited to nothing.
    expect(r.json().skipped).toMatchObject([{ reason: 'full' }]);
    const second = await f.call('manager', 'POST', `/api/periods/${source}/invite-attendees`, {
      targetPeriodId: target,
      participantIds: [P.leaMon2],
      deadline: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const invitation = (second.json() as Result).invited[0]!.participant.id;
    expect(await expireInvitations(t.app.ctx)).toBe(0);
    t.clock.advance(2 * 3_600_000);
    await f.signInAgain();
    const late = await f.call('parent', 'POST', `/api/me/registrations/${invitation}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('invitation_expired');
    expect(late.json().message).toBe('Cette invitation a expiré.');
    expect(await expireInvitations(t.app.ctx)).toBe(1);
    expect(await participantRow(t, invitation)).toMatchObject({
      status: 'invitation-expired',
      holds_seat: false,
    });
    await expectSeatsConsistent(t, Object.values(S));
  });
});
