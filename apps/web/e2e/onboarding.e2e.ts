import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, context, DESKTOP, launch, openPage, PHONE, signIn, snap } from './support';

const base = (pathAndQuery: string) => `http://localhost:${context.port}${pathAndQuery}`;

// Skipped without Chromium (see global-setup.ts).
describe.skipIf(!browserAvailable)('a club signs itself up', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('signs up on /onboarding and lands signed in on its subdomain (%s)', async (name, viewport) => {
    const { page, context: browserContext, errors } = await openPage(browser, viewport);
    const stamp = `${name}${Date.now().toString(36)}`;
    const organizationName = `Les Dauphins ${stamp}`;
    const key = `les-dauphins-${stamp}`;
    const email = `claire.${stamp}@dauphins.test`;
    await page.goto(base('/onboarding'));
    await page.getByRole('heading', { name: "Créez l'espace de votre organisation" }).waitFor();

    await page.getByRole('button', { name: 'Créer mon organisation' }).click();
    await page.getByText('Ce champs est requis').first().waitFor();
    await snap(page, `onboarding-${name}-1-required`);

    // The key follows the name, is checked live, and a taken one gets free suggestions.
    await page.getByLabel("Nom de l'organisation").fill(organizationName);
    expect(await page.getByLabel('Adresse de votre espace').inputValue()).toBe(key);
    await page.locator('[data-key-status="available"]').waitFor();
    await page.getByLabel('Adresse de votre espace').fill('admin');
    await page.locator('[data-key-status="reserved"]').waitFor();
    await page.locator('[data-key-suggestion="admin-2"]').waitFor();
    await page.getByLabel('Adresse de votre espace').fill(key);
    await page.locator('[data-key-status="available"]').waitFor();

    await page.getByLabel('Pays').selectOption('FRA');
    expect(await page.getByLabel('Fuseau horaire').inputValue()).toBe('Europe/Paris');
    await page.getByLabel('E-mail de contact').fill(email);
    await page.getByLabel('Téléphone de contact').fill('+33 6 12 34 56 78');
    await page.getByLabel('Prénom').fill('Claire');
    await page.getByLabel('Nom', { exact: true }).fill('Martin');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Bienvenue2026');
    await page.getByLabel('Confirmer le mot de passe').fill('Bienvenue2026');
    await snap(page, `onboarding-${name}-2-filled`);
    await page.getByRole('button', { name: 'Créer mon organisation' }).click();

    // Signed in on the new subdomain; the hand-off code left the address at once.
    await page.waitForURL((url) => url.hostname === `${key}.localhost` && url.pathname === '/');
    expect(page.url()).not.toContain('handoff');
    await page.locator('[data-incomplete-information]').waitFor();
    await page.getByRole('heading', { name: 'Informations à compléter' }).waitFor();
    await snap(page, `onboarding-${name}-3-signed-in`);
    expect(errors).toEqual([]);
    await browserContext.close();
  });

  it('says when the e-mail already has an account, and a used hand-off code sends to the login', async () => {
    const { page, context: browserContext } = await openPage(browser, PHONE);
    await page.goto(base('/onboarding'));
    await page.getByLabel("Nom de l'organisation").fill(`Club existant ${Date.now().toString(36)}`);
    await page.getByLabel('E-mail de contact').fill('parent@demo.test');
    await page.getByLabel('Téléphone de contact').fill('+32 470 12 34 56');
    await page.getByLabel('Prénom').fill('Paul');
    await page.getByLabel('Nom', { exact: true }).fill('Peeters');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Bienvenue2026');
    await page.getByLabel('Confirmer le mot de passe').fill('Bienvenue2026');
    await page.getByRole('button', { name: 'Créer mon organisation' }).click();
    await page.getByText('Un compte existe déjà avec cette adresse e-mail sur la plateforme').waitFor();
    await snap(page, 'onboarding-email-taken');

    await page.goto(at('demo', '/login#handoff=used-or-unknown'));
    await page
      .getByText(
        'Ce lien de connexion a expiré ou a déjà servi. Connectez-vous avec votre e-mail et votre mot de passe.',
      )
      .waitFor();
    expect(page.url()).toBe(at('demo', '/login'));
    await signIn(page, 'demo', 'admin@demo.test');
    await browserContext.close();
  });

  it('lets a system administrator create an organisation on a plan', async () => {
    const { page, context: browserContext, errors } = await openPage(browser);
    await signIn(page, 'admin', 'sysadmin@admin.test');
    await page.goto(at('admin', '/organizations/create'));
    await page.getByRole('heading', { name: 'Nouvelle organisation' }).waitFor();
    const stamp = Date.now().toString(36);
    await page.getByLabel("Nom de l'organisation").fill(`Académie ${stamp}`);
    await page.locator('[data-key-status="available"]').waitFor();
    await page.getByLabel('Formule').selectOption('default-monthly');
    expect(await page.getByLabel('Adresse de son espace').inputValue()).toBe(`academie-${stamp}`);
    await page.getByLabel('E-mail de contact').fill(`direction.${stamp}@academie.test`);
    await page.getByLabel('Téléphone de contact').fill('+352 621 123 456');
    await page.getByLabel('Pays').selectOption('LUX');
    await page.getByLabel('Prénom').fill('Luc');
    await page.getByLabel('Nom', { exact: true }).fill('Weber');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Bienvenue2026');
    await page.getByLabel('Confirmer le mot de passe').fill('Bienvenue2026');
    await snap(page, 'organization-create-filled');
    await page.getByRole('button', { name: "Créer l'organisation" }).click();
    await page.waitForURL(at('admin', '/organizations-list'));
    await page.getByText(`L'organisation Académie ${stamp} a été créée.`).waitFor();
    expect(errors).toEqual([]);
    await browserContext.close();
  });
});
