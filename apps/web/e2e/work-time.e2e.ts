import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  browserAvailable,
  checkAccessibility,
  greeting,
  launch,
  openPage,
  PHONE,
  showMenu,
  signIn,
  snap,
} from './support';

/*
 * « Heures prestées » on a phone (390 px): the demo coach adds a correction to last month (a draft in the
 * demo) and submits it; a manager finds the month waiting, validates it and downloads the month's CSV
 * for payroll.
 */

describe.skipIf(!browserAvailable)("holders' work time", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a holder corrects and submits last month; a manager validates it and downloads the CSV (phone)', async () => {
    const holder = await openPage(browser, PHONE);
    const { page } = holder;
    await signIn(page, 'demo', 'holder@demo.test');
    await page.getByRole('heading', { name: greeting('Hugo') }).waitFor();
    await showMenu(page);
    await page.locator('[data-side-menu="drawer"]').getByRole('link', { name: 'Heures prestées' }).click();
    await page.getByRole('heading', { level: 1, name: 'Heures prestées' }).waitFor();
    await page.locator('[data-month-summary]').waitFor();
    // This month is not over: the coach submits last month, a draft in the demo.
    expect(await page.getByRole('button', { name: 'Soumettre le mois' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mois précédent' }).click();
    await page.waitForURL(/month=\d{4}-\d{2}/);
    const month = new URL(page.url()).searchParams.get('month')!;
    await page.locator('[data-month-summary] [data-month-status="draft"]').waitFor();

    await page.getByRole('button', { name: 'Ajouter une correction' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Heures').fill('1');
    await dialog.getByLabel('Minutes').fill('30');
    await dialog.getByLabel('Note').fill('Tournoi de mini-foot');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator('[data-days]').getByText('Tournoi de mini-foot').waitFor();
    expect(await page.locator('[data-days]').innerText()).toContain('+1h30');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkAccessibility(page, 'heures prestées du titulaire');
    await snap(page, 'work-time-holder-phone');

    await page.getByRole('button', { name: 'Soumettre le mois' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Soumettre', exact: true }).click();
    await page.locator('[data-month-summary] [data-month-status="submitted"]').waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter une correction' }).count()).toBe(0);
    expect(holder.errors).toEqual([]);
    await holder.context.close();

    const manager = await openPage(browser, PHONE);
    const m = manager.page;
    await signIn(m, 'demo', 'manager@demo.test');
    await m.goto(at('demo', '/members/holders'));
    await m.getByRole('link', { name: 'Heures prestées' }).click();
    await m.getByRole('heading', { level: 1, name: 'Heures prestées' }).waitFor();
    await m.getByRole('button', { name: 'Mois précédent' }).click();
    await m.waitForURL(new RegExp(`month=${month}`));
    await m.getByRole('combobox', { name: 'Statut du mois' }).selectOption('submitted');
    const row = m.locator('[data-open-holder]:visible').filter({ hasText: 'Hugo Martin' });
    await row.waitFor();
    expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(m, 'work-time-manager-phone');
    await row.click();
    await m.locator('[data-holder-name]').getByText('Hugo Martin').waitFor();
    expect(await m.locator('[data-days]').innerText()).toContain('Tournoi de mini-foot');
    await m.getByRole('button', { name: 'Valider' }).click();
    await m.locator('[data-month-summary] [data-month-status="validated"]').waitFor();
    await checkAccessibility(m, 'mois validé par le gestionnaire');

    await m.getByRole('link', { name: 'Tous les titulaires' }).click();
    const [download] = await Promise.all([
      m.waitForEvent('download'),
      m.getByRole('button', { name: 'Exporter (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`heures-prestees-${month}.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const line = csv.split('\r\n').find((l) => l.startsWith('Hugo Martin;'));
    expect(line).toMatch(new RegExp(`^Hugo Martin;holder@demo\\.test;${month};Validé;\\d+;`));
    expect(manager.errors).toEqual([]);
    await manager.context.close();
  });
});
