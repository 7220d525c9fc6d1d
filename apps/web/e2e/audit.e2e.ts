import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  at,
  browserAvailable,
  checkAccessibility,
  launch,
  openPage,
  showMenu,
  signIn,
  SMALL_PHONE,
  snap,
} from './support';

/*
 * Issue 20 (part B): a manager opens the audit trail from the organisation section, finds the
 * registrations of the seed, narrows the list to them, then to one member (the subject's events), and
 * opens the member's page from the list; the list on a 360 px phone.
 */

const rowTypes = (page: Page) =>
  page
    .locator('[data-audit-row]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-audit-row')));

describe.skipIf(!browserAvailable)('the audit trail', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'shows the registrations of the seed to a manager, filtered, with links to their subject',
    { timeout: 120_000 },
    async () => {
      const { page, context, errors } = await openPage(browser);
      await signIn(page, 'demo', 'manager@demo.test');

      await showMenu(page);
      await page.locator('[data-menu-entry="audit"]').click();
      await page.waitForURL(/\/audit$/);
      await page.getByRole('heading', { level: 1, name: "Journal d'audit" }).waitFor();
      await page.locator('[data-audit-row]').first().waitFor();
      await snap(page, 'audit-01-list');

      // Only the registrations.
      await page.getByLabel('Événement').selectOption({ label: 'Inscription créée' });
      await page.waitForURL(/[?&]type=registration-created/);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-audit-row]')].every(
          (row) => row.getAttribute('data-audit-row') === 'registration-created',
        ),
      );
      const types = await rowTypes(page);
      expect(types.length).toBeGreaterThan(0);
      expect(new Set(types)).toEqual(new Set(['registration-created']));
      const first = page.locator('[data-audit-row]').first();
      await expect(first.textContent()).resolves.toContain('Inscription créée');
      await checkAccessibility(page, 'audit trail filtered');
      await snap(page, 'audit-02-registrations');

      // The subject's link opens the member's page.
      const subject = first.locator('[data-audit-subject]');
      const label = (await subject.textContent())!.trim();
      expect(label).toContain(' · ');
      await subject.click();
      await page.waitForURL(/\/members\/participants\/usr_/);
      await page.getByRole('heading', { level: 1 }).waitFor();

      // On a 360 px phone: cards, nothing wider than the screen.
      await page.setViewportSize(SMALL_PHONE);
      await page.goto(at('demo', '/audit?type=registration-created'));
      await page.locator('[data-audit-cards] li').first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(SMALL_PHONE.width);
      await snap(page, 'audit-03-phone');

      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('tells a family the trail is not theirs', { timeout: 60_000 }, async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, 'demo', 'parent@demo.test');
    await page.goto(at('demo', '/audit'));
    await page.locator('[data-access-denied]').waitFor();
    await expect(page.locator('[data-access-denied]').textContent()).resolves.toContain(
      "Le journal d'audit est réservé aux gérants.",
    );
    await context.close();
  });
});
