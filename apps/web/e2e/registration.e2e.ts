import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, DESKTOP, launch, openPage, PHONE, signIn, snap } from './support';

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

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('registering, the cart and an offline order (issue 6)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a parent registers two children on a phone (one refused for age), pays by transfer, and a manager marks it paid', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'parent@demo.test');

    // Danse moderne is for 8 to 14 year olds: Léa (10) may go, Tom (7) is too young.
    const dance = await activityId(page, 'Danse moderne');
    await page.goto(at('demo', `/catalog/blueprints/${dance}`));
    const form = page.locator('[data-register]');
    await form.waitFor();
    await page.locator('[data-register-start]').click();

    // The last two sessions of the period open for registration (the seeded orders use its first ones;
    // the next period opens later).
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
    const lea = form.locator('[data-member-option]', { hasText: 'Léa' });
    const tom = form.locator('[data-member-option]', { hasText: 'Tom' });
    await expect.poll(() => lea.textContent()).toContain('10 ans');
    await expect.poll(() => tom.textContent()).toContain('7 ans');
    // Tom is marked before anything is sent, with his age on the sessions' dates and a way to ask.
    await expect
      .poll(() => tom.locator('[data-age-fit="too-young"]').textContent())
      .toBe('Trop jeune (7 ans)');
    expect(await lea.locator('[data-age-fit]').count()).toBe(0);
    expect(await tom.locator('[data-age-request]').textContent()).toBe("Demander une dérogation d'âge");
    await lea.locator('input').check();
    await tom.locator('input').check();
    await snap(page, 'registration-form-phone');
    await form.locator('[data-add-to-cart]').click();

    // Léa's two sessions are added; Tom is refused twice, with the reason, and may ask for an exception.
    const outcome = form.locator('[data-register-outcome]');
    await outcome.waitFor();
    await expect.poll(() => outcome.locator('[data-added-line]').count()).toBe(2);
    const refusals = outcome.locator('[data-refusal="too-young"]');
    await expect.poll(() => refusals.count()).toBe(2);
    const refusal = refusals.first();
    expect(await refusal.textContent()).toContain('Tom');
    expect(await refusal.locator('[data-refusal-message]').textContent()).toMatch(
      /Tom n'a pas l'âge requis pour cette activité/,
    );
    expect(await refusal.locator('[data-request="age"]').textContent()).toBe("Demander une dérogation d'âge");
    await refusal.scrollIntoViewIfNeeded();
    await snap(page, 'registration-refusal-phone');

    // The header's cart shows two lines and the hold countdown; the drawer lists them.
    const cartButton = page.locator('[data-cart-button]');
    await expect.poll(() => cartButton.getAttribute('data-count')).toBe('2');
    expect(await cartButton.locator('[data-cart-countdown]').textContent()).toMatch(/^\d{2}:\d{2}$/);
    await cartButton.click();
    const cart = page.locator('[data-cart]');
    await cart.waitFor();
    const countdown = cart.locator('[data-countdown]');
    const first = await countdown.textContent();
    expect(first).toMatch(/^(1\d|20|0\d):\d{2}$/);
    await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(first);
    expect(await cart.locator('[data-cart-line]').count()).toBe(2);
    expect(await cart.locator('[data-cart-total]').textContent()).toBe('18,00 €');
    await page.waitForTimeout(300);
    await snap(page, 'registration-cart-phone');

    // Offline payment: the order page shows the transfer details, the structured reference and the QR.
    await cart.getByLabel('Virement bancaire').check();
    await cart.locator('[data-checkout]').click();
    await page.waitForURL(/\/orders\/ord_/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const transfer = page.locator('[data-transfer]');
    await transfer.waitFor();
    expect(await transfer.locator('[data-reference]').textContent()).toMatch(
      /^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/,
    );
    expect(await transfer.locator('[data-transfer-amount]').textContent()).toBe('18,00 €');
    const qr = transfer.locator('img[data-qr]');
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,/);
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await transfer.textContent()).toContain('Scannez ce code avec votre application bancaire');
    expect(await page.locator('[data-order-status]').first().textContent()).toBe('En attente');
    // A family does not record payments.
    expect(await page.locator('[data-mark-paid]').count()).toBe(0);
    await snap(page, 'registration-order-phone');

    // The family's orders list has it, waiting for the transfer.
    await page.goto(at('demo', '/orders'));
    const mine = page.locator(`[data-order-row="${orderId}"]`);
    await mine.waitFor();
    expect(await mine.locator('[data-order-status]').textContent()).toBe('En attente');
    expect(await mine.locator('[data-order-total]').textContent()).toBe('18,00 €');
    await snap(page, 'registration-orders-phone');
    expect(errors).toEqual([]);
    await context.close();

    // A manager opens the order and marks the transfer received: the order is confirmed.
    const manager = await openPage(browser, DESKTOP);
    await signIn(manager.page, 'demo', 'manager@demo.test');
    await manager.page.goto(at('demo', `/orders/${orderId}`));
    await manager.page.locator('[data-mark-paid]').click();
    const dialog = manager.page.getByRole('dialog');
    expect(await dialog.getByLabel('Montant reçu').inputValue()).toBe('18,00');
    await snap(manager.page, 'registration-mark-paid');
    await dialog.locator('[data-confirm-paid]').click();
    await expect
      .poll(() => manager.page.locator('[data-order-status]').first().textContent(), { timeout: 10_000 })
      .toBe('Confirmée');
    expect(await manager.page.locator('[data-paid-amount]').textContent()).toBe('18,00 €');
    expect(await manager.page.locator('[data-next-step="completed"]').count()).toBe(1);
    const statuses = await manager.page
      .locator('[data-order-line] [data-participant-status]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-participant-status')));
    expect(statuses).toEqual(['confirmed', 'confirmed']);

    // The orders list says so too, with the family.
    await manager.page.goto(at('demo', '/orders?status=completed'));
    const row = manager.page.locator(`[data-order-row="${orderId}"]`);
    await row.waitFor();
    expect(await row.locator('[data-order-status]').textContent()).toBe('Confirmée');
    await snap(manager.page, 'registration-orders-manager');
    expect(manager.errors).toEqual([]);
    await manager.context.close();
  });
});
