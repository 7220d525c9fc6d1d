import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, DESKTOP, launch, openPage, PHONE, signIn, snap } from './support';

/*
 * What families are told (issue 13), as parent@demo.test at 1440 and 390 px: an activity open on request
 * only carries « Sur demande » and its page asks the club (the request then shows as pending); the family
 * calendar names who attends; the orders list names orders by date.
 */

let browser: Browser;
beforeAll(async () => {
  if (browserAvailable) browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!browserAvailable)('what a family is told', () => {
  it('asks the club for a protected activity and sees its request pending', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP);
    await signIn(page, 'demo', 'parent@demo.test');
    await page.goto(at('demo', '/catalog'));
    const tennis = page.locator('[data-activity="Tennis"]');
    await expect.poll(() => tennis.locator('[data-on-request]').textContent()).toBe('Sur demande');
    await snap(page, 'issue13-catalog-desktop');

    // Its card lists sessions a year ahead: its page lists them too, and says when registrations open.
    await page.locator('[data-activity="Stage multisports de Toussaint"]').getByRole('link').click();
    await page.getByText(/^Inscriptions ouvertes le \d{2}\/\d{2}\/\d{4}\.$/).waitFor();
    expect(await page.locator('[data-session]').count()).toBeGreaterThan(0);
    expect(await page.getByText(/Aucune séance/).count()).toBe(0);
    await snap(page, 'issue13-not-open-desktop');
    await page.goto(at('demo', '/catalog'));

    await tennis.getByRole('link', { name: 'Tennis' }).click();
    const card = page.locator('[data-register]');
    await card.waitFor();
    await card.locator('[data-register-session] input[type="checkbox"]').first().check();
    await card.locator('[data-member-option]').filter({ hasText: 'Léa' }).locator('input').check();
    await card.getByRole('textbox').fill('Léa a déjà joué un an.');
    await card.getByRole('button', { name: 'Envoyer la demande' }).click();
    await card.locator('[data-request-sent]').waitFor();
    await card.locator('[data-pending-request]').first().waitFor();
    await snap(page, 'issue13-protected-desktop');

    const phone = await openPage(browser, PHONE);
    await signIn(phone.page, 'demo', 'parent@demo.test');
    await phone.page.goto(page.url());
    await phone.page.locator('[data-pending-request]').first().waitFor();
    await snap(phone.page, 'issue13-protected-phone');
    await phone.page.goto(at('demo', '/catalog'));
    await phone.page.locator('[data-activity="Tennis"] [data-on-request]').waitFor();
    await snap(phone.page, 'issue13-catalog-phone');

    // A public activity in the cart: the calendar names who attends, without seat figures.
    await page.goto(at('demo', '/catalog'));
    await page.locator('[data-activity="Football 6-12 ans"]').getByRole('link').click();
    const register = page.locator('[data-register]');
    await register.locator('[data-register-session] input[type="checkbox"]:not([disabled])').first().check();
    await register.locator('[data-member-option]').filter({ hasText: 'Léa' }).locator('input').check();
    await register.getByRole('button', { name: 'Ajouter au panier' }).click();
    await page.locator('[data-added]').or(page.locator('[role="dialog"]')).first().waitFor();
    await page.keyboard.press('Escape');
    await page.goto(at('demo', '/calendar?view=month'));
    await expect.poll(() => page.getByText(/Football 6-12 ans — Léa/).count()).toBeGreaterThan(0);
    expect(await page.getByText(/places libres/).count()).toBe(0);
    await snap(page, 'issue13-calendar-desktop');
    // The phone shows a week: the week of that session (this week's may have started already, and the
    // first session open is then next week's).
    const day = await page
      .locator('[data-day]')
      .filter({ has: page.getByText(/Football 6-12 ans — Léa/) })
      .first()
      .getAttribute('data-day');
    await phone.page.goto(at('demo', `/calendar?date=${day}`));
    await phone.page.getByText(/— Léa/).first().waitFor();
    await snap(phone.page, 'issue13-calendar-phone');

    await page.goto(at('demo', '/orders'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await snap(page, 'issue13-orders-desktop');
    await phone.page.goto(at('demo', '/orders'));
    await phone.page.getByRole('heading', { level: 1 }).waitFor();
    await snap(phone.page, 'issue13-orders-phone');
    expect(await page.locator('body').textContent()).not.toMatch(/ord_/);

    expect(errors).toEqual([]);
    await phone.context.close();
    await context.close();
  });
});
