import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  browserAvailable,
  context,
  DESKTOP,
  launch,
  openPage,
  PASSWORD,
  PHONE,
  signIn,
  snap,
  greeting,
} from './support';

/*
 * A family coming back after its session ended (spec sections 2, 8 and 9): the access token kept in
 * the browser has expired and the refresh token was revoked on the server. Opening a deep page must
 * land on the login form with « Votre session a expiré. Veuillez vous reconnecter. », never on the
 * crash card, and signing in again brings the family back to that page.
 */

const EXPIRED = 'Votre session a expiré. Veuillez vous reconnecter.';

/**
 * Revokes the session server-side, then keeps in the browser an access token whose `exp` has passed.
 * With `leave`, the app is left first (for a page of the API on the same origin), so no request of the
 * open page sees the revocation before the test opens the page it checks.
 */
async function expireSession(page: Page, { leave }: { leave: boolean }): Promise<void> {
  const raw = await page.evaluate(() => localStorage.getItem('inscrio.tokens'));
  if (leave) await page.goto(at('demo', '/api/health'));
  const tokens = JSON.parse(raw ?? 'null') as { accessToken: string; refreshToken: string } | null;
  if (!tokens) throw new Error('No session stored after signing in');
  const signOut = await fetch(`http://127.0.0.1:${context.port}/api/auth/sign-out`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(signOut.status).toBe(204);
  // The refresh token is now revoked: the server refuses it.
  const refresh = await fetch(`http://127.0.0.1:${context.port}/api/auth/refresh-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: tokens.refreshToken }),
  });
  expect(refresh.status).toBe(401);

  const [header, payload, signature] = tokens.accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  const exp = Math.floor(Date.now() / 1000) - 3600;
  const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, iat: exp - 900, exp })).toString('base64url')}.${signature}`;
  await page.evaluate((stored) => localStorage.setItem('inscrio.tokens', JSON.stringify(stored)), {
    ...tokens,
    accessToken: expired,
    accessTokenExpiresAt: new Date(exp * 1000).toISOString(),
  });
}

describe.skipIf(!browserAvailable)('a returning family whose session expired', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`lands on the login form with the expiry message and comes back to the page (${name})`, async () => {
      const { page, context: browserContext, errors } = await openPage(browser, viewport);
      const consoleErrors: string[] = [];
      page.on('console', (entry) => {
        if (entry.type() === 'error') consoleErrors.push(entry.text());
      });
      await signIn(page, 'demo', 'parent@demo.test');
      await page.getByRole('heading', { name: greeting('Claire') }).waitFor();
      await expireSession(page, { leave: true });

      await page.goto(at('demo', '/orders?page=1'));
      await page.getByText(EXPIRED).waitFor();
      await snap(page, `session-expired-login-${name}`);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('redirect')).toBe('/orders?page=1');
      expect(url.searchParams.get('authError')).toBe('session-expired');
      expect(await page.getByText("Cette page ne peut pas s'afficher").count()).toBe(0);
      expect(await page.getByText('Une erreur inconnue est survenue').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('inscrio.tokens'))).toBeNull();

      await page.getByLabel('Adresse e-mail').fill('parent@demo.test');
      await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL((next) => next.pathname === '/orders');
      expect(new URL(page.url()).search).toBe('?page=1');
      await page.getByRole('heading', { name: 'Commandes' }).waitFor();

      expect(errors).toEqual([]);
      expect(consoleErrors.filter((text) => /CancelledError/.test(text))).toEqual([]);
      await browserContext.close();
    });
  }

  it('lands on the login form when the session ends while a page is open', async () => {
    const { page, context: browserContext, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'parent@demo.test');
    await page.goto(at('demo', '/documents'));
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await expireSession(page, { leave: false });
    // The page reads the stored tokens again (as when another tab changes them), then the phone comes
    // back online: the proactive refresh finds the token expired and the refresh token revoked.
    await page.evaluate(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'inscrio.tokens' }));
      window.dispatchEvent(new Event('online'));
    });
    await page.getByText(EXPIRED).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/documents');
    expect(await page.getByText("Cette page ne peut pas s'afficher").count()).toBe(0);
    expect(errors).toEqual([]);
    await browserContext.close();
  });
});
