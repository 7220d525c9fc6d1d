import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../src/db/schema';
import {
  BP,
  createSession,
  DAY,
  expectSeatsConsistent,
  ORG,
  type RegistryFixture,
  setupRegistry,
} from './helpers/registry-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Participant {
  id: string;
  status: string;
  member: { id: string; firstName: string };
  service: { id: string; startDateTime: string; blueprintName: string };
  canCancel: boolean;
}
interface Page {
  items: Participant[];
  total: number;
  page: number;
  pageSize: number;
}

let t: TestApp;
let f: RegistryFixture;
const ids = {} as Record<'later' | 'soon' | 'cancelled' | 'past' | 'review' | 'zoe', string>;
const sessions: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await setupRegistry(t);
  const later = await createSession(t, BP.public, { daysAhead: 30, maxSeats: 5 });
  const soon = await createSession(t, BP.protected, { daysAhead: 3, maxSeats: 5 });
  const other = await createSession(t, BP.public, { daysAhead: 10, maxSeats: 5 });
  const past = await createSession(t, BP.public, { start: new Date(Date.now() - 7 * DAY), maxSeats: 5 });
  const adults = await createSession(t, BP.adults, { daysAhead: 5, maxSeats: 5 });
  sessions.push(later, soon, other, past, adults);
  const r = await f.call('manager', 'POST', '/api/participants', {
    serviceIds: [later, soon, other],
    memberIds: [f.members.lea],
  });
  const registered = r.json().registered as Participant[];
  ids.later = registered.find((p) => p.service.id === later)!.id;
  ids.soon = registered.find((p) => p.service.id === soon)!.id;
  ids.cancelled = registered.find((p) => p.service.id === other)!.id;
  await f.call('parent', 'POST', `/api/me/registrations/${ids.cancelled}/cancel`);
  ids.past = 'reg_past_lea';
  await t.db.insert(participants).values({
    organizationId: ORG,
    id: ids.past,
    serviceId: past,
    memberId: f.members.lea,
    familyId: f.families.parent,
    status: 'confirmed',
  });
  const review = await f.call('parent', 'POST', '/api/registrations/requests', {
    serviceId: adults,
    memberId: f.members.tom,
    reason: 'age',
  });
  ids.review = review.json().id;
  const zoe = await f.call('manager', 'POST', '/api/participants', {
    serviceIds: [later],
    memberIds: [f.members.zoe],
  });
  ids.zoe = zoe.json().registered[0].id;
});
afterAll(() => t.close());

const mine = async (who: 'parent' | 'parent2', query: Record<string, string> = {}) => {
  const r = await f.call(who, 'GET', '/api/me/registrations', undefined, query);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Page;
};

describe('Mes activités', () => {
  it('lists the family’s upcoming registrations soonest first, saying which it may cancel', async () => {
    const page = await mine('parent');
    expect(page.items.map((p) => [p.id, p.status, p.canCancel])).toEqual([
      [ids.soon, 'confirmed', true],
      [ids.review, 'needs-review', false],
      [ids.cancelled, 'cancelled', false],
      [ids.later, 'confirmed', true],
    ]);
    expect(page.total).toBe(4);
    expect(page.items.map((p) => p.id)).not.toContain(ids.zoe);
    expect((await mine('parent2')).items.map((p) => p.id)).toEqual([ids.zoe]);
  });

  it('lists past sessions latest first, no longer cancellable', async () => {
    const page = await mine('parent', { scope: 'past' });
    expect(page.items.map((p) => [p.id, p.canCancel])).toEqual([[ids.past, false]]);
  });

  it('filters by member and pages', async () => {
    expect((await mine('parent', { memberId: f.members.tom })).items.map((p) => p.id)).toEqual([ids.review]);
    const second = await mine('parent', { pageSize: '2', page: '2' });
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(second.items.map((p) => p.id)).toEqual([ids.cancelled, ids.later]);
  });

  it('is for families only, with its query checked', async () => {
    for (const who of ['manager', 'estManager', 'admin'] as const) {
      expect((await f.call(who, 'GET', '/api/me/registrations')).statusCode).toBe(403);
    }
    const bad = await f.call('parent', 'GET', '/api/me/registrations', undefined, { scope: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Les données fournies sont invalides.');
  });

  it('feeds the family calendar with the sessions its members attend', async () => {
    const from = new Date(Date.now() - 10 * DAY).toISOString();
    const to = new Date(Date.now() + 40 * DAY).toISOString();
    const r = await f.call('parent', 'GET', '/api/calendar/items', undefined, { from, to });
    expect(r.statusCode, r.body).toBe(200);
    const items = (r.json().items as { id: string }[]).map((i) => i.id);
    // Confirmed sessions (past included); not the cancelled one nor the request under review.
    expect(items).toEqual([sessions[3], sessions[1], sessions[0]]);
    await expectSeatsConsistent(t, sessions);
  });
});
