import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, greeting, launch, openPage, PHONE, showMenu, signIn, snap } from './support';

/*
 * « Récupérations » on a phone (390 px): the demo parent sees an available token, uses it on another
 * session at no charge, then sees the token used and the session in the family's calendar.
 */

describe.skipIf(!browserAvailable)('a family uses a recovery token on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees its available token, uses it on another session, then sees it used and the session in its calendar', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'parent@demo.test');
    await page.getByRole('heading', { level: 1, name: greeting('Claire') }).waitFor();
    await page.waitForLoadState('networkidle');
    // The add-family-members prompt may cover the page for a parent who never answered it: later.
    const onboarding = page.getByRole('dialog', { name: 'Ajoutez les membres de votre famille' });
    if (await onboarding.isVisible()) await onboarding.getByRole('button', { name: 'Plus tard' }).click();

    await showMenu(page);
    await page.locator('[data-side-menu]').getByRole('link', { name: 'Récupérations' }).click();
    await page.waitForURL(at('demo', '/recovery-tokens'));
    await page.getByRole('heading', { level: 1, name: 'Récupérations' }).waitFor();
    const available = page.locator('[data-recovery-token][data-status="available"]').first();
    await available.waitFor();
    expect(await available.locator('[data-token-status]').textContent()).toBe('Disponible');
    const tokenId = await available.getAttribute('data-recovery-token');
    expect(await available.textContent()).toMatch(/Valable jusqu'au \d{2}\/\d{2}\/\d{4}/);
    // Large tap target for a thumb.
    const use = available.getByRole('link', { name: 'Utiliser' });
    expect((await use.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await snap(page, 'recovery-tokens-family-phone');

    await use.click();
    await page.waitForURL(at('demo', `/recovery-tokens/${tokenId}/consume`));
    await page.getByRole('heading', { level: 1, name: 'Utiliser une récupération' }).waitFor();
    // The last one offered: the other browser tests register the demo children to the first sessions.
    const session = page.locator('[data-recovery-session]').last();
    await session.waitFor();
    const serviceId = (await session.getAttribute('data-recovery-session'))!;
    const activity = (await session.locator('p').first().textContent())!.trim();
    const startIso = (await session.getAttribute('data-start'))!;
    await snap(page, 'recovery-tokens-consume-phone');
    await session.locator('[data-choose-session]').click();
    const dialog = page.getByRole('dialog', { name: 'Confirmer la récupération' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirmer' }).click();

    await page.waitForURL(at('demo', '/recovery-tokens'));
    await page.getByText(/^Inscription confirmée : /).waitFor();
    const used = page.locator(`[data-recovery-token="${tokenId}"]`);
    await used.and(page.locator('[data-status="used"]')).waitFor();
    expect(await used.textContent()).toContain(`Utilisée pour ${activity} du`);
    expect(await used.getByRole('link', { name: 'Utiliser' }).count()).toBe(0);
    await snap(page, 'recovery-tokens-used-phone');

    // The session is in the family's calendar, on its week.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(startIso));
    await page.goto(at('demo', `/calendar?date=${day}`));
    await page.locator(`[data-calendar-item="${serviceId}"]`).first().waitFor();
    await snap(page, 'recovery-tokens-calendar-phone');

    expect(errors).toEqual([]);
    await context.close();
  });
});
