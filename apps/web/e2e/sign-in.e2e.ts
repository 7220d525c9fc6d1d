import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  browserAvailable,
  checkAccessibility,
  footerLabels,
  launch,
  menuLabels,
  openPage,
  PHONE,
  SMALL_PHONE,
  signIn,
  snap,
  waitForSignInCode,
  greeting,
} from './support';

const MANAGER = [
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
];

/** Every seeded account: where it signs in, where it lands, its exact menu (spec section 2). */
const ACCOUNTS = [
  {
    name: 'parent',
    email: 'parent@demo.test',
    key: 'demo',
    landing: '/',
    heading: greeting('Claire'),
    menu: [
      'Accueil',
      "Catalogue d'activités",
      'Mes activités',
      'Ma famille',
      'Récupérations',
      'Messages',
      'Documents',
      'Commandes',
    ],
  },
  {
    name: 'holder',
    email: 'holder@demo.test',
    key: 'demo',
    landing: '/',
    heading: greeting('Hugo'),
    menu: ['Accueil', 'Activités', 'Participants', 'Heures prestées', 'Messages', 'Documents', 'Commandes'],
  },
  {
    name: 'admin',
    email: 'admin@demo.test',
    key: 'demo',
    landing: '/',
    heading: greeting('Alice'),
    menu: MANAGER,
  },
  {
    name: 'manager',
    email: 'manager@demo.test',
    key: 'demo',
    landing: '/',
    heading: greeting('Marc'),
    menu: MANAGER,
  },
  {
    name: 'est-manager',
    email: 'est-manager@demo.test',
    key: 'demo',
    landing: '/',
    heading: greeting('Émilie'),
    // Manager of the swimming pool, not of the main establishment: accounting is hidden.
    menu: [
      'Accueil',
      'Activités',
      'Membres',
      'Périodes',
      'Inscriptions',
      'Récupérations',
      'Établissements',
      'Documents',
      "Journal d'audit",
      'Configuration',
    ],
  },
  {
    name: 'sysadmin',
    email: 'sysadmin@admin.test',
    key: 'admin',
    landing: '/organizations-list',
    heading: 'Organisations',
    menu: ['Organisations', 'Administrateurs et supports', 'Facturation', 'Configuration'],
  },
  {
    name: 'support',
    email: 'support@admin.test',
    key: 'admin',
    landing: '/',
    heading: greeting('Samuel'),
    menu: ['Organisations', "Contacter l'administration"],
  },
] as const;

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('sign-in and landing of every seeded account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const account of ACCOUNTS) {
    it(`${account.email} signs in by password on ${account.key}.localhost and sees its own menu`, async () => {
      const { page, context, errors } = await openPage(browser);
      await page.goto(at(account.key, '/login'));
      await snap(page, `sign-in-${account.name}-1-login`);
      await signIn(page, account.key, account.email);
      await page.waitForURL(at(account.key, account.landing));
      await page.getByRole('heading', { level: 1, name: account.heading }).waitFor();
      expect(await menuLabels(page)).toEqual(account.menu);
      expect(await footerLabels(page)).toEqual(['Mon profil', 'Se déconnecter']);
      await snap(page, `sign-in-${account.name}-2-landing`);
      expect(errors).toEqual([]);

      await page.locator('[data-menu-footer="sign-out"]').click();
      await page.waitForURL(at(account.key, '/login'));
      const stored = await page.evaluate(() =>
        Object.keys(window.localStorage).filter(
          (key) => key !== 'inscrio.locale' && key !== 'inscrio.menu.collapsed',
        ),
      );
      expect(stored).toEqual([]);
      await context.close();
    });
  }

  it('a parent signs in on a phone-sized window and finds the menu in the drawer', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'parent@demo.test');
    await page.waitForURL(at('demo', '/'));
    await snap(page, 'phone-1-dashboard');
    await expect(page.locator('[data-side-menu="fixed"]').isVisible()).resolves.toBe(false);
    expect(await menuLabels(page)).toEqual(ACCOUNTS[0].menu);
    await snap(page, 'phone-2-drawer-open');
    // The drawer on the narrowest phones too, checked for accessibility with the menu open.
    await page.setViewportSize(SMALL_PHONE);
    await checkAccessibility(page, 'menu ouvert');
    await page.setViewportSize(PHONE);
    await page.locator('[data-side-menu="drawer"] [data-menu-entry="documents"]').click();
    await page.waitForURL(at('demo', '/documents'));
    await page.locator('[data-side-menu="drawer"]').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await page.locator('[data-document-filters]').waitFor();
    await snap(page, 'phone-3-after-navigation');
    await context.close();
  });

  it('a holder signs in with a code received by e-mail', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(at('demo', '/login'));
    await page.getByRole('button', { name: 'Recevoir un code par e-mail' }).click();
    await page.getByLabel('Adresse e-mail').fill('holder@demo.test');
    await snap(page, 'otp-1-request');
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    await page.getByRole('textbox', { name: 'Code de connexion' }).waitFor();
    const code = await waitForSignInCode('holder@demo.test', since);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByRole('textbox', { name: 'Code de connexion' }).fill(code);
    await snap(page, 'otp-2-code');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(at('demo', '/'));
    expect(await menuLabels(page)).toEqual(ACCOUNTS[1].menu);
    await snap(page, 'otp-3-landing');
    await context.close();
  });
});
