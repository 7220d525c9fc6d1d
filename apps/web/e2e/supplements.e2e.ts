import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, DESKTOP, launch, openPage, PHONE, signIn, snap } from './support';

/*
 * Issue 13, supplements: the club T-shirt of « Football 6-12 ans » is charged once per participant,
 * activity and period, however many sessions are chosen, and shows as its own line in the cart; the
 * manager sees and chooses each supplement's frequency in the activity form.
 */

/** The id of a seeded activity, by name, from the catalogue the signed-in page sees. */
async function activityId(page: Page, name: string): Promise<string> {
  return page.evaluate(async (activity) => {
    const tokens = JSON.parse(localStorage.getItem('inscrio.tokens') ?? '{}') as { accessToken?: string };
    const response = await fetch(`/api/catalog/blueprints?q=${encodeURIComponent(activity)}`, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'x-organization-id': 'org_demo' },
    });
    const body = (await response.json()) as { items: { id: string; name: string }[] };
    const found = body.items.find((item) => item.name === activity);
    if (!found) throw new Error(`no activity ${activity}`);
    return found.id;
  }, name);
}

describe.skipIf(!browserAvailable)('supplements charged once per period (issue 13)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a parent chooses the T-shirt for two sessions and pays it once', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'parent@demo.test');
    const football = await activityId(page, 'Football 6-12 ans');
    await page.goto(at('demo', `/catalog/blueprints/${football}`));
    await page.locator('[data-supplements]').getByText('Une fois par période').first().waitFor();
    const form = page.locator('[data-register]');
    await form.waitFor();
    await page.locator('[data-register-start]').click();
    const sessions = form
      .locator('[data-period-group]')
      .first()
      .locator('[data-register-session]:has(input:not([disabled]))');
    const count = await sessions.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await sessions
      .nth(count - 2)
      .locator('input')
      .check();
    await sessions
      .nth(count - 1)
      .locator('input')
      .check();
    await form.locator('[data-member-option]', { hasText: 'Léa' }).locator('input').check();
    await form.getByRole('checkbox', { name: /T-shirt du club/ }).check();
    await snap(page, 'supplements-1-form-phone');
    await form.locator('[data-add-to-cart]').click();
    await expect.poll(() => form.locator('[data-added-line]').count()).toBe(2);

    const cartButton = page.locator('[data-cart-button]');
    await expect.poll(() => cartButton.getAttribute('data-count')).toBe('2');
    // The cart may open by itself once the lines are added.
    const cart = page.locator('[data-cart]');
    await page.waitForTimeout(1000);
    if (!(await cart.isVisible())) await cartButton.click();
    await cart.waitFor();
    const lines = cart.locator('[data-cart-line]');
    expect(await lines.count()).toBe(2);
    // 2 × 10 € + the T-shirt (15 €) once.
    expect(await lines.nth(0).textContent()).toContain('T-shirt du club');
    expect(await lines.nth(0).textContent()).toContain('(une fois par période)');
    expect(await lines.nth(1).textContent()).not.toContain('T-shirt du club');
    expect(await cart.locator('[data-cart-total]').textContent()).toBe('35,00 €');
    await snap(page, 'supplements-2-cart-phone');

    // The cart is left empty for the other scenarios of the run.
    for (let left = 2; left > 0; left--) {
      await cart.locator('[data-remove-line]').first().click();
      await expect.poll(() => cart.locator('[data-cart-line]').count()).toBe(left - 1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the manager sees each supplement's frequency in the activity form", async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { page, context, errors } = await openPage(browser, viewport);
      await signIn(page, 'demo', 'manager@demo.test');
      const football = await activityId(page, 'Football 6-12 ans');
      await page.goto(at('demo', `/managing/blueprints/${football}`));
      const rows = page.locator('[data-supplements] li');
      await rows.first().waitFor();
      expect(await rows.first().getByLabel('Fréquence').inputValue()).toBe('once');
      await rows.first().scrollIntoViewIfNeeded();
      await snap(page, `supplements-3-manager-form-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
