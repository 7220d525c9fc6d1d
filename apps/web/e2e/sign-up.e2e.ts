import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, launch, menuLabels, openPage, PHONE, snap, greeting } from './support';

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('sign-up', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the French messages for invalid data, then creates the account', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(at('demo', '/register'));
    await page.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    await snap(page, 'sign-up-1-empty');

    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Ce champs est requis').first().waitFor();
    expect(await page.getByText('Ce champs est requis').count()).toBe(12);
    await snap(page, 'sign-up-2-required');

    await page.getByLabel('Prénom').fill('L');
    await page.getByLabel('Adresse e-mail').fill('pas-une-adresse');
    await page.getByLabel('Mot de passe', { exact: true }).fill('faible');
    await page.getByLabel('Confirmer le mot de passe').fill('different');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByText('Ce champ doit contenir au moins 2 caractères').first().waitFor();
    await page.getByText('Adresse e-mail invalide').waitFor();
    await page
      .getByText('Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre')
      .waitFor();
    await page.getByText('Les mots de passe ne correspondent pas').waitFor();
    await snap(page, 'sign-up-3-invalid');

    const email = `nouveau.parent.${Date.now()}@example.test`;
    await page.getByLabel('Genre').selectOption('F');
    await page.getByLabel('Prénom').fill('Lucie');
    await page.getByLabel('Nom', { exact: true }).fill('Dumont');
    await page.getByLabel('Date de naissance').fill('1988-06-21');
    await page.getByLabel('Adresse (rue et numéro)').fill('Rue des Lilas 8');
    await page.getByLabel('Code postal').fill('1348');
    await page.getByLabel('Ville').fill('Louvain-la-Neuve');
    await page.getByLabel('Pays').selectOption('BEL');
    expect(await page.getByLabel('Téléphone').inputValue()).toBe('+32 ');
    await page.getByLabel('Téléphone').fill('+32 478 11 22 33');
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Bienvenue2026');
    await page.getByLabel('Confirmer le mot de passe').fill('Bienvenue2026');
    await snap(page, 'sign-up-4-valid');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await page.waitForURL(at('demo', '/'));
    await page.getByRole('heading', { level: 1, name: greeting('Lucie') }).waitFor();
    expect(await menuLabels(page)).toEqual([
      'Accueil',
      "Catalogue d'activités",
      'Mes activités',
      'Ma famille',
      'Récupérations',
      'Messages',
      'Documents',
      'Commandes',
    ]);
    await snap(page, 'sign-up-5-dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says when the e-mail already has an account', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(at('demo', '/register'));
    await page.getByLabel('Genre').selectOption('M');
    await page.getByLabel('Prénom').fill('Paul');
    await page.getByLabel('Nom', { exact: true }).fill('Peeters');
    await page.getByLabel('Date de naissance').fill('1984-02-02');
    await page.getByLabel('Adresse (rue et numéro)').fill('Chaussée de Wavre 210');
    await page.getByLabel('Code postal').fill('1040');
    await page.getByLabel('Ville').fill('Etterbeek');
    await page.getByLabel('Pays').selectOption('BEL');
    await page.getByLabel('Téléphone').fill('+32 470 00 00 00');
    await page.getByLabel('Adresse e-mail').fill('parent@demo.test');
    await page.getByLabel('Mot de passe', { exact: true }).fill('Bienvenue2026');
    await page.getByLabel('Confirmer le mot de passe').fill('Bienvenue2026');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page
      .locator('[data-field-error]', { hasText: 'Un compte existe déjà avec cette adresse e-mail.' })
      .waitFor();
    await snap(page, 'sign-up-email-taken-phone');
    expect(page.url()).toBe(at('demo', '/register'));
    await context.close();
  });
});
