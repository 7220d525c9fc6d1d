import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, participants, users } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { sendSessionReminders } from '../src/modules/session-changes/session-reminders.job';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

const ORG = 'org_demo';
const ZONE = 'Europe/Brussels';
let t: TestApp;
let manager: string;
let parent: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  parent = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
});
afterAll(() => t?.close());

const call = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token, organizationId: ORG, body, query });

/** A Brussels wall-clock time `days` after today, as an instant. */
function brussels(days: number, hour: number, minute = 0): Date {
  const today = new TZDate(Date.now(), ZONE);
  return new Date(
    new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, hour, minute, ZONE).getTime(),
  );
}

/** Moves the test clock to `instant` for the length of `run`. */
async function at<T>(instant: Date, run: () => Promise<T>): Promise<T> {
  const offset = instant.getTime() - t.clock.now().getTime();
  t.clock.advance(offset);
  try {
    return await run();
  } finally {
    t.clock.advance(-offset);
  }
}

/** `count` families, each with its child registered (confirmed) to a new session starting at `start`. */
async function sessionWith(start: Date, families: FamilyFixture[]) {
  const name = `Escalade ${Math.random().toString(36).slice(2, 6)}`;
  const activity = await createActivity(t.db, {
    name,
    price: 0,
    visibility: 'public',
    maxSeats: 10,
    sessions: [{ start }],
  });
  const serviceId = activity.serviceIds[0]!;
  for (const f of families) {
    const added = await call(manager, 'POST', '/api/participants', {
      serviceIds: [serviceId],
      memberIds: [f.childId],
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  return { serviceId, name };
}

const remindersTo = (email: string, activity: string) =>
  t.inbox.mailsTo(email).filter((m) => m.subject.includes(activity) && m.subject.startsWith('R'));

async function settle() {
  await t.app.ctx.queue.runUntilIdle();
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('the reminder the day before a session', () => {
  it('leaves once, at the hour, in each account language, not to accounts that turned it off', async () => {
    const [fr, en, off] = [
      ...(await createFamilies(t.app.ctx, 1, {
        prefix: 'rem-fr',
        locale: 'fr',
        childBirthdate: '2016-03-01',
      })),
      ...(await createFamilies(t.app.ctx, 1, {
        prefix: 'rem-en',
        locale: 'en',
        childBirthdate: '2016-03-01',
      })),
      ...(await createFamilies(t.app.ctx, 1, {
        prefix: 'rem-off',
        locale: 'fr',
        childBirthdate: '2016-03-01',
      })),
    ];
    // The third family turned reminders off in « Mon profil ».
    const turnedOff = await call(off!.token, 'PATCH', '/api/me/mail-preferences', {
      sessionReminders: false,
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    expect((await call(off!.token, 'GET', '/api/me/mail-preferences')).json()).toEqual({
      sessionReminders: false,
      recoveryReminders: true,
    });

    const settings = await call(manager, 'PATCH', '/api/session-reminders/settings', {
      enabled: true,
      hour: 18,
    });
    expect(settings.json()).toEqual({ enabled: true, hour: 18 });
    const session = await sessionWith(brussels(9, 10, 0), [fr!, en!, off!]);

    // The day before, 17:55 in Brussels: not yet.
    await at(brussels(8, 17, 55), () => sendSessionReminders(t.app.ctx));
    await settle();
    expect(remindersTo(fr!.email, session.name)).toHaveLength(0);

    // 18:05: sent; a second run, or a restarted instance, sends nothing more.
    await at(brussels(8, 18, 5), () => sendSessionReminders(t.app.ctx));
    await at(brussels(8, 19, 0), () => sendSessionReminders(t.app.ctx));
    await t.waitForMail(en!.email);
    await settle();
    const [french] = remindersTo(fr!.email, session.name);
    expect(remindersTo(fr!.email, session.name)).toHaveLength(1);
    expect(french!.subject).toMatch(
      new RegExp(`^Rappel : ${session.name} demain, \\d{2}/\\d{2}/\\d{4} 10:00 – Club Sportif Démo$`),
    );
    expect(french!.text).toContain('Club Sportif Démo vous rappelle la séance');
    const english = remindersTo(en!.email, session.name);
    expect(english).toHaveLength(1);
    expect(english[0]!.subject).toMatch(new RegExp(`^Reminder: ${session.name} tomorrow`));
    expect(remindersTo(off!.email, session.name)).toHaveLength(0);

    // Two days before, nothing: only sessions of tomorrow.
    const later = await sessionWith(brussels(10, 10, 0), [fr!]);
    await at(brussels(8, 18, 30), () => sendSessionReminders(t.app.ctx));
    await settle();
    expect(remindersTo(fr!.email, later.name)).toHaveLength(0);
  });

  it('leaves none when the organisation turned reminders off', async () => {
    const [f] = await createFamilies(t.app.ctx, 1, { prefix: 'rem-org', childBirthdate: '2016-03-01' });
    const session = await sessionWith(brussels(12, 9, 0), [f!]);
    expect(
      (await call(manager, 'PATCH', '/api/session-reminders/settings', { enabled: false })).json(),
    ).toEqual({
      enabled: false,
      hour: 18,
    });
    try {
      await at(brussels(11, 20, 0), () => sendSessionReminders(t.app.ctx));
      await settle();
      expect(remindersTo(f!.email, session.name)).toHaveLength(0);
    } finally {
      await call(manager, 'PATCH', '/api/session-reminders/settings', { enabled: true });
    }
  });

  it('keeps the setting to organisation managers, with bounds', async () => {
    expect((await call(parent, 'GET', '/api/session-reminders/settings')).statusCode).toBe(403);
    expect((await call(parent, 'PATCH', '/api/session-reminders/settings', { hour: 7 })).statusCode).toBe(
      403,
    );
    const bad = await call(manager, 'PATCH', '/api/session-reminders/settings', { hour: 24 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({
      field: 'hour',
      message: 'La valeur ne peut pas dépasser 23',
    });
    expect((await call(manager, 'PATCH', '/api/session-reminders/settings', { hour: '7' })).statusCode).toBe(
      400,
    );
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, ORG));
    expect(row!.sessionReminderHour).toBe(18);
  });
});

describe('the one-click unsubscribe (RFC 8058)', () => {
  it("stops this kind of e-mail for the link's account only, without signing in", async () => {
    const [a, b] = await createFamilies(t.app.ctx, 2, { prefix: 'unsub', childBirthdate: '2016-03-01' });
    const session = await sessionWith(brussels(14, 10, 0), [a!, b!]);
    await at(brussels(13, 18, 10), () => sendSessionReminders(t.app.ctx));
    const mail = await t.waitForMail(a!.email);
    expect(mail.subject).toContain(session.name);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    expect(mail.text).toContain(`Ne plus recevoir ces e-mails : ${url}`);
    const { pathname, searchParams } = new URL(url);
    expect(pathname).toBe('/api/mail/unsubscribe');
    const token = searchParams.get('token')!;

    // The link's page only asks; a scanner following it changes nothing.
    const shown = await call(undefined, 'GET', '/api/mail/unsubscribe', undefined, { token });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Ne plus recevoir ces e-mails');
    const stillOn = async (userId: string) =>
      (await t.db.select({ on: users.sessionReminders }).from(users).where(eq(users.id, userId)))[0]!.on;
    expect(await stillOn(a!.userId)).toBe(true);

    // Altered or forged tokens: refused, nothing changes.
    for (const forged of [
      `${token}x`,
      token.replace(
        /^[^.]+/,
        Buffer.from(JSON.stringify([ORG, b!.userId, 'session-reminder'])).toString('base64url'),
      ),
      'abc.def',
    ]) {
      const refused = await t.request('POST', '/api/mail/unsubscribe', {
        query: { token: forged },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("Ce lien de désabonnement n'est pas valide.");
    }
    expect(
      (await call(undefined, 'POST', '/api/mail/unsubscribe', undefined, { token: 'x'.repeat(501) }))
        .statusCode,
    ).toBe(400);

    // The mail client's one-click POST.
    const done = await t.request('POST', '/api/mail/unsubscribe', {
      query: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await stillOn(a!.userId)).toBe(false);
    expect(await stillOn(b!.userId)).toBe(true);
    expect((await call(a!.token, 'GET', '/api/me/mail-preferences')).json()).toEqual({
      sessionReminders: false,
      recoveryReminders: true,
    });

    // The next reminder goes to the other family only.
    const next = await sessionWith(brussels(15, 10, 0), [a!, b!]);
    await at(brussels(14, 18, 10), () => sendSessionReminders(t.app.ctx));
    await t.waitForMail(b!.email, 2);
    await settle();
    expect(remindersTo(a!.email, next.name)).toHaveLength(0);
    expect(remindersTo(b!.email, next.name)).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(participants)
      .where(and(eq(participants.serviceId, next.serviceId)));
    expect(row).toBeDefined();
  });

  it('refuses bad preference input', async () => {
    for (const body of [{}, { sessionReminders: 'no' }, { sessionReminders: true, other: 1 }]) {
      expect((await call(parent, 'PATCH', '/api/me/mail-preferences', body)).statusCode).toBe(400);
    }
    expect((await call(undefined, 'GET', '/api/me/mail-preferences')).statusCode).toBe(401);
  });
});
