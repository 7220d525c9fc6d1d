import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let parentMemberId: string;
beforeAll(async () => {
  t = await createTestApp();
  parentMemberId = (await t.signIn(DEMO_ACCOUNTS.parent)).user.memberId;
});
afterAll(() => t.close());

async function overAdmin(managerEmail: string, memberId: string, password = 'Demo1234', host?: string) {
  const manager = await t.signIn(managerEmail, 'Demo1234', host);
  return t.request('POST', '/api/auth/sign-in/overAdmin', {
    token: manager.accessToken,
    organizationId: 'org_demo',
    body: { idMember: memberId, email: managerEmail, password },
  });
}

describe('sign in as a member (overAdmin)', () => {
  it('lets a manager open a family session after confirming their password, and audits it', async () => {
    const r = await overAdmin(DEMO_ACCOUNTS.manager, parentMemberId);
    expect(r.statusCode).toBe(200);
    const result = r.json();
    expect(result.user.email).toBe(DEMO_ACCOUNTS.parent);
    const check = await t.request('GET', '/api/auth/session', {
      token: result.accessToken,
      organizationId: 'org_demo',
    });
    expect(check.json()).toMatchObject({ impersonated: true, user: { email: DEMO_ACCOUNTS.parent } });
    const audit = await t.database.query<{ data: { method: string }; impersonator_user_id: string | null }>(
      `select data, impersonator_user_id from audit_events where type = 'user-login' and subject_id = $1`,
      [result.user.id],
    );
    expect(audit.some((a) => a.data.method === 'over-admin' && a.impersonator_user_id !== null)).toBe(true);
  });

  it('refuses a wrong manager password with a field error (not a 401: the manager stays signed in)', async () => {
    const r = await overAdmin(DEMO_ACCOUNTS.manager, parentMemberId, 'Wrong1234');
    expect(r.statusCode).toBe(400);
    expect(r.json().details).toEqual([
      {
        field: 'password',
        rule: 'invalid_credentials',
        message: 'Identifiants non valides. Veuillez réessayer.',
      },
    ]);
  });

  it('does not count as the member signing in', async () => {
    const before = await t.database.query<{ last_login_at: Date | null }>(
      `select u.last_login_at from users u join members m on m.user_id = u.id and m.organization_id = u.organization_id
       where m.id = $1`,
      [parentMemberId],
    );
    expect((await overAdmin(DEMO_ACCOUNTS.admin, parentMemberId)).statusCode).toBe(200);
    const after = await t.database.query<{ last_login_at: Date | null }>(
      `select u.last_login_at from users u join members m on m.user_id = u.id and m.organization_id = u.organization_id
       where m.id = $1`,
      [parentMemberId],
    );
    expect(after[0]!.last_login_at?.getTime()).toBe(before[0]!.last_login_at?.getTime());
  });

  it('refuses families and holders (no right to manage users)', async () => {
    expect((await overAdmin(DEMO_ACCOUNTS.holder, parentMemberId)).statusCode).toBe(403);
    expect((await overAdmin(DEMO_ACCOUNTS.parent, parentMemberId)).statusCode).toBe(403);
  });

  it('refuses opening a manager account', async () => {
    const admin = await t.signIn(DEMO_ACCOUNTS.admin);
    expect((await overAdmin(DEMO_ACCOUNTS.manager, admin.user.memberId)).statusCode).toBe(403);
  });

  it('keeps an establishment manager to their own establishment', async () => {
    // The parent belongs to the default establishment; the est-manager runs the second one.
    expect((await overAdmin(DEMO_ACCOUNTS.estManager, parentMemberId)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown member and lets system staff act in the organisation', async () => {
    expect((await overAdmin(DEMO_ACCOUNTS.manager, 'mbr_unknown')).statusCode).toBe(404);
    const r = await overAdmin(DEMO_ACCOUNTS.support, parentMemberId, 'Demo1234', ADMIN_HOST);
    expect(r.statusCode).toBe(200);
    expect(r.json().organization.key).toBe('demo');
  });
});
