import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { establishments, organizations } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { issueStatement } from '../src/modules/platform/statements';
import { createUserRepository } from '../src/modules/users/user.repository';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

/*
 * The organisations administration of the platform staff: `GET /organizations`,
 * `GET /organizations/{id}/overview`, archive / unarchive, maintenance on / off, change of plan, and their
 * effects on the organisation's API.
 */

const DEMO = 'org_demo';
const OTHER = 'org_othertown';
const OTHER_HOST = 'othertown.localhost:3000';

type Who = 'sysadmin' | 'support' | 'platformAdminRole' | 'admin' | 'manager' | 'parent' | 'otherAdmin';
const tokens = {} as Record<Who, string>;
let t: TestApp;
const responses: { url: string; status: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(organizations).values({ id: OTHER, key: 'othertown', name: 'Club de Othertown' });
  await t.db.insert(establishments).values({ organizationId: OTHER, id: 'est_default', name: 'Salle' });
  await createUserRepository(t.db).createAccount(OTHER, {
    email: 'admin@othertown.test',
    passwordHash: await hashPassword('Demo1234'),
    role: 'admin',
    person: { firstName: 'Odile', lastName: 'Town' },
  });
  // An administrator's role on the system organisation without the system administrator's flag.
  await createUserRepository(t.db).createAccount('org_sysadmin', {
    email: 'role-admin@admin.test',
    passwordHash: await hashPassword('Demo1234'),
    role: 'admin',
    person: { firstName: 'Rolande', lastName: 'Admin' },
  });
  tokens.platformAdminRole = (await t.signIn('role-admin@admin.test', 'Demo1234', ADMIN_HOST)).accessToken;
  tokens.sysadmin = (await t.signIn(DEMO_ACCOUNTS.sysadmin, undefined, ADMIN_HOST)).accessToken;
  tokens.support = (await t.signIn(DEMO_ACCOUNTS.support, undefined, ADMIN_HOST)).accessToken;
  tokens.admin = (await t.signIn(DEMO_ACCOUNTS.admin)).accessToken;
  tokens.manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  tokens.parent = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
  tokens.otherAdmin = (await t.signIn('admin@othertown.test', 'Demo1234', OTHER_HOST)).accessToken;
});

afterAll(async () => {
  expect(responses.filter((r) => r.status >= 500 && r.status !== 503)).toEqual([]);
  await t.close();
});

const homeOf: Record<Who, string> = {
  sysadmin: 'org_sysadmin',
  support: 'org_sysadmin',
  platformAdminRole: 'org_sysadmin',
  admin: DEMO,
  manager: DEMO,
  parent: DEMO,
  otherAdmin: OTHER,
};
const hostOf = (who: Who) =>
  homeOf[who] === 'org_sysadmin' ? ADMIN_HOST : homeOf[who] === OTHER ? OTHER_HOST : undefined;

async function call(
  who: Who,
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; query?: Record<string, string>; lang?: 'fr' | 'en'; organizationId?: string } = {},
) {
  const r = await t.request(method, url, {
    token: tokens[who],
    host: hostOf(who),
    organizationId: opts.organizationId ?? homeOf[who],
    body: opts.body,
    query: opts.query,
    headers: opts.lang ? { 'accept-language': opts.lang } : {},
  });
  responses.push({ url, status: r.statusCode });
  return r;
}

const audits = (type: string, organizationId = DEMO) =>
  t.database.query<{ actor_user_id: string; subject_id: string; data: Record<string, unknown> }>(
    `select actor_user_id, subject_id, data from audit_events where organization_id = $1 and type = $2 order by created_at`,
    [organizationId, type],
  );

describe('GET /organizations', () => {
  it('lists every organisation with its plan, counts and state for system administrators and support', async () => {
    for (const who of ['sysadmin', 'support', 'platformAdminRole'] as const) {
      const r = await call(who, 'GET', '/api/organizations');
      expect(r.statusCode, who).toBe(200);
      const page = r.json();
      expect(page.total).toBeGreaterThanOrEqual(3);
      const demo = page.items.find((o: { id: string }) => o.id === DEMO);
      expect(demo).toMatchObject({
        key: 'demo',
        planKey: 'default-monthly',
        state: 'active',
        isSystem: false,
      });
      expect(demo.members).toBeGreaterThan(3);
      expect(typeof demo.confirmedParticipantsThisMonth).toBe('number');
      expect(demo.lastActivityAt).not.toBeNull();
      expect(page.items.find((o: { id: string }) => o.id === OTHER)).toMatchObject({
        planKey: null,
        members: 1,
      });
    }
  });

  it('refuses everyone else with 403, whatever their role in their club', async () => {
    for (const who of ['admin', 'manager', 'parent', 'otherAdmin'] as const) {
      expect((await call(who, 'GET', '/api/organizations')).statusCode, who).toBe(403);
      // Even with bad input: the right is checked first.
      expect((await call(who, 'GET', '/api/organizations', { query: { sort: 'x' } })).statusCode, who).toBe(
        403,
      );
    }
    expect((await t.request('GET', '/api/organizations')).statusCode).toBe(401);
  });

  it('searches by name or key, filters by plan and state, sorts and pages', async () => {
    const ids = async (query: Record<string, string>) =>
      (await call('support', 'GET', '/api/organizations', { query }))
        .json()
        .items.map((o: { id: string }) => o.id);
    expect(await ids({ q: 'othert' })).toEqual([OTHER]);
    expect(await ids({ q: 'DEMO' })).toContain(DEMO);
    expect(await ids({ q: '%' })).toEqual([]);
    const monthly = await ids({ plan: 'default-monthly' });
    expect(monthly).toContain(DEMO);
    expect(monthly).not.toContain(OTHER);
    expect(await ids({ plan: 'none' })).toContain(OTHER);
    const archivedIds = await ids({ state: 'archived' });
    expect(archivedIds).not.toContain(DEMO);
    expect(archivedIds).not.toContain(OTHER);
    expect(await ids({ state: 'active' })).toEqual(expect.arrayContaining([DEMO, OTHER]));
    const byKeyDesc = await ids({ sort: 'key', order: 'desc' });
    expect(byKeyDesc.indexOf(OTHER)).toBeLessThan(byKeyDesc.indexOf(DEMO));
    const first = (
      await call('support', 'GET', '/api/organizations', { query: { pageSize: '1', sort: 'key' } })
    ).json();
    expect(first.items).toHaveLength(1);
    const second = (
      await call('support', 'GET', '/api/organizations', { query: { pageSize: '1', page: '2', sort: 'key' } })
    ).json();
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(second.total).toBe(first.total);
    const beyond = (await call('support', 'GET', '/api/organizations', { query: { page: '99' } })).json();
    expect(beyond).toMatchObject({ items: [], total: first.total });
  });

  it('names each bad parameter in French and in English', async () => {
    const query = { plan: 'gold', state: 'asleep', pageSize: '1000', q: 'x'.repeat(101) };
    const fr = await call('sysadmin', 'GET', '/api/organizations', { query, lang: 'fr' });
    expect(fr.statusCode).toBe(400);
    const fields = fr.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['plan', 'state', 'pageSize', 'q']));
    expect(fr.json().message).toBe('Les données fournies sont invalides.');
    const en = await call('sysadmin', 'GET', '/api/organizations', { query, lang: 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('The data provided is invalid.');
    expect(en.json().details.find((d: { field: string }) => d.field === 'plan').message).not.toBe(
      fr.json().details.find((d: { field: string }) => d.field === 'plan').message,
    );
  });
});

describe('GET /organizations/{id}/overview', () => {
  it('shows identity, billing, licence and history, 12 months of usage and administrators to platform staff', async () => {
    const r = await call('support', 'GET', `/api/organizations/${DEMO}/overview`);
    expect(r.statusCode).toBe(200);
    const o = r.json();
    expect(o).toMatchObject({ id: DEMO, key: 'demo', state: 'active', canAct: false });
    expect(o.licence.planKey).toBe('default-monthly');
    expect(o.licenceHistory.length).toBeGreaterThanOrEqual(1);
    expect(o.usage).toHaveLength(12);
    expect(o.usage[11].month).toMatch(/^\d{4}-\d{2}$/);
    expect(o.administrators.map((a: { email: string }) => a.email)).toContain(DEMO_ACCOUNTS.admin);
    expect((await call('sysadmin', 'GET', `/api/organizations/${DEMO}/overview`)).json().canAct).toBe(true);
  });

  it("counts each month's confirmed participants as the club's statement bills them", async () => {
    const { usage } = (await call('sysadmin', 'GET', `/api/organizations/${DEMO}/overview`)).json() as {
      usage: { month: string; confirmedParticipants: number }[];
    };
    const month = usage[11]!.month;
    // Three members of the club: one confirmed last month to a session this month (counted), one
    // confirmed today to a session next month (not counted this month), one at a cancelled session.
    const members = await t.database.query<{ id: string; family_id: string }>(
      `select id, family_id from members where organization_id = $1 and deleted_at is null order by id limit 3`,
      [DEMO],
    );
    const sessionAt = async (from: string, to: string) =>
      (
        await t.database.query<{ id: string }>(
          `select id from services where organization_id = $1 and start_date_time >= $2::date
             and start_date_time < $3::date order by start_date_time limit 1`,
          [DEMO, from, to],
        )
      )[0]!.id;
    const [year, m] = month.split('-').map(Number) as [number, number];
    const nextMonthStart = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
    const [thisMonth, nextMonth, cancelled] = [
      await sessionAt(`${month}-05`, `${month}-28`),
      await sessionAt(nextMonthStart, '2099-01-01'),
      await sessionAt(`${month}-01`, `${month}-05`),
    ];
    await t.database.query(
      `update services set status = 'cancelled' where organization_id = $1 and id = $2`,
      [DEMO, cancelled],
    );
    const now = t.clock.now();
    const monthAgo = new Date(now.getTime() - 31 * 86_400_000);
    for (const [i, serviceId, confirmedAt] of [
      [0, thisMonth, monthAgo],
      [1, nextMonth, now],
      [2, cancelled, now],
    ] as const) {
      await t.database.query(
        `insert into participants (organization_id, id, service_id, member_id, family_id, status, confirmed_at)
         values ($1, $2, $3, $4, $5, 'confirmed', $6)`,
        [DEMO, `par_usage_${i}`, serviceId, members[i]!.id, members[i]!.family_id, confirmedAt],
      );
    }
    const after = (await call('sysadmin', 'GET', `/api/organizations/${DEMO}/overview`)).json().usage as {
      month: string;
      confirmedParticipants: number;
    }[];
    expect(after[11]!.confirmedParticipants).toBe(usage[11]!.confirmedParticipants + 1);
    const listed = (await call('sysadmin', 'GET', '/api/organizations', { query: { q: 'demo' } })).json();
    expect(listed.items.find((o: { id: string }) => o.id === DEMO).confirmedParticipantsThisMonth).toBe(
      after[11]!.confirmedParticipants,
    );

    // The month's statement, issued as the month-end job would, bills the same count.
    expect(await issueStatement(t.db, DEMO, month, t.clock.now())).toBe('issued');
    const billed = await t.database.query<{ month: string; quantity: number }>(
      `select s.month, l.quantity from platform_statements s
       join invoice_lines l on l.organization_id = s.organization_id and l.invoice_id = s.invoice_id
       where s.client_organization_id = $1 and s.month = $2 and l.description like 'Participants confirmés%'`,
      [DEMO, month],
    );
    expect(billed).toEqual([{ month, quantity: after[11]!.confirmedParticipants }]);
  });

  it('is for platform staff only, and unknown ids are 404', async () => {
    for (const who of ['admin', 'manager', 'parent', 'otherAdmin'] as const) {
      expect((await call(who, 'GET', `/api/organizations/${DEMO}/overview`)).statusCode, who).toBe(403);
    }
    expect((await call('sysadmin', 'GET', '/api/organizations/org_nowhere/overview')).statusCode).toBe(404);
  });

  it("leaves the club administrators' GET /organizations/{id} as it was", async () => {
    const r = await call('admin', 'GET', `/api/organizations/${DEMO}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toHaveProperty('paymentProvider');
  });
});

describe('actions on an organisation', () => {
  const actions = ['archive', 'unarchive', 'maintenance/on', 'maintenance/off'] as const;

  it('are for system administrators only: support reads, clubs are refused', async () => {
    for (const who of ['support', 'platformAdminRole', 'admin', 'manager', 'parent', 'otherAdmin'] as const) {
      for (const action of actions) {
        expect(
          (await call(who, 'POST', `/api/organizations/${OTHER}/${action}`)).statusCode,
          `${who} ${action}`,
        ).toBe(403);
      }
      const plan = await call(who, 'POST', `/api/organizations/${OTHER}/licence`, {
        body: { planKey: 'test' },
      });
      expect(plan.statusCode, who).toBe(403);
    }
    expect(await audits('organization-archived', OTHER)).toHaveLength(0);
  });

  it('refuse the system organisation (archive, maintenance)', async () => {
    for (const action of ['archive', 'maintenance/on'] as const) {
      for (const lang of ['fr', 'en'] as const) {
        const r = await call('sysadmin', 'POST', `/api/organizations/org_sysadmin/${action}`, { lang });
        expect(r.statusCode).toBe(409);
        expect(r.json().error).toBe('system_organization_locked');
        expect(r.json().message).toBe(
          lang === 'fr'
            ? "L'organisation système ne peut être ni archivée ni mise en maintenance."
            : 'The system organisation can be neither archived nor put in maintenance.',
        );
      }
    }
    expect((await call('sysadmin', 'POST', '/api/organizations/org_nowhere/archive')).statusCode).toBe(404);
  });

  it('changes the plan explicitly, keeps the history, audits it, and refuses bad input in both languages', async () => {
    const r = await call('sysadmin', 'POST', `/api/organizations/${OTHER}/licence`, {
      body: { planKey: 'unlimited' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().licence.planKey).toBe('unlimited');
    const again = await call('sysadmin', 'POST', `/api/organizations/${OTHER}/licence`, {
      body: { planKey: 'free-trial' },
    });
    expect(again.json().licence.planKey).toBe('free-trial');
    expect(again.json().licence.endsAt).not.toBeNull();
    expect(again.json().licenceHistory.map((l: { planKey: string }) => l.planKey)).toEqual([
      'free-trial',
      'unlimited',
    ]);
    const same = await call('sysadmin', 'POST', `/api/organizations/${OTHER}/licence`, {
      body: { planKey: 'free-trial' },
      lang: 'en',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toMatchObject({
      error: 'licence_plan_unchanged',
      message: 'The organisation already has this licence plan.',
    });
    const events = await audits('licence-plan-changed', OTHER);
    expect(events.map((e) => e.data)).toEqual([
      { from: null, to: 'unlimited' },
      { from: 'unlimited', to: 'free-trial' },
    ]);
    for (const lang of ['fr', 'en'] as const) {
      const bad = await call('sysadmin', 'POST', `/api/organizations/${OTHER}/licence`, {
        body: { planKey: 'gold' },
        lang,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe('planKey');
      const missing = await call('sysadmin', 'POST', `/api/organizations/${OTHER}/licence`, {
        body: {},
        lang,
      });
      expect(missing.statusCode).toBe(400);
    }
  });
});

describe('maintenance', () => {
  it('closes the club to its members with 503 but not to platform staff, and reopens it', async () => {
    const on = await call('sysadmin', 'POST', `/api/organizations/${DEMO}/maintenance/on`);
    expect(on.statusCode).toBe(200);
    expect(on.json().state).toBe('maintenance');
    // Twice is harmless and records one event.
    expect((await call('sysadmin', 'POST', `/api/organizations/${DEMO}/maintenance/on`)).statusCode).toBe(
      200,
    );
    expect(await audits('organization-maintenance-started')).toHaveLength(1);

    for (const who of ['admin', 'manager', 'parent'] as const) {
      for (const lang of ['fr', 'en'] as const) {
        const r = await call(who, 'GET', '/api/auth/session', { lang });
        expect(r.statusCode, who).toBe(503);
        expect(r.json().error).toBe('organization_in_maintenance');
        expect(r.json().message).toBe(
          lang === 'fr'
            ? 'Cette organisation est en maintenance. Veuillez réessayer plus tard.'
            : 'This organisation is under maintenance. Please try again later.',
        );
      }
    }
    expect((await call('parent', 'GET', '/api/me/delegated')).statusCode).toBe(503);
    // Signing in there is closed too; the public lookups still answer so the web can show the page.
    const signIn = await t.request('POST', '/api/auth/sign-in/password', {
      body: { email: DEMO_ACCOUNTS.parent, password: 'Demo1234' },
    });
    expect(signIn.statusCode).toBe(503);
    const lookup = await t.request('GET', '/api/organizations/directory/key/demo');
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().maintenance).toBe(true);
    expect(lookup.headers['cache-control']).toBe('private, no-store');
    expect((await t.request('GET', '/api/organizations/directory/current')).statusCode).toBe(200);
    expect((await t.request('GET', '/api/website/data')).statusCode).toBe(503);

    // Platform staff still work inside it, and still sign in on the platform.
    expect((await call('sysadmin', 'GET', '/api/members', { organizationId: DEMO })).statusCode).toBe(200);
    expect((await call('support', 'GET', '/api/members', { organizationId: DEMO })).statusCode).toBe(200);
    expect((await t.signIn(DEMO_ACCOUNTS.support, undefined, ADMIN_HOST)).accessToken).toBeTruthy();
    // Other clubs are not affected.
    expect((await call('otherAdmin', 'GET', '/api/auth/session')).statusCode).toBe(200);

    expect((await call('sysadmin', 'POST', `/api/organizations/${DEMO}/maintenance/off`)).json().state).toBe(
      'active',
    );
    expect((await call('parent', 'GET', '/api/auth/session')).statusCode).toBe(200);
    const started = await audits('organization-maintenance-started');
    expect(started[0]).toMatchObject({ subject_id: DEMO, data: { before: 'active' } });
    expect(await audits('organization-maintenance-ended')).toHaveLength(1);
  });
});

describe('archive', () => {
  it('hides the club from everyone but platform staff, deletes nothing, and unarchive restores it', async () => {
    const members = await t.database.query<{ n: number }>(
      `select count(*)::int as n from users where organization_id = $1`,
      [OTHER],
    );
    const r = await call('sysadmin', 'POST', `/api/organizations/${OTHER}/archive`);
    expect(r.statusCode).toBe(200);
    expect(r.json().state).toBe('archived');

    const session = await call('otherAdmin', 'GET', '/api/auth/session');
    expect(session.statusCode).toBe(404);
    expect(session.json().error).toBe('organization_not_found');
    expect((await t.request('GET', '/api/organizations/directory/key/othertown')).statusCode).toBe(404);
    expect(
      (await t.request('GET', '/api/organizations/directory/current', { host: OTHER_HOST })).statusCode,
    ).toBe(404);
    const signIn = await t.request('POST', '/api/auth/sign-in/password', {
      host: OTHER_HOST,
      body: { email: 'admin@othertown.test', password: 'Demo1234' },
    });
    expect(signIn.statusCode).toBe(404);
    // The directory does not list it; the platform's list does, under its filter.
    const directory = (
      await t.request('GET', '/api/organizations/directory', { query: { q: 'othertown' } })
    ).json();
    expect(directory).toEqual([]);
    const archived = (
      await call('support', 'GET', '/api/organizations', { query: { state: 'archived' } })
    ).json();
    const archivedIds = archived.items.map((o: { id: string }) => o.id);
    expect(archivedIds).toContain(OTHER);
    expect(archivedIds).not.toContain(DEMO);

    // Staff still reach it, by key (with their token) and inside it.
    const staffLookup = await t.request('GET', '/api/organizations/directory/key/othertown', {
      token: tokens.support,
    });
    expect(staffLookup.statusCode).toBe(200);
    expect(staffLookup.headers['cache-control']).toBe('private, no-store');
    expect((await call('sysadmin', 'GET', '/api/members', { organizationId: OTHER })).statusCode).toBe(200);

    const back = await call('sysadmin', 'POST', `/api/organizations/${OTHER}/unarchive`);
    expect(back.json().state).toBe('active');
    expect((await call('otherAdmin', 'GET', '/api/auth/session')).statusCode).toBe(200);
    const after = await t.database.query<{ n: number }>(
      `select count(*)::int as n from users where organization_id = $1`,
      [OTHER],
    );
    expect(after[0]!.n).toBe(members[0]!.n);
    const [archivedEvent] = await audits('organization-archived', OTHER);
    expect(archivedEvent).toMatchObject({
      subject_id: OTHER,
      data: { before: 'active', by: 'org_sysadmin' },
    });
    expect(await audits('organization-unarchived', OTHER)).toHaveLength(1);
  });
});

describe("« Ouvrir l'espace » (POST /organizations/{id}/enter)", () => {
  const exchange = (code: string, host = 'demo.localhost:3000') =>
    t.request('POST', '/api/auth/sign-in/handoff', { host, body: { code } });

  it('signs the staff member in on the club with a single-use code, audited in the club', async () => {
    for (const who of ['sysadmin', 'support'] as const) {
      const r = await call(who, 'POST', `/api/organizations/${DEMO}/enter`);
      expect(r.statusCode).toBe(200);
      const { organizationKey, handoffCode } = r.json();
      expect(organizationKey).toBe('demo');
      // Not valid on another club's address, and not used up by that attempt.
      expect((await exchange(handoffCode, OTHER_HOST)).statusCode).toBe(401);
      const session = await exchange(handoffCode);
      expect(session.statusCode).toBe(200);
      expect(session.json().user.email).toBe(DEMO_ACCOUNTS[who]);
      expect(session.json().organization.id).toBe(DEMO);
      // Inside the club with that session: the club's members list answers.
      const inside = await t.request('GET', '/api/organizations/org_demo', {
        token: session.json().accessToken,
        organizationId: DEMO,
      });
      expect(inside.statusCode).toBe(200);
      expect((await exchange(handoffCode)).json().error).toBe('handoff_code_invalid');
    }
    expect(await audits('organization-entered')).toHaveLength(2);
  });

  it('is refused to everyone but platform staff, and for the platform itself', async () => {
    for (const who of ['admin', 'manager', 'parent', 'otherAdmin'] as const) {
      expect((await call(who, 'POST', `/api/organizations/${DEMO}/enter`)).statusCode).toBe(403);
    }
    expect((await call('sysadmin', 'POST', '/api/organizations/org_sysadmin/enter')).statusCode).toBe(404);
    expect((await call('sysadmin', 'POST', '/api/organizations/org_unknown/enter')).statusCode).toBe(404);
  });
});
