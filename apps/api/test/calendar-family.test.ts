import ICAL from 'ical.js';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, participants, services } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { newId } from '../src/lib/ids';
import { createActivity, createFamilies } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A family's calendar and its iCalendar feed say which member attends each session (in the title) and
 * show none of the club's figures (fill rate, free or reserved seats); managers keep theirs.
 */

const ORG = 'org_demo';
const DAY = 86_400_000;

let t: TestApp;
let parent: string;
let manager: string;
let lea: string;
let tom: string;
let swim: { blueprintId: string; serviceIds: string[] };

/** A future instant at a round hour, `days` from now. */
const inDays = (days: number, hourUtc = 9) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
};

const call = (
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token, organizationId: ORG, body, query });

beforeAll(async () => {
  t = await createTestApp();
  parent = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  const children = await t.db
    .select({ id: members.id, firstName: members.firstName })
    .from(members)
    .where(and(eq(members.organizationId, ORG), inArray(members.firstName, ['Léa', 'Tom'])));
  lea = children.find((c) => c.firstName === 'Léa')!.id;
  tom = children.find((c) => c.firstName === 'Tom')!.id;
  swim = await createActivity(t.db, {
    name: 'Natation',
    maxSeats: 8,
    sessions: [{ start: inDays(5) }, { start: inDays(12) }],
  });
  // Léa and Tom on the first session, Léa alone on the second (reserved in the cart: on the calendar).
  for (const [serviceIds, memberIds] of [
    [[swim.serviceIds[0]], [lea, tom]],
    [[swim.serviceIds[1]], [lea]],
  ] as const) {
    const r = await call(parent, 'POST', '/api/cart/items', {
      blueprintId: swim.blueprintId,
      serviceIds,
      memberIds,
    });
    expect(r.json().refused, r.body).toEqual([]);
  }
});
afterAll(() => t.close());

const range = () => ({
  from: new Date(Date.now() - DAY).toISOString(),
  to: new Date(Date.now() + 30 * DAY).toISOString(),
});

describe("a family's calendar", () => {
  it('names the members attending each session and shows no seat figures', async () => {
    const r = await call(parent, 'GET', '/api/calendar/items', undefined, range());
    expect(r.statusCode, r.body).toBe(200);
    const items = (r.json() as { items: { id: string; attendees: string[]; seats: unknown }[] }).items;
    const mine = swim.serviceIds.map((id) => items.find((i) => i.id === id));
    expect(mine.map((i) => i?.attendees)).toEqual([['Léa', 'Tom'], ['Léa']]);
    for (const item of items) expect(item.seats).toBeNull();
    expect(r.body).not.toMatch(/fillingRate|freeSeats|reservedSeats|maxSeats/);
  });

  it('keeps the figures for managers, without attendees', async () => {
    const r = await call(manager, 'GET', '/api/calendar/items', undefined, range());
    const item = (r.json() as { items: { id: string; attendees: string[]; seats: unknown }[] }).items.find(
      (i) => i.id === swim.serviceIds[0],
    )!;
    expect(item.attendees).toEqual([]);
    expect(item.seats).toEqual({ maxSeats: 8, reservedSeats: 2, freeSeats: 6, fillingRate: 25 });
  });

  it('titles the iCalendar events with the members attending, in the family’s language', async () => {
    const { url } = (await call(parent, 'POST', '/api/calendar/feed')).json() as { url: string };
    const { host, pathname } = new URL(url);
    const feed = await t.request('GET', pathname, { host });
    expect(feed.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const summaries = Object.fromEntries(
      calendar
        .getAllSubcomponents('vevent')
        .map((e) => [
          String(e.getFirstPropertyValue('uid')).split('@')[0],
          e.getFirstPropertyValue('summary'),
        ]),
    );
    expect(summaries[swim.serviceIds[0]!]).toBe('Natation — Léa et Tom');
    expect(summaries[swim.serviceIds[1]!]).toBe('Natation — Léa');
    expect(feed.body).not.toMatch(/places|%|seats/i);

    // A manager's feed keeps the plain activity name.
    const managerFeed = (await call(manager, 'POST', '/api/calendar/feed')).json() as { url: string };
    const m = new URL(managerFeed.url);
    const body = (await t.request('GET', m.pathname, { host: m.host })).body;
    expect(body).toContain('SUMMARY:Natation\r\n');
  });
});

describe("a family's calendar, built from its own registrations", () => {
  let judo: { blueprintId: string; serviceIds: string[] };
  let strangerToken: string;

  beforeAll(async () => {
    // Three sessions a week apart; Léa on the first and the last, Tom's registration to the second
    // cancelled, and another family's child on the second.
    judo = await createActivity(t.db, {
      name: 'Judo',
      maxSeats: 8,
      sessions: [{ start: inDays(3, 15) }, { start: inDays(10, 15) }, { start: inDays(17, 15) }],
    });
    const [s0, s1, s2] = judo.serviceIds as [string, string, string];
    const r = await call(parent, 'POST', '/api/cart/items', {
      blueprintId: judo.blueprintId,
      serviceIds: [s0, s2],
      memberIds: [lea],
    });
    expect(r.json().refused, r.body).toEqual([]);
    const [stranger] = await createFamilies(t.app.ctx, 1);
    strangerToken = stranger!.token;
    const taken = await call(stranger!.token, 'POST', '/api/cart/items', {
      blueprintId: judo.blueprintId,
      serviceIds: [s1],
      memberIds: [stranger!.childId],
    });
    expect(taken.json().refused, taken.body).toEqual([]);
    await t.db.insert(participants).values({
      organizationId: ORG,
      id: newId('reg'),
      serviceId: s1,
      memberId: tom,
      familyId: (await t.db.select().from(members).where(eq(members.id, tom)))[0]!.familyId,
      status: 'cancelled',
    });
  });

  const ids = async (from: Date, to: Date) => {
    const r = await call(parent, 'GET', '/api/calendar/items', undefined, {
      from: from.toISOString(),
      to: to.toISOString(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as { items: { id: string; attendees: string[] }[]; timeZone: string };
    return { ...body, ids: body.items.map((i) => i.id).filter((id) => judo.serviceIds.includes(id)) };
  };

  it('shows only the sessions its members take part in: not a cancelled one, not another family’s', async () => {
    const all = await ids(inDays(0, 0), inDays(30, 0));
    expect(all.ids).toEqual([judo.serviceIds[0], judo.serviceIds[2]]);
    expect(all.items.find((i) => i.id === judo.serviceIds[0])!.attendees).toEqual(['Léa']);
    expect(all.timeZone).toBe('Europe/Brussels');
    // The other family sees its own session only.
    const theirs = (
      await call(strangerToken, 'GET', '/api/calendar/items', undefined, {
        from: inDays(0, 0).toISOString(),
        to: inDays(30, 0).toISOString(),
      })
    ).json() as { items: { id: string; attendees: string[] }[] };
    expect(theirs.items.map((i) => [i.id, i.attendees])).toEqual([[judo.serviceIds[1], ['Enfant']]]);
  });

  it('keeps the window [from, to): a session starting at `from` is in, one starting at `to` is out', async () => {
    const [s0, , s2] = judo.serviceIds as [string, string, string];
    const starts = await t.db.select({ id: services.id, start: services.startDateTime }).from(services);
    const at = (id: string) => starts.find((s) => s.id === id)!.start;
    expect((await ids(at(s0), at(s2))).ids).toEqual([s0]);
    expect((await ids(new Date(at(s0).getTime() + 1), new Date(at(s2).getTime() + 1))).ids).toEqual([s2]);
    // Four weeks with none of its sessions: no items, and still the organisation's time zone.
    const empty = await ids(inDays(40, 0), inDays(68, 0));
    expect(empty).toMatchObject({ items: [], timeZone: 'Europe/Brussels' });
  });
});
