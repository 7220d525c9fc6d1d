import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const session = (token: string, organizationId = 'org_demo') =>
  t.request('GET', '/api/auth/session', { token, organizationId });

describe('refresh tokens', () => {
  it('rotates: each refresh gives a new pair and the new access token works', async () => {
    const signedIn = await t.signIn(DEMO_ACCOUNTS.parent);
    const r = await t.request('POST', '/api/auth/refresh-token', {
      body: { refreshToken: signedIn.refreshToken },
    });
    expect(r.statusCode).toBe(200);
    const next = r.json();
    expect(next.refreshToken).not.toBe(signedIn.refreshToken);
    expect(next.user.email).toBe(DEMO_ACCOUNTS.parent);
    expect((await session(next.accessToken)).statusCode).toBe(200);
  });

  it('revokes the whole session when a rotated token is used again', async () => {
    const signedIn = await t.signIn(DEMO_ACCOUNTS.parent);
    const rotated = (
      await t.request('POST', '/api/auth/refresh-token', { body: { refreshToken: signedIn.refreshToken } })
    ).json();
    // Someone replays the first token (stolen): refused, and the legitimate holder is signed out too.
    const replay = await t.request('POST', '/api/auth/refresh-token', {
      body: { refreshToken: signedIn.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    const legit = await t.request('POST', '/api/auth/refresh-token', {
      body: { refreshToken: rotated.refreshToken },
    });
    expect(legit.statusCode).toBe(401);
    expect((await session(rotated.accessToken)).statusCode).toBe(401);
    // Other sessions of the same account are untouched.
    const other = await t.signIn(DEMO_ACCOUNTS.parent);
    expect((await session(other.accessToken)).statusCode).toBe(200);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    const unknown = await t.request('POST', '/api/auth/refresh-token', { body: { refreshToken: 'nope' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Votre session a expiré');
  });
});

describe('access tokens and the session check', () => {
  it('answers 401 without a token, with a forged one, and once expired', async () => {
    expect((await t.request('GET', '/api/auth/session')).statusCode).toBe(401);
    const signedIn = await t.signIn(DEMO_ACCOUNTS.holder);
    const [h, p] = signedIn.accessToken.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await session(forged)).statusCode).toBe(401);
    expect((await session(signedIn.accessToken)).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    try {
      expect((await session(signedIn.accessToken)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it('signs out: the session check fails and the refresh token is dead', async () => {
    const signedIn = await t.signIn(DEMO_ACCOUNTS.holder);
    const out = await t.request('POST', '/api/auth/sign-out', { token: signedIn.accessToken, body: {} });
    expect(out.statusCode).toBe(204);
    expect((await session(signedIn.accessToken)).statusCode).toBe(401);
    const refresh = await t.request('POST', '/api/auth/refresh-token', {
      body: { refreshToken: signedIn.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('organisation header', () => {
  it('refuses a token of one organisation with another organisation id (403)', async () => {
    const signedIn = await t.signIn(DEMO_ACCOUNTS.admin);
    const r = await t.request('GET', '/api/me/user', {
      token: signedIn.accessToken,
      organizationId: 'org_sysadmin',
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('Vous n’avez pas la permission d’effectuer cette action.');
    const garbage = await t.request('GET', '/api/me/user', {
      token: signedIn.accessToken,
      organizationId: "x' or 1=1",
    });
    expect(garbage.statusCode).toBe(403);
  });

  it('lets system staff act in any existing organisation', async () => {
    for (const email of [DEMO_ACCOUNTS.sysadmin, DEMO_ACCOUNTS.support]) {
      const staff = await t.signIn(email, 'Demo1234', ADMIN_HOST);
      const inDemo = await t.request('GET', '/api/auth/session', {
        token: staff.accessToken,
        organizationId: 'org_demo',
      });
      expect(inDemo.statusCode).toBe(200);
      expect(inDemo.json().organizationId).toBe('org_demo');
      const unknown = await t.request('GET', '/api/auth/session', {
        token: staff.accessToken,
        organizationId: 'org_nope',
      });
      expect(unknown.statusCode).toBe(404);
    }
  });

  it('keeps the organisation a staff member works in across token refreshes', async () => {
    const staff = await t.signIn(DEMO_ACCOUNTS.sysadmin);
    expect(staff.organization.key).toBe('demo');
    const refreshed = await t.request('POST', '/api/auth/refresh-token', {
      body: { refreshToken: staff.refreshToken },
    });
    expect(refreshed.json().organization.key).toBe('demo');
    expect(refreshed.json().user.organizationId).toBe('org_sysadmin');
  });
});
