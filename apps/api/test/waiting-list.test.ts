import { formatDateTime } from '@inscrio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireInvitations } from '../src/modules/registrations/invitations';
import { offerFreedSeats } from '../src/modules/registrations/waiting-list';
import {
  BP,
  createSession,
  expectSeatsConsistent,
  ORG,
  participantRow,
  type RegistryFixture,
  setupRegistry,
} from './helpers/registry-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let f: RegistryFixture;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  f = await setupRegistry(t);
});
afterAll(() => t.close());

async function direct(serviceId: string, memberId: string) {
  const r = await f.call('manager', 'POST', '/api/participants', {
    serviceIds: [serviceId],
    memberIds: [memberId],
  });
  expect(r.json().refused, r.body).toEqual([]);
  return r.json().registered[0].id as string;
}

async function waitFor(who: 'parent' | 'parent2' | 'parent3', serviceId: string, memberId: string) {
  const r = await f.call(who, 'POST', '/api/registrations/requests', {
    serviceId,
    memberId,
    reason: 'waiting-list',
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as string;
}

describe('the waiting list', () => {
  it('offers a freed seat to the first waiting family, then to the next when the offer expires', async () => {
    const s = await createSession(t, BP.public, { daysAhead: 20, maxSeats: 1 });
    const taken = await direct(s, f.members.zoe);
    const lea = await waitFor('parent', s, f.members.lea);
    const noe = await waitFor('parent3', s, f.members.noe);

    const before = t.clock.now().getTime();
    const cancelled = await f.call('manager', 'POST', `/api/participants/${taken}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const offered = await participantRow(t, lea);
    expect(offered).toMatchObject({ status: 'invited', holds_seat: true });
    const deadline = offered.invitation_expires_at!;
    expect(deadline.getTime() - before).toBeGreaterThanOrEqual(72 * HOUR);
    expect(deadline.getTime() - before).toBeLessThan(72 * HOUR + 60_000);
    expect(await participantRow(t, noe)).toMatchObject({ status: 'needs-review', holds_seat: false });
    await expectSeatsConsistent(t, [s]);

    const mail = await t.waitForMail(f.emails.parent);
    expect(mail.subject).toMatch(/^Une place s'est libérée : Judo test/);
    expect(mail.text).toContain(`avant le ${formatDateTime(deadline, 'Europe/Brussels')}`);
    expect(mail.text).toMatch(/avant le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // Kept once in the family's inbox (`/communications`) too.
    const inbox = (await f.call('parent', 'GET', '/api/communications/inbox')).json();
    expect(
      inbox.items.filter((i: { kind: string; subject: string }) => i.kind === 'waiting-list-offer'),
    ).toEqual([expect.objectContaining({ subject: mail.subject, read: false })]);

    // The family sees it in 'Mes activités'.
    const mine = await f.call('parent', 'GET', '/api/me/registrations');
    expect(mine.json().items.find((p: { id: string }) => p.id === lea)).toMatchObject({
      status: 'invited',
      invitationExpiresAt: deadline.toISOString(),
    });

    // Nothing expires early.
    expect(await expireInvitations(t.app.ctx)).toBe(0);
    t.clock.advance(73 * HOUR);
    await f.signInAgain();
    expect(await expireInvitations(t.app.ctx)).toBe(1);
    expect(await participantRow(t, lea)).toMatchObject({ status: 'invitation-expired', holds_seat: false });
    expect(await participantRow(t, noe)).toMatchObject({ status: 'invited', holds_seat: true });
    await expectSeatsConsistent(t, [s]);
    const next = await t.waitForMail(f.emails.parent3);
    expect(next.subject).toMatch(/^A seat has freed up: Judo test/);
    expect(next.text).toMatch(/accept it before \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    // The next family declines: nobody waits any more, the seat stays free.
    const declined = await f.call('parent3', 'POST', `/api/me/registrations/${noe}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('invitation-declined');
    await expectSeatsConsistent(t, [s]);
    const [row] = await t.database.query<{ reserved_seats: number }>(
      'select reserved_seats from services where organization_id = $1 and id = $2',
      [ORG, s],
    );
    expect(row!.reserved_seats).toBe(0);
  });

  it('lets the offered family accept: the seat goes to its cart', async () => {
    const s = await createSession(t, BP.public, { daysAhead: 25, maxSeats: 1 });
    const taken = await direct(s, f.members.lea);
    const zoe = await waitFor('parent2', s, f.members.zoe);
    await f.call('parent', 'POST', `/api/me/registrations/${taken}/cancel`);
    expect((await participantRow(t, zoe)).status).toBe('invited');
    expect((await f.call('parent', 'POST', `/api/me/registrations/${zoe}/accept`)).statusCode).toBe(404);
    const r = await f.call('parent2', 'POST', `/api/me/registrations/${zoe}/accept`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'reserved', cartLinked: true, invitationExpiresAt: null });
    const cart = await f.call('parent2', 'GET', '/api/cart');
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().items.map((i: { participantId: string }) => i.participantId)).toContain(zoe);
    await expectSeatsConsistent(t, [s]);
  });

  it('never offers more seats than are free, even when offers run at the same time', async () => {
    const s = await createSession(t, BP.public, { daysAhead: 30, maxSeats: 2 });
    const lea = await direct(s, f.members.lea);
    const tom = await direct(s, f.members.tom);
    const zoe = await waitFor('parent2', s, f.members.zoe);
    const noe = await waitFor('parent3', s, f.members.noe);
    // Both seats free up in one go (no offer yet), then several callers offer them at once.
    await t.database.query(
      `update participants set status = 'cancelled', holds_seat = false where organization_id = $1 and id in ($2, $3)`,
      [ORG, lea, tom],
    );
    await t.database.query(`update services set reserved_seats = 0 where organization_id = $1 and id = $2`, [
      ORG,
      s,
    ]);
    await Promise.all([1, 2, 3, 4].map(() => offerFreedSeats(t.app.ctx, ORG, s)));
    expect((await participantRow(t, zoe)).status).toBe('invited');
    expect((await participantRow(t, noe)).status).toBe('invited');
    await expectSeatsConsistent(t, [s]);
    expect(
      t.inbox.mailsTo(f.emails.parent2).length + t.inbox.mailsTo(f.emails.parent3).length,
    ).toBeGreaterThan(0);
  });

  it('offers nothing for a session already started', async () => {
    const s = await createSession(t, BP.public, { start: new Date(Date.now() - HOUR), maxSeats: 1 });
    await t.database.query(
      `insert into participants (organization_id, id, service_id, member_id, family_id, status, review_reason)
       values ($1, 'reg_waiting_past', $2, $3, $4, 'needs-review', 'waiting-list')`,
      [ORG, s, f.members.tom, f.families.parent],
    );
    await offerFreedSeats(t.app.ctx, ORG, s);
    expect((await participantRow(t, 'reg_waiting_past')).status).toBe('needs-review');
    await expectSeatsConsistent(t, [s]);
  });
});
