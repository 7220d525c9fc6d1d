import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  browserAvailable,
  footerLabels,
  launch,
  menuLabels,
  openPage,
  PASSWORD,
  signIn,
  snap,
} from './support';

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('guards and fallbacks (spec section 2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a deep link signed out goes to the login, then back to the full path', async () => {
    const { page, context } = await openPage(browser);
    const deepLink = '/members/participants?status=active&page=2';
    await page.goto(at('demo', deepLink));
    await page.waitForURL(at('demo', `/login?redirect=${encodeURIComponent(deepLink)}`));
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await snap(page, 'deep-link-1-login');
    await page.getByLabel('Adresse e-mail').fill('manager@demo.test');
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(at('demo', deepLink));
    await page.getByRole('heading', { level: 1, name: 'Participants' }).waitFor();
    await snap(page, 'deep-link-2-back');
    await context.close();
  });

  it('an unknown path signed out goes to the login with redirect and error page-not-found', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(at('demo', '/this/does-not-exist?x=1'));
    await page.waitForURL(
      at('demo', `/login?redirect=${encodeURIComponent('/this/does-not-exist?x=1')}&error=page-not-found`),
    );
    await page.getByText("La page demandée n'existe pas. Connectez-vous pour continuer.").waitFor();
    await snap(page, 'unknown-path-signed-out');
    await context.close();
  });

  it('an unknown path signed in goes to the index with error page-not-found', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, 'demo', 'admin@demo.test');
    await page.waitForURL(at('demo', '/'));
    await page.goto(at('demo', '/this/does-not-exist'));
    await page.waitForURL(at('demo', '/?error=page-not-found'));
    await page.getByText("La page demandée n'existe pas : vous voici sur l'accueil.").waitFor();
    await snap(page, 'unknown-path-signed-in');
    await context.close();
  });

  it('an expired session sends the user to the login with its message', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, 'demo', 'est-manager@demo.test');
    await page.waitForURL(at('demo', '/'));
    await page.evaluate(() => {
      const tokens = JSON.parse(window.localStorage.getItem('inscrio.tokens') ?? '{}') as Record<
        string,
        unknown
      >;
      window.localStorage.setItem(
        'inscrio.tokens',
        JSON.stringify({
          ...tokens,
          accessToken: 'corrupted.access.token',
          refreshToken: 'corrupted-refresh-token',
        }),
      );
    });
    await page.goto(at('demo', '/profile'));
    await page.waitForURL(
      at('demo', `/login?redirect=${encodeURIComponent('/profile')}&authError=session-expired`),
    );
    await page.getByText('Votre session a expiré. Veuillez vous reconnecter.').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('inscrio.tokens'))).toBeNull();
    await snap(page, 'session-expired');
    await context.close();
  });

  it("an unknown organisation key shows 'Organisation introuvable'", async () => {
    const { page, context } = await openPage(browser);
    await page.goto(at('nope', '/login'));
    await page.waitForURL(at('nope', '/error/organization'));
    await page.getByRole('heading', { name: 'Organisation introuvable' }).waitFor();
    await page.getByText("Cette organisation n'existe pas ou n'est plus accessible.").waitFor();
    expect(await page.getByRole('link', { name: 'Voir les organisations' }).getAttribute('href')).toBe(
      `http://localhost:${new URL(at('nope')).port}/`,
    );
    await snap(page, 'unknown-organization');
    await context.close();
  });

  it("the system administrator sees the organisations on admin.localhost and 'Connecté à' inside the demo club", async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, 'admin', 'sysadmin@admin.test');
    await page.waitForURL(at('admin', '/organizations-list'));
    await page.locator('[data-organization-name]', { hasText: 'Club Sportif Démo' }).waitFor();
    await snap(page, 'sysadmin-1-organizations');

    await signIn(page, 'demo', 'sysadmin@admin.test');
    await page.waitForURL(at('demo', '/'));
    expect(await menuLabels(page)).toEqual([
      'Accueil',
      'Activités',
      'Membres',
      'Périodes',
      'Inscriptions',
      'Récupérations',
      'Comptabilité',
      'Documents',
      "Journal d'audit",
      'Configuration',
    ]);
    const connected = page.locator('[data-side-menu] [data-menu-connected-to]');
    await expect(connected.textContent()).resolves.toContain('Connecté à');
    await expect(connected.textContent()).resolves.toContain('Club Sportif Démo');
    expect(await footerLabels(page)).toEqual(['Quitter le mode admin', 'Se déconnecter']);
    expect(
      await page.locator('[data-side-menu] [data-menu-footer="exit-system-admin"]').getAttribute('href'),
    ).toBe(at('admin', '/organizations/org_demo'));
    await snap(page, 'sysadmin-2-inside-demo');
    await context.close();
  });

  it('/redirect-message shows its message without any guard', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(at('demo', '/redirect-message?type=payment-received'));
    await page.getByRole('heading', { name: 'Paiement reçu' }).waitFor();
    await snap(page, 'redirect-message');
    await context.close();
  });
});
