import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../api/test/helpers/pdf-text';
import { at, browserAvailable, checkAccessibility, launch, openPage, PHONE, signIn, snap } from './support';

/*
 * Certificates on a phone (390 px): the demo parent opens her certificates, requests the health-mutual
 * certificate of Léa's paid dance registration and downloads it; the PDF says the amount paid, the dates
 * and carries the club's seal and signature. Last summer's camp certificate (seed) is already there.
 */

describe.skipIf(!browserAvailable)('a parent downloads a health-mutual certificate on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('requests the certificate of a paid registration and reads the amount, the dates and the seal in its PDF', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'parent@demo.test');
    await page.goto(at('demo', '/documents/certificates'));
    await page.getByRole('heading', { level: 1, name: 'Attestations' }).waitFor();
    await page.locator('[data-family-certificates]').waitFor();

    // Last summer's camp: issued already (seed), to download.
    const camp = page.locator('[data-health-mutual-option]', { hasText: "Stage multisports d'été" });
    await camp.getByRole('button', { name: /^Télécharger l'attestation MUT-/ }).waitFor();

    // Léa's dance session, paid: the certificate is asked for, then downloaded.
    const dance = page
      .locator('[data-health-mutual-option]', { hasText: 'Léa' })
      .filter({ hasNotText: 'Stage' })
      .first();
    await dance.waitFor();
    const paid = /Payé : (.+)$/.exec(
      (await dance.locator('p', { hasText: 'Payé' }).textContent())!.trim(),
    )![1]!;
    const dates = /du (\d{2}\/\d{2}\/\d{4}) au (\d{2}\/\d{2}\/\d{4})/.exec((await dance.textContent())!)!;
    await snap(page, 'certificates-family-phone');
    await checkAccessibility(page, 'attestations de la famille');
    const request = dance.getByRole('button', { name: "Demander l'attestation" });
    expect((await request.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await request.click();
    const download = dance.getByRole('button', { name: /^Télécharger l'attestation MUT-/ });
    await download.waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^MUT-\d{4}-\d{6}\.pdf$/);
    const text = await pdfText(await readFile((await file.path())!));
    expect(text).toContain("Cachet de l'organisation");
    expect(text).toContain('Signature');
    expect(text).not.toContain('(non fourni)');
    expect(text).toContain(`Montant effectivement payé : ${paid}`);
    expect(text).toContain(`Du ${dates[1]} au ${dates[2]}`);
    expect(text).toContain('Léa Peeters');
    await snap(page, 'certificates-family-downloaded-phone');

    expect(errors).toEqual([]);
    await context.close();
  });
});
