import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, DESKTOP, launch, openPage, PHONE, signIn, snap, greeting } from './support';

/*
 * A holder is staff of the club: no family onboarding card on any page (spec section 4: it is for role
 * user, and a holder is elevated), and their session page lists who comes.
 */

const ONBOARDING = 'Ajoutez les membres de votre famille';

describe.skipIf(!browserAvailable)('a holder', () => {
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
    it(`gets no family onboarding card, and sees who comes to a session (${name})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signIn(page, 'demo', 'holder@demo.test');
      await page.getByRole('heading', { name: greeting('Hugo') }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(ONBOARDING).count()).toBe(0);

      await page.goto(at('demo', '/holdings/services'));
      await page.getByRole('heading', { level: 1, name: 'Mes séances' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(ONBOARDING).count()).toBe(0);

      await page.locator('a[href^="/holdings/services/"]').first().click();
      const participants = page.locator('[data-coming-participants]');
      await participants.waitFor();
      await participants.locator('[data-coming-count], p').first().waitFor();
      expect(await page.getByText(ONBOARDING).count()).toBe(0);
      // Only confirmed participants (or marked absent) are listed.
      const statuses = await participants
        .locator('[data-participant-status]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-participant-status')));
      expect(statuses.every((status) => status === 'confirmed' || status === 'absent')).toBe(true);
      await snap(page, `holder-session-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
