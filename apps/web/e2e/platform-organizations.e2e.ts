import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, DESKTOP, launch, openPage, PHONE, signIn, snap } from './support';

/*
 * Issue 16, the platform staff's organisations: the system administrator finds the demo club in the
 * list, opens it, puts it in maintenance; a member of the club (signed in before) then sees the
 * maintenance page, and so does anyone opening the club's login; the administrator ends the maintenance
 * and enters the club (« Ouvrir l'espace »), signed in there at once.
 * At 1440 and 390 px.
 */

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

async function confirmAction(page: Page, action: string): Promise<void> {
  await page.locator(`[data-action="${action}"]`).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.locator('[data-confirm-action]').click();
  await dialog.waitFor({ state: 'detached' });
}

describe.skipIf(!browserAvailable)('the platform organisations', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(
      `the system administrator puts the demo club in maintenance and its member sees the maintenance page (${label} px)`,
      { timeout: 180_000 },
      async () => {
        // The member is signed in before the maintenance starts.
        const member = await openPage(browser, viewport);
        await signIn(member.page, 'demo', 'parent@demo.test');

        const staff = await openPage(browser, viewport);
        const page = staff.page;
        await signIn(page, 'admin', 'sysadmin@admin.test');
        await page.waitForURL(at('admin', '/organizations-list'));
        await page.getByRole('heading', { name: 'Organisations' }).waitFor();
        await page.getByLabel('Rechercher par nom ou clé').fill('demo');
        await page.waitForURL(/[?&]q=demo/);
        const link = page.locator('[data-organization-link="demo"]:visible');
        await link.first().waitFor();
        await shoot(page, `platform-organizations-${label}-1-list`);

        await link.first().click();
        await page.waitForURL(at('admin', '/organizations/org_demo'));
        await page.getByRole('heading', { name: 'Club Sportif Démo' }).waitFor();
        await page.locator('[data-section="licence"]').getByText('Défaut (mensuel)').waitFor();
        await page.locator('[data-section="usage"]').waitFor();
        await shoot(page, `platform-organizations-${label}-2-detail`);

        await confirmAction(page, 'maintenance-on');
        await page.locator('[data-organization-state="maintenance"]').first().waitFor();
        await page.locator('[data-action="maintenance-off"]').waitFor();
        await shoot(page, `platform-organizations-${label}-3-maintenance`);

        // The member's next page shows the maintenance page, in French.
        await member.page.goto(at('demo', '/'));
        await member.page.locator('[data-maintenance-page]').waitFor();
        await member.page.getByRole('heading', { name: 'Maintenance en cours' }).waitFor();
        await member.page.getByText('Club Sportif Démo est momentanément en maintenance.').waitFor();
        await shoot(member.page, `platform-organizations-${label}-4-member-maintenance`);

        // A visitor opening the club's login sees it too.
        const visitor = await openPage(browser, viewport);
        await visitor.page.goto(at('demo', '/login'));
        await visitor.page.locator('[data-maintenance-page]').waitFor();
        await visitor.context.close();

        // The maintenance ends: the member's « Réessayer » brings the club back.
        await confirmAction(page, 'maintenance-off');
        await page.locator('[data-action="maintenance-on"]').waitFor();
        await member.page.getByRole('button', { name: 'Réessayer' }).click();
        await member.page.waitForURL(at('demo', '/'));
        await member.page.locator('[data-maintenance-page]').waitFor({ state: 'detached' });

        // « Ouvrir l'espace »: the administrator lands inside the club, signed in, in the same tab.
        await page.locator('[data-open-space]').click();
        await page.waitForURL((url) => url.host.startsWith('demo.') && url.pathname !== '/login');
        expect(page.url()).not.toContain('handoff');
        if (viewport === DESKTOP) await page.getByText('Connecté à').first().waitFor();
        await shoot(page, `platform-organizations-${label}-5-inside-the-club`);

        expect(staff.errors).toEqual([]);
        expect(member.errors).toEqual([]);
        await staff.context.close();
        await member.context.close();
      },
    );
  }
});
