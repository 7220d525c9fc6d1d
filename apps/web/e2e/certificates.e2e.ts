import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../api/test/helpers/pdf-text';
import {
  at,
  browserAvailable,
  checkAccessibility,
  launch,
  openPage,
  PASSWORD,
  PHONE,
  signIn,
  snap,
} from './support';

/*
 * Certificates on a phone (390 px): the demo parent's child is registered and the transfer recorded by the
 * manager (set up through the API); the parent opens her certificates, requests the health-mutual
 * certificate of that paid registration and downloads it: the PDF says the amount paid and the dates,
 * and carries the club's seal and signature (seeded).
 */

/** Calls the API as `email` from a page of the organisation (Node cannot resolve `*.localhost`). */
async function as<T>(page: Page, email: string, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body, email, password }) => {
      const signIn = await fetch('/api/auth/sign-in/password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { accessToken } = (await signIn.json()) as { accessToken: string };
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'x-organization-id': 'org_demo',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { method, path, body, email, password: PASSWORD },
  );
}

/** The parent registers a child to one upcoming session (offline), the manager records the transfer. */
async function paidRegistration(page: Page): Promise<string> {
  const parent = 'parent@demo.test';
  const children = await as<{ items: { id: string }[] }>(page, parent, 'GET', '/me/delegated');
  const catalog = await as<{ items: { id: string }[] }>(
    page,
    parent,
    'GET',
    '/catalog/blueprints?pageSize=100',
  );
  for (const activity of catalog.body.items) {
    const detail = await as<{ sessions: { id: string; status: string }[] }>(
      page,
      parent,
      'GET',
      `/catalog/blueprints/${activity.id}`,
    );
    for (const session of detail.body.sessions.filter((s) => s.status === 'confirmed')) {
      for (const child of children.body.items) {
        // Sessions the child may not take (age, registration not open yet, already registered) are refused.
        const added = await as<{ cart: { items: unknown[] } }>(page, parent, 'POST', '/cart/items', {
          blueprintId: activity.id,
          serviceIds: [session.id],
          memberIds: [child.id],
        });
        if ((added.body.cart?.items.length ?? 0) === 0) continue;
        const checkout = await as<{ order: { id: string } }>(page, parent, 'POST', '/cart/checkout', {
          paymentProvider: 'offline',
        });
        expect(checkout.status).toBe(201);
        const paid = await as(
          page,
          'manager@demo.test',
          'POST',
          `/orders/${checkout.body.order.id}/payments/offline`,
          {},
        );
        expect(paid.status).toBe(200);
        return activity.id;
      }
    }
  }
  throw new Error('no session the demo children could take');
}

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
    const blueprintId = await paidRegistration(page);

    await page.goto(at('demo', '/documents'));
    await page.getByRole('heading', { level: 2, name: 'Attestations', exact: true }).waitFor();
    const option = page.locator(`[data-health-mutual-option="${blueprintId}"]`).first();
    await option.waitFor();
    const onboarding = page.getByRole('dialog', { name: 'Ajoutez les membres de votre famille' });
    if (await onboarding.isVisible()) await onboarding.getByRole('button', { name: 'Plus tard' }).click();
    const paid = /Payé : (.+)$/.exec(
      (await option.locator('p', { hasText: 'Payé' }).textContent())!.trim(),
    )![1]!;
    const dates = /du (\d{2}\/\d{2}\/\d{4}) au (\d{2}\/\d{2}\/\d{4})/.exec((await option.textContent())!)!;
    await snap(page, 'certificates-family-phone');
    await checkAccessibility(page, 'attestations de la famille');

    const request = option.getByRole('button', { name: "Demander l'attestation" });
    expect((await request.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await request.click();
    const download = option.getByRole('button', { name: 'Télécharger', exact: true });
    await download.waitFor();
    // Nothing runs past the screen's edge at 390 px.
    const box = (await option.boundingBox())!;
    expect((await download.boundingBox())!.x + (await download.boundingBox())!.width).toBeLessThanOrEqual(
      box.x + box.width,
    );
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^MUT-\d{4}-\d{6}\.pdf$/);
    const text = await pdfText(await readFile((await file.path())!));
    expect(text).toContain("Cachet de l'organisation");
    expect(text).toContain('Signature');
    expect(text).not.toContain('(non fourni)');
    expect(text).toContain(`Montant effectivement payé : ${paid}`);
    expect(text).toContain(`Du ${dates[1]} au ${dates[2]}`);
    expect(text).toContain('Peeters');
    await snap(page, 'certificates-family-downloaded-phone');

    expect(errors).toEqual([]);
    await context.close();
  });
});
