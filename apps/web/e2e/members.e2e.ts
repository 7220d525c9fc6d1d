import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, launch, menuLabels, openPage, PHONE, signIn, snap, greeting } from './support';

/*
 * Issue 5, the managers' side: a manager finds a parent in the members list, opens their page, signs
 * in as them (the banner and the family's menu), comes back to their own account on the parent's page;
 * the CSV export; the roles an organisation manager may grant; the list on a phone.
 */

const CSV_HEADERS =
  'Prénom;Nom;E-mail;Téléphone;Établissement;Rôle;Titulaire;Membres de la famille;Dernière connexion;Créé le';

/** Full-page screenshots read best from the top (a focused field scrolls the page). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

const banner = (page: Page) => page.locator('[data-impersonation-banner]');

async function roleOptions(page: Page): Promise<string[]> {
  const select = page.locator('select[data-role-select]');
  await select.waitFor();
  return (await select.locator('option').allTextContents()).map((text) => text.trim());
}

describe.skipIf(!browserAvailable)('the members administration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'finds a parent, exports the list, signs in as the parent and comes back; roles; the list on a phone',
    { timeout: 180_000 },
    async () => {
      const { page, context, errors } = await openPage(browser);
      // One sign-in for the whole story: the sign-in rate limit is shared by every browser test.
      await signIn(page, 'demo', 'manager@demo.test');

      // The list, then a search that narrows it to the parent.
      await page.goto(at('demo', '/members/all'));
      await page.locator('[data-member-row]').first().waitFor();
      expect(await page.locator('[data-member-row]').count()).toBeGreaterThan(10);
      await shoot(page, 'members-01-list');

      await page.getByLabel('Rechercher par nom ou e-mail').fill('parent@demo');
      await page.waitForURL(/[?&]q=parent%40demo/);
      const rows = page.locator('[data-member-row]');
      await page.waitForFunction(() => document.querySelectorAll('[data-member-row]').length === 1);
      await rows.filter({ hasText: 'parent@demo.test' }).waitFor();
      await expect(rows.first().textContent()).resolves.toContain('Claire Peeters');
      await shoot(page, 'members-02-search');

      // The export downloads the same list as a CSV file with French headers.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exporter en CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^membres-\d{4}-\d{2}-\d{2}\.csv$/);
      const file = await download.path();
      const lines = fs
        .readFileSync(file, 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      expect(lines[0]).toBe(CSV_HEADERS);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('parent@demo.test');
      await page.locator('[data-sonner-toast]').filter({ hasText: "L'export CSV" }).first().waitFor();
      await shoot(page, 'members-03-exported');

      // The parent's page.
      await rows.first().getByRole('link', { name: 'Claire Peeters' }).click();
      await page.waitForURL(/\/members\/participants\/usr_/);
      const memberPath = new URL(page.url()).pathname;
      await page.getByRole('heading', { level: 1, name: 'Claire Peeters' }).waitFor();
      await page
        .locator('[data-family-member]')
        .filter({ hasText: 'Léa' })
        .getByText(/\d+ ans/)
        .waitFor();
      await page.getByRole('tab', { name: 'Inscriptions' }).waitFor();
      // An organisation manager cannot give the administrator role.
      const grantable = await roleOptions(page);
      expect(grantable).toContain('Utilisateur basique');
      expect(grantable).not.toContain('Administrateur');
      await shoot(page, 'members-04-member');
      expect(await menuLabels(page)).toContain('Membres');

      // Signing in as the parent, with the manager's own password.
      await page.getByRole('button', { name: 'Se connecter en tant que ce membre' }).click();
      const dialog = page.getByRole('dialog', { name: 'Se connecter en tant que Claire Peeters' });
      await dialog.getByLabel('Votre mot de passe').fill('Demo1234');
      await snap(page, 'members-05-sign-in-as');
      await dialog.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await page.waitForURL(at('demo', '/'));
      await banner(page).waitFor();
      await expect(banner(page).textContent()).resolves.toContain(
        'Vous êtes connecté en tant que Claire Peeters',
      );
      await page.getByRole('heading', { level: 1, name: greeting('Claire') }).waitFor();
      const parentMenu = await menuLabels(page);
      expect(parentMenu).toContain('Ma famille');
      expect(parentMenu).not.toContain('Membres');
      await shoot(page, 'members-06-signed-in-as-parent');

      // The banner stays on every page, and after a reload.
      await page.goto(at('demo', '/calendar'));
      await banner(page).waitFor();
      await page.reload();
      await banner(page).waitFor();
      await shoot(page, 'members-07-banner-after-reload');

      // Back to the manager's account, on the parent's page.
      await banner(page).getByRole('button', { name: 'Revenir à mon compte' }).click();
      await page.waitForURL(at('demo', memberPath));
      await page.getByRole('heading', { level: 1, name: 'Claire Peeters' }).waitFor();
      await expect(banner(page).count()).resolves.toBe(0);
      const managerMenu = await menuLabels(page);
      expect(managerMenu).toContain('Membres');
      expect(managerMenu).not.toContain('Ma famille');
      await shoot(page, 'members-08-back-to-manager');

      // The creation form offers the same roles.
      await page.goto(at('demo', '/members/create'));
      await page.getByRole('heading', { level: 1, name: 'Nouveau membre' }).waitFor();
      expect(await roleOptions(page)).toEqual([
        'Utilisateur basique',
        "Gérant d'établissement",
        "Gérant d'organisation",
      ]);
      await shoot(page, 'members-09-create');

      // The list on a phone: cards instead of the table.
      await page.setViewportSize(PHONE);
      await page.goto(at('demo', '/members/holders'));
      await page.locator('[data-member-card]').first().waitFor();
      await expect(page.locator('[data-member-table]').isVisible()).resolves.toBe(false);
      await expect(page.locator('[data-member-card]').first().textContent()).resolves.toContain('Titulaire');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await shoot(page, 'members-10-phone-holders');
      await page.goto(at('demo', memberPath));
      await page.getByRole('heading', { level: 1, name: 'Claire Peeters' }).waitFor();
      await shoot(page, 'members-11-phone-member');

      // A family with registrations and orders: its member page lists them, on a phone too.
      await page.goto(at('demo', '/members/participants?q=sarah.janssens'));
      await page
        .locator('[data-member-card]')
        .filter({ hasText: 'Sarah Janssens' })
        .getByRole('link')
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: 'Sarah Janssens' }).waitFor();
      const registrations = page.locator('[data-family-registration]');
      await registrations.first().waitFor();
      await expect(registrations.first().locator('[data-participant-status]').count()).resolves.toBe(1);
      await page.locator('[data-member-tabs]').scrollIntoViewIfNeeded();
      await snap(page, 'members-12-phone-family-registrations');
      await page.getByRole('tab', { name: /Commandes/ }).click();
      const orderRows = page.locator('[data-family-orders] [data-order-row]');
      await orderRows.first().waitFor();
      await expect(orderRows.first().getAttribute('href')).resolves.toMatch(/^\/orders\/ord_/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await snap(page, 'members-13-phone-family-orders');

      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
