import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { newId } from '../src/lib/ids';
import { remindRecoveryTokens } from '../src/modules/recovery/recovery.job';
import { sendSessionReminders } from '../src/modules/session-changes/session-reminders.job';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import type { ReceivedMail } from './helpers/smtp-inbox';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The automatic e-mails of issue #20, read from the real SMTP inbox: each leaves once, in the recipient's
 * language, headed by the club's name and logo, is kept once in the family's inbox (`/communications`),
 * and those no transaction requires (the session reminder, the recovery token about to expire) carry
 * the one-click unsubscribe (List-Unsubscribe header and a link in the body); the overdue invoice's
 * reminder, part of the order, does not. A family with two children in one session gets one e-mail
 * naming both, and one inbox entry.
 */

const ORG = 'org_demo';
const ZONE = 'Europe/Brussels';
const CLUB = 'Club Sportif Démo';
let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  // The club's website logo (the asset's bytes do not matter here: the mail links to it).
  await t.database.query(`update organizations set logo_asset_id = 'ast_logo' where id = $1`, [ORG]);
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  t.request(method, url, { token, organizationId: ORG, body });

async function settle() {
  await t.app.ctx.queue.runUntilIdle();
  await new Promise((resolve) => setTimeout(resolve, 250));
  await t.app.ctx.queue.runUntilIdle();
}

/** A Brussels wall-clock time `days` after today, as an instant. */
function brussels(days: number, hour: number): Date {
  const today = new TZDate(Date.now(), ZONE);
  return new Date(
    new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, hour, 0, ZONE).getTime(),
  );
}

async function at<T>(instant: Date, run: () => Promise<T>): Promise<T> {
  const offset = instant.getTime() - t.clock.now().getTime();
  t.clock.advance(offset);
  try {
    return await run();
  } finally {
    t.clock.advance(-offset);
  }
}

/** A family whose two children (its own and « Zoé ») are confirmed in one new session starting at `start`. */
async function twoChildrenIn(start: Date, prefix: string, locale: 'fr' | 'en' = 'fr') {
  const [family] = await createFamilies(t.app.ctx, 1, { prefix, locale, childBirthdate: '2016-03-01' });
  const second = newId('mbr');
  await t.db.insert(members).values({
    organizationId: ORG,
    id: second,
    familyId: family!.familyId,
    firstName: 'Zoé',
    lastName: 'Cadette',
    birthdate: '2017-02-01',
  });
  const name = `Escalade ${Math.random().toString(36).slice(2, 6)}`;
  const activity = await createActivity(t.db, {
    name,
    price: 0,
    visibility: 'public',
    maxSeats: 10,
    sessions: [{ start }],
  });
  const serviceId = activity.serviceIds[0]!;
  const added = await call(manager, 'POST', '/api/participants', {
    serviceIds: [serviceId],
    memberIds: [family!.childId, second],
  });
  expect(added.statusCode, added.body).toBe(200);
  return { family: family!, serviceId, name };
}

const inboxOf = async (family: FamilyFixture) =>
  (await call(family.token, 'GET', '/api/communications/inbox')).json() as {
    items: { id: string; kind: string; subject: string }[];
  };

/** The club's name and logo head the mail: an image on the club's public asset URL, its alt the name. */
function expectBranded(mail: ReceivedMail) {
  const logo = mail.html.match(/<img src="([^"]+)" alt="([^"]+)"/);
  expect(logo, mail.html).not.toBeNull();
  expect(logo![1]).toMatch(/^https?:\/\/demo\.[^/]+\/api\/assets\/serve\/[^?]+\?orgId=org_demo$/);
  expect(logo![2]).toBe(CLUB);
  expect(mail.html.indexOf('<img')).toBeLessThan(mail.html.indexOf('<p'));
}

describe('the reminder the day before a session', () => {
  it('leaves once per account naming both children, branded, with its one-click stop, one inbox entry', async () => {
    await call(manager, 'PATCH', '/api/session-reminders/settings', { enabled: true, hour: 18 });
    const { family, name } = await twoChildrenIn(brussels(9, 10), 'auto-rem');
    await at(brussels(8, 18), () => sendSessionReminders(t.app.ctx));
    await at(brussels(8, 19), () => sendSessionReminders(t.app.ctx));
    await settle();
    const reminders = t.inbox.mailsTo(family.email).filter((m) => m.subject.startsWith('Rappel'));
    expect(reminders).toHaveLength(1);
    const [mail] = reminders;
    expect(mail!.subject).toContain(name);
    expect(mail!.text).toMatch(/(Enfant \S+ et Zoé Cadette|Zoé Cadette et Enfant \S+) sont inscrits/);
    expectBranded(mail!);
    // One-click stop: the header pair of RFC 8058 and the same link in the body.
    const header = mail!.headers['list-unsubscribe']!;
    expect(header).toMatch(/^<https?:\/\/demo\.[^>]+\/api\/mail\/unsubscribe\?token=[^>]+>$/);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain(header.slice(1, -1));
    expect(mail!.text).toContain('Ne plus recevoir ces e-mails');

    const inbox = await inboxOf(family);
    expect(inbox.items.filter((i) => i.kind === 'session-reminder')).toHaveLength(1);
  });
});

describe('a session cancelled or postponed by the club', () => {
  it('tells a family with two children in it once, naming both, without an unsubscribe link', async () => {
    const { family, serviceId, name } = await twoChildrenIn(
      new Date(Date.now() + 20 * 86_400_000),
      'auto-cancel',
    );
    const cancelled = await call(manager, 'POST', `/api/services/${serviceId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    await settle();
    const mails = t.inbox.mailsTo(family.email).filter((m) => m.subject.startsWith('Séance annulée'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(name);
    expect(mails[0]!.text).toMatch(/(Enfant \S+ et Zoé Cadette|Zoé Cadette et Enfant \S+) étaient inscrits/);
    expectBranded(mails[0]!);
    expect(mails[0]!.headers['list-unsubscribe']).toBeUndefined();
    const inbox = await inboxOf(family);
    expect(inbox.items.filter((i) => i.kind === 'session-cancelled')).toHaveLength(1);
  });

  it('a postponement reaches an English family once, in English, naming both', async () => {
    const { family, serviceId } = await twoChildrenIn(
      new Date(Date.now() + 21 * 86_400_000),
      'auto-move',
      'en',
    );
    const moved = await call(manager, 'POST', `/api/services/${serviceId}/postpone`, {
      startDateTime: new Date(Date.now() + 28 * 86_400_000).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBeLessThan(300);
    await settle();
    const mails = t.inbox.mailsTo(family.email).filter((m) => m.subject.startsWith('Session postponed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(
      /(Enfant \S+ and Zoé Cadette|Zoé Cadette and Enfant \S+) are registered to/,
    );
    expectBranded(mails[0]!);
    expect((await inboxOf(family)).items.filter((i) => i.kind === 'session-moved')).toHaveLength(1);
  });
});

describe('a recovery token about to expire', () => {
  it('warns once with a one-click stop that works; the token’s creation is kept in the inbox too', async () => {
    const [family] = await createFamilies(t.app.ctx, 1, { prefix: 'auto-token' });
    const issued = await call(manager, 'POST', '/api/recovery-tokens', {
      memberId: family!.childId,
      valueCents: 1500,
      note: 'Geste',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    await settle();
    const created = t.inbox.mailsTo(family!.email).at(-1)!;
    expectBranded(created);
    // Its creation belongs to what the club did: no stop link.
    expect(created.headers['list-unsubscribe']).toBeUndefined();

    await at(new Date(Date.now() + 85 * 86_400_000), () => remindRecoveryTokens(t.app.ctx));
    await at(new Date(Date.now() + 86 * 86_400_000), () => remindRecoveryTokens(t.app.ctx));
    await settle();
    const expiring = t.inbox.mailsTo(family!.email).filter((m) => m.headers['list-unsubscribe']);
    expect(expiring).toHaveLength(1);
    expectBranded(expiring[0]!);
    expect(expiring[0]!.text).toContain('Ne plus recevoir ces e-mails');
    const kinds = (await inboxOf(family!)).items.map((i) => i.kind);
    expect(kinds.filter((k) => k === 'recovery-token')).toHaveLength(2);

    // The one-click POST (what the mail client sends) stops these warnings for this account only.
    const link = new URL(expiring[0]!.headers['list-unsubscribe']!.slice(1, -1));
    const stopped = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { host: link.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await call(family!.token, 'GET', '/api/me/mail-preferences')).json()).toEqual({
      sessionReminders: true,
      recoveryReminders: false,
    });
    const before = t.inbox.mailsTo(family!.email).length;
    const again = await call(manager, 'POST', '/api/recovery-tokens', {
      memberId: family!.childId,
      valueCents: 500,
      note: 'Encore',
    });
    expect(again.statusCode).toBe(200);
    await settle();
    expect(t.inbox.mailsTo(family!.email)).toHaveLength(before + 1); // its creation, still told
    await at(new Date(Date.now() + 85 * 86_400_000), () => remindRecoveryTokens(t.app.ctx));
    await settle();
    expect(t.inbox.mailsTo(family!.email)).toHaveLength(before + 1); // but no warning
  });
});

describe('an overdue invoice', () => {
  it('is reminded branded, kept in the inbox, and carries no unsubscribe (it belongs to the order)', async () => {
    const activity = await createActivity(t.db, {
      name: 'Judo payant',
      price: 4000,
      sessions: [{ start: new Date(Date.now() + 30 * 86_400_000) }],
    });
    const [family] = await createFamilies(t.app.ctx, 1, { prefix: 'auto-invoice', locale: 'en' });
    await call(family!.token, 'POST', '/api/cart/items', {
      blueprintId: activity.blueprintId,
      serviceIds: activity.serviceIds,
      memberIds: [family!.childId],
      supplementIds: [],
    });
    const checkout = await call(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const order = await t.waitForMail(family!.email);
    expectBranded(order);
    const invoices = await t.database.query<{ id: string }>(
      `select id from invoices where organization_id = $1 and order_id = $2`,
      [ORG, checkout.json().order.id],
    );
    const reminded = await call(manager, 'POST', `/api/invoices/${invoices[0]!.id}/remind`);
    expect(reminded.statusCode, reminded.body).toBe(200);
    const mail = await t.waitForMail(family!.email, 2);
    expect(mail.subject).toMatch(/^[A-Z][a-z]/);
    expect(mail.text).not.toContain('Rappel');
    expectBranded(mail);
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    const kinds = (await inboxOf(family!)).items.map((i) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(['order-placed', 'invoice-reminder']));
  });
});
