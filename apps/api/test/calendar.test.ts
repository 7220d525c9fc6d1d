import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

interface CalendarItem {
  id: string;
  serviceName: string;
  status: string;
  colorCode: string;
  startDateTime: string;
  duration: number;
  seats: { fillingRate: number; reservedSeats: number; freeSeats: number; maxSeats: number };
  blueprintId: string;
  establishmentId: string;
  originalStartDateTime: string | null;
}

const DAY_MS = 86_400_000;

let t: TestApp;
const tokens: Record<string, string> = {};
let holderUserId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) {
    const host = email.endsWith('@admin.test') ? ADMIN_HOST : undefined;
    const session = await t.signIn(email, undefined, host);
    tokens[role] = session.accessToken;
    if (role === 'holder') holderUserId = session.user.id;
  }
});
afterAll(() => t.close());

const call = (
  role: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  query?: Record<string, string>,
  headers?: Record<string, string>,
) =>
  t.request(method, url, {
    token: role ? tokens[role] : undefined,
    organizationId: role ? 'org_demo' : undefined,
    query,
    headers,
  });

const window = (fromDays: number, toDays: number) => ({
  from: new Date(Date.now() + fromDays * DAY_MS).toISOString(),
  to: new Date(Date.now() + toDays * DAY_MS).toISOString(),
});

async function items(role: string, range = window(0, 30)) {
  const r = await call(role, 'GET', '/api/calendar/items', range);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: CalendarItem[]; timeZone: string; truncated: boolean };
}

async function sessionIds(where: string, range: { from: string; to: string }, params: unknown[] = []) {
  const rows = await t.database.query<{ id: string }>(
    `select s.id from services s
       join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
      where s.organization_id = 'org_demo' and s.start_date_time >= $1 and s.start_date_time < $2 and ${where}
      order by s.start_date_time, s.id`,
    [range.from, range.to, ...params],
  );
  return rows.map((r) => r.id);
}

describe('calendar items', () => {
  it('shows managers, admins and system staff every session of the range, earliest first', async () => {
    const range = window(-10, 30);
    const expected = await sessionIds('true', range);
    expect(expected.length).toBeGreaterThan(20);
    for (const role of ['manager', 'admin', 'sysadmin', 'support']) {
      const calendar = await items(role, range);
      expect(calendar.items.map((i) => i.id)).toEqual(expected);
      expect(calendar.timeZone).toBe('Europe/Brussels');
      expect(calendar.truncated).toBe(false);
    }
  });

  it("shows an establishment manager their establishment's sessions only", async () => {
    const range = window(-10, 30);
    const calendar = await items('estManager', range);
    expect(calendar.items.map((i) => i.id)).toEqual(
      await sessionIds(`b.establishment_id = 'est_piscine'`, range),
    );
    expect(calendar.items.length).toBeGreaterThan(0);
    expect(calendar.items.every((i) => i.establishmentId === 'est_piscine')).toBe(true);
  });

  it('shows a holder the sessions they are assigned to', async () => {
    const range = window(-10, 30);
    const expected = await sessionIds(
      `exists (select 1 from prestations p where p.organization_id = s.organization_id
                 and p.service_id = s.id and p.holder_user_id = $3)`,
      range,
      [holderUserId],
    );
    const calendar = await items('holder', range);
    expect(expected.length).toBeGreaterThan(0);
    expect(calendar.items.map((i) => i.id)).toEqual(expected);
    expect(new Set(calendar.items.map((i) => i.serviceName))).toEqual(
      new Set(
        ['Football 6-12 ans', 'Tennis', 'Natation enfants'].filter((name) =>
          calendar.items.some((i) => i.serviceName === name),
        ),
      ),
    );
  });

  it('shows a family the sessions its members take part in (invited, reserved, confirmed)', async () => {
    const range = window(-10, 30);
    const expected = await sessionIds(
      `exists (select 1 from participants p join users u on u.organization_id = p.organization_id
          and u.family_id = p.family_id where p.organization_id = s.organization_id and p.service_id = s.id
          and u.email = $3 and p.status in ('invited', 'reserved', 'confirmed'))`,
      range,
      [DEMO_ACCOUNTS.parent],
    );
    expect((await items('parent', range)).items.map((i) => i.id)).toEqual(expected);
  });

  it('gives each item the fields of a calendar item', async () => {
    const calendar = await items('manager', window(0, 60));
    const football = calendar.items.find((i) => i.serviceName === 'Football 6-12 ans')!;
    expect(football).toEqual({
      id: expect.stringMatching(/^svc_/),
      serviceName: 'Football 6-12 ans',
      status: 'confirmed',
      colorCode: '#16A34A',
      startDateTime: expect.any(String),
      duration: 90,
      seats: { fillingRate: 0, reservedSeats: 0, freeSeats: 20, maxSeats: 20 },
      attendees: [],
      blueprintId: expect.stringMatching(/^bp_/),
      establishmentId: 'est_default',
      originalStartDateTime: null,
    });
    expect(calendar.items.some((i) => i.status === 'cancelled')).toBe(true);
    const postponed = calendar.items.find((i) => i.status === 'postponed')!;
    expect(postponed.originalStartDateTime).not.toBeNull();
    const yoga = calendar.items.find((i) => i.serviceName === 'Yoga adultes')!;
    expect(yoga.seats).toEqual({ fillingRate: 0, reservedSeats: 0, freeSeats: -1, maxSeats: -1 });
  });

  it('limits the range to 62 days and refuses bad input with 400', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(
      (await call('manager', 'GET', '/api/calendar/items', { from: iso(now), to: iso(now + 62 * DAY_MS) }))
        .statusCode,
    ).toBe(200);
    const bad: Record<string, string>[] = [
      { from: iso(now), to: iso(now + 62 * DAY_MS + 1000) },
      { from: iso(now), to: iso(now) },
      { from: iso(now), to: iso(now - DAY_MS) },
      { from: iso(now) },
      {},
      { from: 'yesterday', to: 'tomorrow' },
      { from: '2026-11-01', to: '2026-11-30' },
      { from: iso(now), to: '2026-13-45T00:00:00Z' },
    ];
    for (const query of bad) {
      const r = await call('manager', 'GET', '/api/calendar/items', query);
      expect(r.statusCode, JSON.stringify(query)).toBe(400);
      expect(r.json().details.length).toBeGreaterThan(0);
    }
    const message = (await call('manager', 'GET', '/api/calendar/items', bad[0])).json().details[0].message;
    expect(message).toBe('La fin doit suivre le début, sur 62 jours au plus');
    // Offsets other than Z are instants too.
    const offset = await call('manager', 'GET', '/api/calendar/items', {
      from: '2026-11-23T00:00:00+01:00',
      to: '2026-11-30T00:00:00+01:00',
    });
    expect(offset.statusCode).toBe(200);
  });

  it('is never cached (personal) and needs a signed-in user', async () => {
    const r = await call('manager', 'GET', '/api/calendar/items', window(0, 7));
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect((await call(null, 'GET', '/api/calendar/items', window(0, 7))).statusCode).toBe(401);
  });
});

/** Fetches a feed URL through the app (path only: the host is the organisation's subdomain). */
async function fetchFeed(url: string, headers?: Record<string, string>) {
  const { host, pathname } = new URL(url);
  return t.request('GET', pathname, { host, headers });
}

function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
}

describe('calendar feed', () => {
  it('gives each user one secret address, the same on every call', async () => {
    // Reading never creates the address: null until the user asks for one.
    expect((await call('parent', 'GET', '/api/calendar/feed')).json()).toEqual({ url: null });
    const first = await call('holder', 'POST', '/api/calendar/feed');
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(
      /^http:\/\/demo\.localhost:3000\/api\/calendar\/ical\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    expect((await call('holder', 'GET', '/api/calendar/feed')).json().url).toBe(first.json().url);
    expect((await call('holder', 'POST', '/api/calendar/feed')).json().url).toBe(first.json().url);
    expect((await call('manager', 'POST', '/api/calendar/feed')).json().url).not.toBe(first.json().url);
    expect((await call(null, 'GET', '/api/calendar/feed')).statusCode).toBe(401);
  });

  it("lists the holder's sessions with time zone, stable ids and cancellations", async () => {
    const { url } = (await call('holder', 'POST', '/api/calendar/feed')).json();
    const r = await fetchFeed(url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // Unchanged sessions give the same bytes: calendar apps polling the feed get a 304.
    expect(r.headers['cache-control']).toBe('private, max-age=300');
    expect((await fetchFeed(url)).body).toBe(r.body);
    expect((await fetchFeed(url, { 'if-none-match': r.headers.etag as string })).statusCode).toBe(304);
    const calendar = parseFeed(r.body);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Brussels');
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Brussels');

    const range = {
      from: new Date(Date.now() - 31 * DAY_MS).toISOString(),
      to: new Date(Date.now() + 366 * DAY_MS).toISOString(),
    };
    const expected = await t.database.query<{ id: string; start: string; status: string; name: string }>(
      `select s.id, s.start_date_time as start, s.status, b.name from services s
         join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
         join prestations p on p.organization_id = s.organization_id and p.service_id = s.id
        where s.organization_id = 'org_demo' and p.holder_user_id = $1
          and s.start_date_time >= $2 and s.start_date_time < $3`,
      [holderUserId, range.from, range.to],
    );
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(expected.length);
    expect(events.length).toBeGreaterThan(10);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    for (const session of expected) {
      const event = byUid.get(`${session.id}@demo.inscrio`)!;
      expect(event, session.id).toBeDefined();
      expect(event.summary).toBe(session.name);
      expect(event.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Brussels');
      expect(event.startDate.zone?.tzid).toBe('Europe/Brussels');
      expect(event.startDate.toJSDate().toISOString()).toBe(new Date(session.start).toISOString());
      const status = event.component.getFirstPropertyValue('status');
      expect(status).toBe(session.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED');
    }
    expect(expected.some((s) => s.status === 'cancelled')).toBe(true);
    const football = events.find((e) => e.summary === 'Football 6-12 ans')!;
    expect(football.location).toBe('Terrain synthétique');
    expect(football.duration.toSeconds()).toBe(90 * 60);
    // Wall-clock times in Brussels: football is on Wednesdays at 14:00 and Saturdays at 10:00, on both
    // sides of the daylight saving time changes.
    for (const e of events.filter((event) => event.summary === 'Football 6-12 ans')) {
      expect(['14:00', '10:00']).toContain(
        `${String(e.startDate.hour).padStart(2, '0')}:${String(e.startDate.minute).padStart(2, '0')}`,
      );
    }
    const offsets = new Set(
      events
        .filter((e) => e.summary === 'Football 6-12 ans' && e.startDate.hour === 10)
        .map((e) => e.startDate.toJSDate().getUTCHours()),
    );
    expect(offsets).toEqual(new Set([8, 9]));
  });

  it("lists a manager's whole organisation and a family's sessions", async () => {
    const manager = parseFeed(
      (await fetchFeed((await call('manager', 'POST', '/api/calendar/feed')).json().url)).body,
    );
    const [{ n }] = (await t.database.query<{ n: number }>(
      `select count(*)::int as n from services where organization_id = 'org_demo'
          and start_date_time >= now() - interval '31 days' and start_date_time < now() + interval '366 days'`,
    )) as [{ n: number }];
    expect(manager.getAllSubcomponents('vevent')).toHaveLength(n);
    const parentFeed = await fetchFeed((await call('parent', 'POST', '/api/calendar/feed')).json().url);
    expect(parentFeed.statusCode).toBe(200);
    const [{ n: attended }] = (await t.database.query<{ n: number }>(
      `select count(*)::int as n from services s where s.organization_id = 'org_demo'
          and s.start_date_time >= now() - interval '31 days' and s.start_date_time < now() + interval '366 days'
          and exists (select 1 from participants p join users u on u.organization_id = p.organization_id
            and u.family_id = p.family_id where p.organization_id = s.organization_id and p.service_id = s.id
            and u.email = $1 and p.status in ('invited', 'reserved', 'confirmed'))`,
      [DEMO_ACCOUNTS.parent],
    )) as [{ n: number }];
    expect(parseFeed(parentFeed.body).getAllSubcomponents('vevent')).toHaveLength(attended);
  });

  it('regenerates the address (the old one stops working) and revokes it', async () => {
    const old = (await call('holder', 'POST', '/api/calendar/feed')).json().url;
    const regenerated = await call('holder', 'POST', '/api/calendar/feed/regenerate');
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().url;
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect((await call('holder', 'GET', '/api/calendar/feed')).json().url).toBe(fresh);

    const revoked = await call('holder', 'DELETE', '/api/calendar/feed');
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    expect((await fetchFeed(fresh)).statusCode).toBe(404);
    expect((await call('holder', 'DELETE', '/api/calendar/feed')).statusCode).toBe(204);
    expect((await call('holder', 'GET', '/api/calendar/feed')).json().url).toBeNull();
    const again = (await call('holder', 'POST', '/api/calendar/feed')).json().url;
    expect(again).not.toBe(fresh);
    expect((await fetchFeed(again)).statusCode).toBe(200);
    for (const method of ['POST', 'DELETE'] as const) {
      const path = method === 'POST' ? '/api/calendar/feed/regenerate' : '/api/calendar/feed';
      expect((await call(null, method, path)).statusCode).toBe(401);
    }
  });

  it('answers 404 for unknown or malformed tokens, never 5xx', async () => {
    const unknown = `${'A'.repeat(43)}.ics`;
    for (const file of [
      unknown,
      'abc.ics',
      'A'.repeat(43),
      `${'A'.repeat(43)}.ICS`,
      '%00.ics',
      "'; select 1.ics",
    ]) {
      const r = await t.request('GET', `/api/calendar/ical/${encodeURIComponent(file)}`);
      expect(r.statusCode, file).toBe(404);
    }
    expect((await t.request('GET', `/api/calendar/ical/${'x'.repeat(300)}.ics`)).statusCode).toBeLessThan(
      500,
    );
  });

  it("stops serving a deleted account's feed", async () => {
    const { url } = (await call('admin', 'POST', '/api/calendar/feed')).json();
    expect((await fetchFeed(url)).statusCode).toBe(200);
    await t.database.query(`update users set deleted_at = now() where email = $1`, [DEMO_ACCOUNTS.admin]);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    await t.database.query(`update users set deleted_at = null where email = $1`, [DEMO_ACCOUNTS.admin]);
  });
});
