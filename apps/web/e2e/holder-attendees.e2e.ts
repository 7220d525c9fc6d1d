import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../api/test/helpers/pdf-text';
import { browserAvailable, greeting, launch, openPage, PHONE, showMenu, signIn, snap } from './support';

/*
 * On a phone at the pool side (390 px): the holder opens « Participants », finds a child by name, sees
 * the family's phone as a link to call, and downloads a session's attendance sheet (a real PDF listing
 * who comes) for the days without network.
 */

describe.skipIf(!browserAvailable)("a holder's attendees", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds a child by name and downloads a session’s attendance sheet (phone)', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'holder@demo.test');
    await page.getByRole('heading', { name: greeting('Hugo') }).waitFor();

    await showMenu(page);
    await page.locator('[data-side-menu="drawer"]').getByRole('link', { name: 'Participants' }).click();
    await page.getByRole('heading', { level: 1, name: 'Participants' }).waitFor();
    const cards = page.locator('[data-attendee-cards]');
    await cards.locator('li').first().waitFor();
    expect(await cards.locator('li').count()).toBeGreaterThan(1);

    await page.getByRole('searchbox', { name: 'Rechercher un participant par nom' }).fill('Manon');
    await page.waitForURL(/\?q=Manon$/);
    await expect.poll(() => cards.locator('li').count()).toBe(1);
    const card = cards.locator('li').first();
    expect(await card.innerText()).toContain('Manon');
    // The family is one tap away: a large link to call.
    const call = card.getByRole('link', { name: /Appeler la famille de Manon/ });
    expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    const box = (await call.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    // Nothing sticks out of the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snap(page, 'holder-attendees-phone');

    const sheet = page.locator('[data-attendance-sheet]');
    const picker = sheet.getByRole('combobox', { name: 'Séance' });
    // A session with participants (the next one is chosen first; it may have none yet).
    const options = await picker
      .locator('option')
      .evaluateAll((nodes) =>
        nodes.map((node) => ({ value: (node as HTMLOptionElement).value, text: node.textContent ?? '' })),
      );
    const withPeople = options.find((option) => !/\(0 participants?\)$/.test(option.text));
    expect(withPeople).toBeDefined();
    await picker.selectOption(withPeople!.value);
    const coming = Number(/\((\d+) participants?\)$/.exec(withPeople!.text)![1]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sheet.getByRole('button', { name: 'Télécharger la liste (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^presences-\d{4}-\d{2}-\d{2}-.+\.pdf$/);
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain('Liste de présence');
    expect(text).toContain('Remarques');
    expect(text).toContain(coming <= 1 ? `${coming} participant` : `${coming} participants`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
