import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, DESKTOP, launch, openPage, PHONE, signIn, snap } from './support';

/** An authenticated call of the API from the signed-in page (its token, its organisation). */
async function callApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const tokens = JSON.parse(localStorage.getItem('inscrio.tokens') ?? '{}') as { accessToken?: string };
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          'x-organization-id': 'org_demo',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );
}

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('paying online with Mollie (issue 6)', () => {
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof openPage>> | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    // The other scenarios of the run expect the club to take transfers by default.
    if (admin) await callApi(admin.page, 'PATCH', '/organizations/org_demo', { paymentProvider: 'offline' });
    await admin?.context.close();
    await browser?.close();
  });

  it('the club connects Mollie, and a parent pays an order on the Mollie checkout and comes back to it paid', async () => {
    // The administrator connects the club's Mollie account (OAuth against the local Mollie) and makes
    // Mollie the club's payment provider.
    admin = await openPage(browser, DESKTOP);
    await signIn(admin.page, 'demo', 'admin@demo.test');
    const connect = await callApi<{ url: string }>(
      admin.page,
      'GET',
      '/integrations/mollie/oauth/connect/org_demo',
    );
    expect(connect.status).toBe(200);
    await admin.page.goto(connect.body.url);
    // Mollie approves and sends the browser back through the callback to the club's configuration.
    await admin.page.waitForURL(/mollie=connected/);
    const status = await callApi<{ status: string }>(
      admin.page,
      'GET',
      '/integrations/mollie/oauth/status/org_demo',
    );
    expect(status.body.status).toBe('ready');
    const settings = await callApi(admin.page, 'PATCH', '/organizations/org_demo', {
      paymentProvider: 'mollie',
    });
    expect(settings.status).toBe(200);

    // Another family: Emma joins the yoga class (no age limit; the seeded orders are elsewhere).
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'sarah.janssens@demo.test');
    const catalog = await callApi<{ items: { id: string; name: string }[] }>(
      page,
      'GET',
      `/catalog/blueprints?q=${encodeURIComponent('Yoga adultes')}`,
    );
    const yoga = catalog.body.items.find((item) => item.name === 'Yoga adultes')!;
    await page.goto(at('demo', `/catalog/blueprints/${yoga.id}`));
    const form = page.locator('[data-register]');
    await form.waitFor();
    const sessions = form
      .locator('[data-period-group]')
      .first()
      .locator('[data-register-session]:has(input:not([disabled]))');
    await sessions.last().locator('input').check();
    await form.locator('[data-member-option]', { hasText: 'Emma' }).locator('input').check();
    await form.locator('[data-add-to-cart]').click();

    // Everything went in: the cart opens by itself, with Mollie offered beside the transfer.
    const cart = page.locator('[data-cart]');
    await cart.waitFor().catch(async (error: unknown) => {
      await snap(page, 'mollie-add-failed');
      throw error;
    });
    expect(await cart.locator('[data-cart-line]').count()).toBe(1);
    await cart.getByLabel('Mollie (Bancontact, carte…)').check();
    await page.waitForTimeout(300);
    await snap(page, 'mollie-cart-phone');
    await cart.locator('[data-checkout]').click();

    // The local Mollie's checkout page: the parent pays.
    await page.waitForURL(/\/checkout\/tr_/);
    await snap(page, 'mollie-checkout');
    await page.getByRole('button', { name: 'Payé' }).click();

    // Back on the order: paid and confirmed.
    await page.waitForURL(/demo\.localhost:\d+\/orders\/ord_/);
    await expect
      .poll(() => page.locator('[data-order-status]').first().textContent(), { timeout: 15_000 })
      .toBe('Confirmée');
    await page.locator('[data-next-step="completed"]').waitFor();
    expect(await page.locator('[data-paid-amount]').textContent()).toBe('12,00 €');
    expect(await page.locator('[data-payment="paid"]').count()).toBe(1);
    expect(
      await page
        .locator('[data-order-line] [data-participant-status]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-participant-status'))),
    ).toEqual(['confirmed']);
    expect(await page.locator('[data-transfer]').count()).toBe(0);
    await snap(page, 'mollie-order-paid-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
