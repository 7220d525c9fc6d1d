import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, DEMO_HOST, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('password sign-in', () => {
  it('signs every demo account in with the sign-in result shape', async () => {
    for (const [kind, email] of Object.entries(DEMO_ACCOUNTS)) {
      const host = email.endsWith('@admin.test') ? ADMIN_HOST : DEMO_HOST;
      const result = await t.signIn(email, 'Demo1234', host);
      expect(result.user.email, kind).toBe(email);
      expect(result.organization.key).toBe(host.split('.')[0]);
      const [, payload] = result.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      // `exp` is in seconds, 15 minutes ahead.
      expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(14 * 60);
      expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(15 * 60);
      expect(result.isSystemAdmin).toBe(kind === 'sysadmin');
    }
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const wrong = await t.request('POST', '/api/auth/sign-in/password', {
      body: { email: DEMO_ACCOUNTS.parent, password: 'Wrong1234' },
    });
    const unknown = await t.request('POST', '/api/auth/sign-in/password', {
      body: { email: 'nobody@demo.test', password: 'Wrong1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Identifiants non valides. Veuillez réessayer.');
  });

  it('answers validation errors in the caller language, naming each field', async () => {
    const fr = await t.request('POST', '/api/auth/sign-in/password', { body: { email: 'x', password: '' } });
    expect(fr.statusCode).toBe(400);
    expect(fr.json()).toMatchObject({
      statusCode: 400,
      error: 'validation_failed',
      message: 'Les données fournies sont invalides.',
      details: [
        { field: 'email', message: 'Adresse e-mail invalide' },
        { field: 'password', message: 'Ce champs est requis' },
      ],
    });
    const en = await t.request('POST', '/api/auth/sign-in/password', {
      body: { email: 'x', password: '' },
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(en.json().message).toBe('The data provided is invalid.');
    expect(en.json().details[1].message).toBe('This field is required');
  });

  it('does not let a demo account sign in on another organisation', async () => {
    const response = await t.request('POST', '/api/auth/sign-in/password', {
      host: ADMIN_HOST,
      body: { email: DEMO_ACCOUNTS.parent, password: 'Demo1234' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets the system administrator sign in from an organisation address, acting there', async () => {
    const result = await t.signIn(DEMO_ACCOUNTS.sysadmin, 'Demo1234', DEMO_HOST);
    expect(result.organization.key).toBe('demo');
    expect(result.isSystemAdmin).toBe(true);
    const me = await t.request('GET', '/api/auth/session', {
      token: result.accessToken,
      organizationId: 'org_demo',
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().organizationId).toBe('org_demo');
  });

  it('records user-login in the audit trail', async () => {
    const result = await t.signIn(DEMO_ACCOUNTS.holder);
    const rows = await t.database.query<{ type: string }>(
      `select type from audit_events where organization_id = 'org_demo' and subject_id = $1`,
      [result.user.id],
    );
    expect(rows.map((r) => r.type)).toContain('user-login');
  });
});

describe('unknown organisation', () => {
  it('answers 404 for an unknown key and on an unknown subdomain', async () => {
    const byKey = await t.request('GET', '/api/organizations/directory/key/nope');
    expect(byKey.statusCode).toBe(404);
    expect(byKey.json().message).toBe("Cette organisation n'existe pas ou n'est plus accessible.");
    const signIn = await t.request('POST', '/api/auth/sign-in/password', {
      host: 'nope.localhost:3000',
      body: { email: DEMO_ACCOUNTS.parent, password: 'Demo1234' },
    });
    expect(signIn.statusCode).toBe(404);
  });
});
