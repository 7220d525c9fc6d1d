import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The catalogue trusts a session found alive a moment ago (modules/auth/session-cache.ts). Every change
 * that ends a session reaches that memory through the database's notifications, whatever made it: here a
 * password change (which never told the cache itself) and a change made by another connection, as
 * another instance would. Before, both kept browsing for 5 s.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const catalogue = (token: string) =>
  t.request('GET', '/api/catalog/blueprints', { token, organizationId: 'org_demo' });

describe('session changes reach the session cache', () => {
  it('a session ended by a password change on another device stops browsing the catalogue at once', async () => {
    const changing = await t.signIn(DEMO_ACCOUNTS.holder);
    const other = await t.signIn(DEMO_ACCOUNTS.holder);
    expect((await catalogue(other.accessToken)).statusCode).toBe(200);
    expect((await catalogue(other.accessToken)).statusCode).toBe(200);
    const changed = await t.request('PATCH', '/api/me/password', {
      token: changing.accessToken,
      organizationId: 'org_demo',
      body: { currentPassword: DEMO_PASSWORD, password: 'Nouveau1234', confirmPassword: 'Nouveau1234' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await catalogue(other.accessToken)).statusCode).toBe(401);
    expect((await catalogue(changing.accessToken)).statusCode).toBe(200);
  });

  it('an account deleted by another connection (another instance) is refused at once', async () => {
    const signedIn = await t.signIn(DEMO_ACCOUNTS.parent);
    expect((await catalogue(signedIn.accessToken)).statusCode).toBe(200);
    await t.database.query(`update users set deleted_at = now() where organization_id = $1 and id = $2`, [
      signedIn.user.organizationId,
      signedIn.user.id,
    ]);
    expect((await catalogue(signedIn.accessToken)).statusCode).toBe(401);
  });
});
