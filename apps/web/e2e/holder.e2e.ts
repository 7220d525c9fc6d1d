import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, DESKTOP, launch, openPage, PHONE, signIn, snap, greeting } from './support';

/*
 * A holder is staff of the club: no family onboarding card on any page (spec section 4: it is for role
 * user, and a holder is elevated), and their session page is the attendance sheet of who comes.
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
      // The attendance sheet: who comes (confirmed, or marked absent), each with Présent / Absent.
      const sheet = page.locator('[data-attendance-sheet]');
      await sheet.waitFor();
      await sheet.locator('[data-attendance-counter]').waitFor();
      expect(await page.getByText(ONBOARDING).count()).toBe(0);
      const marks = await sheet
        .locator('[data-attendance-row]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-attendance-mark')));
      expect(marks.every((mark) => mark === 'present' || mark === 'absent' || mark === 'none')).toBe(true);
      await snap(page, `holder-session-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
