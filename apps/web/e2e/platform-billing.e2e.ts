import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../api/test/helpers/pdf-text';
import { at, browserAvailable, DESKTOP, launch, openPage, PHONE, signIn, snap } from './support';

/*
 * Issue 16, platform billing: the system administrator finds the statements of the month on /billing
 * (totals per month, the list), opens one (its lines) and its PDF opens, at 1440 and 390 px. The demo
 * seed issues the statements of the past three months (`seedPlatformStatements`).
 */

describe.skipIf(!browserAvailable)('platform billing', () => {
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
    it(`shows the statements, one statement and its PDF (${name})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signIn(page, 'admin', 'sysadmin@admin.test');
      await page.goto(at('admin', '/billing'));
      await page.getByRole('heading', { name: 'Facturation', level: 1 }).waitFor();
      const totals = page.locator('[data-month-total]');
      await totals.first().waitFor();
      const month = await totals.first().getAttribute('data-month-total');
      expect(month).toMatch(/^\d{4}-\d{2}$/);
      // A month's card filters the list on it.
      await totals.first().click();
      await page.waitForURL((url) => url.searchParams.get('month') === month);
      const rows = page.locator(viewport === DESKTOP ? '[data-statement-row]' : '[data-statement-card]');
      await rows.first().waitFor();
      await snap(page, `platform-billing-list-${name}`);

      const number = await rows
        .first()
        .getAttribute(viewport === DESKTOP ? 'data-statement-row' : 'data-statement-card');
      await rows.first().getByRole('link', { name: number! }).click();
      await page.getByRole('heading', { name: `Relevé ${number}` }).waitFor();
      await page.locator('[data-statement-lines] li').first().waitFor();
      const total = (await page.locator('[data-statement-total]').textContent())!.trim();
      await snap(page, `platform-billing-statement-${name}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Télécharger le PDF' }).click(),
      ]);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      const pdf = await readFile(path!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(pdf);
      // The PDF prints the total the page shows (« 30,00 € » → « 30,00 »).
      expect(text).toContain(
        total
          .replace(/\s*€/, '')
          .replace(/\u202f|\u00a0/g, ' ')
          .split(' ')
          .at(-1),
      );
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
