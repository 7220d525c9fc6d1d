import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';
import { mayRemoveStaff } from '../src/modules/support/staff.service';

let t: TestApp;
type Who = 'sysadmin' | 'support' | 'admin' | 'manager' | 'parent';
const tokens = {} as Record<Who, string>;
const staffSide = (who: Who) => who === 'sysadmin' || who === 'support';
const statuses: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['sysadmin', 'support', 'admin', 'manager', 'parent'] as const) {
    tokens[who] = (
      await t.signIn(DEMO_ACCOUNTS[who], undefined, staffSide(who) ? ADMIN_HOST : undefined)
    ).accessToken;
  }
});

afterAll(async () => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await t.close();
});

async function call(
  who: Who,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const r = await t.request(method, `/api${url}`, {
    token: tokens[who],
    organizationId: staffSide(who) ? 'org_sysadmin' : 'org_demo',
    host: staffSide(who) ? ADMIN_HOST : undefined,
    body,
    headers,
  });
  statuses.push(r.statusCode);
  return r;
}

const staffList = async () =>
  (await call('sysadmin', 'GET', '/platform/staff')).json().items as {
    userId: string;
    email: string;
    kind: string;
    invited: boolean;
  }[];

describe('platform staff (« Administrateurs et supports »)', () => {
  it('lists the system administrators and support staff to a system administrator only', async () => {
    const list = await staffList();
    expect(list.map((s) => [s.email, s.kind])).toEqual(
      expect.arrayContaining([
        [DEMO_ACCOUNTS.sysadmin, 'system-admin'],
        [DEMO_ACCOUNTS.support, 'support'],
      ]),
    );
    expect(list).toHaveLength(2);
    for (const who of ['support', 'admin', 'manager', 'parent'] as const) {
      expect((await call(who, 'GET', '/platform/staff')).statusCode).toBe(403);
      const invite = await call(who, 'POST', '/platform/staff', {
        email: 'x@admin.test',
        firstName: 'X',
        lastName: 'Y',
        kind: 'support',
      });
      expect(invite.statusCode).toBe(403);
      expect((await call(who, 'DELETE', `/platform/staff/${list[0]!.userId}`)).statusCode).toBe(403);
    }
    expect((await t.request('GET', '/api/platform/staff', { host: ADMIN_HOST })).statusCode).toBe(401);
  });

  it('invites a support agent by e-mail, with a link for that address only', async () => {
    const r = await call('sysadmin', 'POST', '/platform/staff', {
      email: 'Nouveau.Support@admin.test',
      firstName: 'Nina',
      lastName: 'Nouvelle',
      kind: 'support',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ email: 'nouveau.support@admin.test', kind: 'support', invited: true });
    const mail = await t.waitForMail('nouveau.support@admin.test');
    expect(mail.text).toContain('Bonjour Nina,');
    const token = /http:\/\/admin\.localhost:3000\/reset-password\?token=([\w-]+)&invitation=1/.exec(
      mail.text,
    )?.[1];
    expect(token, mail.text).toBeDefined();
    const choose = (options: { token?: string; host?: string }) =>
      t.request('POST', '/api/auth/reset-password', {
        host: options.host ?? ADMIN_HOST,
        token: options.token,
        body: { resetPasswordToken: token, password: 'Bienvenue2026' },
      });
    // Another signed-in account cannot take it: it sets the password of the invited address only.
    expect((await choose({ token: tokens.support })).statusCode).toBe(403);
    expect((await choose({ token: tokens.sysadmin })).statusCode).toBe(403);
    expect((await choose({})).statusCode).toBe(204);
    const signedIn = await t.signIn('nouveau.support@admin.test', 'Bienvenue2026', ADMIN_HOST);
    expect(signedIn.user.role).toBe('support');
    expect(signedIn.isSystemAdmin).toBe(false);
    expect((await staffList()).find((s) => s.email === 'nouveau.support@admin.test')?.invited).toBe(false);
  });

  it('invites a system administrator, who may then administer the staff', async () => {
    const r = await call('sysadmin', 'POST', '/platform/staff', {
      email: 'second.admin@admin.test',
      firstName: 'Bruno',
      lastName: 'Second',
      kind: 'system-admin',
    });
    expect(r.statusCode).toBe(201);
    const mail = await t.waitForMail('second.admin@admin.test');
    const token = /token=([\w-]+)&invitation=1/.exec(mail.text)![1]!;
    await t.request('POST', '/api/auth/reset-password', {
      host: ADMIN_HOST,
      body: { resetPasswordToken: token, password: 'Bienvenue2026' },
    });
    const second = await t.signIn('second.admin@admin.test', 'Bienvenue2026', ADMIN_HOST);
    expect(second.isSystemAdmin).toBe(true);
    const list = await t.request('GET', '/api/platform/staff', {
      host: ADMIN_HOST,
      token: second.accessToken,
      organizationId: 'org_sysadmin',
    });
    expect(list.statusCode).toBe(200);
  });

  it('refuses an address already in the staff, and bad input in French and English', async () => {
    const again = await call('sysadmin', 'POST', '/platform/staff', {
      email: DEMO_ACCOUNTS.support.toUpperCase(),
      firstName: 'S',
      lastName: 'S',
      kind: 'support',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'staff_already_member',
      message: "Cette adresse e-mail appartient déjà à un membre de l'équipe de la plateforme",
    });
    const bad = await call('sysadmin', 'POST', '/platform/staff', {
      email: 'pas-une-adresse',
      firstName: '',
      lastName: 'x'.repeat(101),
      kind: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['email', 'firstName', 'kind', 'lastName']);
    const en = await call(
      'sysadmin',
      'POST',
      '/platform/staff',
      { email: 'ok@admin.test', firstName: 'A', lastName: 'B' },
      { 'accept-language': 'en' },
    );
    expect(en.statusCode).toBe(400);
    expect(en.json().details[0]).toMatchObject({ field: 'kind' });
    expect(en.json().details[0].message).toMatch(/required/i);
  });

  it('removes a member of the staff (their sessions end) but never the last system administrator', async () => {
    const list = await staffList();
    const support = list.find((s) => s.email === 'nouveau.support@admin.test')!;
    const removed = await call('sysadmin', 'DELETE', `/platform/staff/${support.userId}`);
    expect(removed.statusCode).toBe(204);
    expect((await staffList()).map((s) => s.email)).not.toContain('nouveau.support@admin.test');
    const audited = await t.database.query<{ actor_user_id: string; data: { method: string } }>(
      `select actor_user_id, data from audit_events
       where organization_id = 'org_sysadmin' and type = 'user-deleted' and subject_id = $1`,
      [support.userId],
    );
    expect(audited).toEqual([
      { actor_user_id: expect.any(String), data: { method: 'staff-removed', kind: 'support' } },
    ]);
    const signIn = await t.request('POST', '/api/auth/sign-in/password', {
      host: ADMIN_HOST,
      body: { email: 'nouveau.support@admin.test', password: 'Bienvenue2026' },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await call('sysadmin', 'DELETE', `/platform/staff/${support.userId}`)).statusCode).toBe(404);
    expect((await call('sysadmin', 'DELETE', '/platform/staff/usr_unknown')).statusCode).toBe(404);

    // Invited again, the same address comes back with a new link.
    const back = await call('sysadmin', 'POST', '/platform/staff', {
      email: 'nouveau.support@admin.test',
      firstName: 'Nina',
      lastName: 'Revenue',
      kind: 'support',
    });
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ userId: support.userId, invited: true, lastName: 'Revenue' });

    const second = list.find((s) => s.email === 'second.admin@admin.test')!;
    expect((await call('sysadmin', 'DELETE', `/platform/staff/${second.userId}`)).statusCode).toBe(204);
    const me = list.find((s) => s.email === DEMO_ACCOUNTS.sysadmin)!;
    const last = await call('sysadmin', 'DELETE', `/platform/staff/${me.userId}`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({
      error: 'last_system_admin',
      message: 'Le dernier administrateur système ne peut pas être retiré',
    });
    const lastEn = await call('sysadmin', 'DELETE', `/platform/staff/${me.userId}`, undefined, {
      'accept-language': 'en',
    });
    expect(lastEn.json().message).toBe('The last system administrator cannot be removed');
    // A club's account is not staff: 404 whatever its id.
    const clubAdmin = await t.signIn(DEMO_ACCOUNTS.admin);
    expect((await call('sysadmin', 'DELETE', `/platform/staff/${clubAdmin.user.id}`)).statusCode).toBe(404);
  });

  it('keeps a system administrator whenever one would be removed (rule)', () => {
    expect(mayRemoveStaff({ isSystemAdmin: true }, 1)).toBe(false);
    expect(mayRemoveStaff({ isSystemAdmin: true }, 2)).toBe(true);
    expect(mayRemoveStaff({ isSystemAdmin: false }, 1)).toBe(true);
  });
});

describe('platform settings (the system organisation’s « Configuration »)', () => {
  it('gives the pricing plans to a system administrator only', async () => {
    const r = await call('sysadmin', 'GET', '/platform/settings');
    expect(r.statusCode).toBe(200);
    const keys = r.json().pricingPlans.map((p: { key: string }) => p.key);
    expect(keys).toEqual(expect.arrayContaining(['free-trial', 'default-monthly']));
    const trial = r.json().pricingPlans.find((p: { key: string }) => p.key === 'free-trial');
    expect(trial).toMatchObject({ nextPlanKey: expect.any(String), trialDays: expect.any(Number) });
    for (const who of ['support', 'admin', 'manager', 'parent'] as const) {
      expect((await call(who, 'GET', '/platform/settings')).statusCode).toBe(403);
    }
  });
});
