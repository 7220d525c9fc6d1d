import ICAL from 'ical.js';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { createActivity } from './helpers/order-fixtures';
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
