import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  browserAvailable,
  checkAccessibility,
  DESKTOP,
  launch,
  openPage,
  PHONE,
  showMenu,
  signIn,
  snap,
} from './support';

/** A small real PDF, picked as the attachment. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

// Skipped without Chromium.
describe.skipIf(!browserAvailable)('contact support (issue 16)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`support writes, the system administrator answers and closes (${label} px)`, async () => {
      const subject = `Question du support ${label} px`;
      const support = await openPage(browser, viewport);
      await signIn(support.page, 'admin', 'support@admin.test');
      await showMenu(support.page);
      // The wide layout also names the page in its header: the menu's entry comes first.
      await support.page.getByRole('link', { name: "Contacter l'administration" }).first().click();
      await support.page.waitForURL(at('admin', '/contact-support'));
      await support.page.getByRole('heading', { level: 1, name: "Contacter l'administration" }).waitFor();
      await support.page.locator('[data-support-new]').click();
      const form = support.page.locator('[data-support-new-form]');
      // Sent empty: each field says what it needs.
      await form.getByRole('button', { name: 'Envoyer' }).click();
      await expect.poll(() => form.locator('[data-field-error]').count()).toBe(2);
      await checkAccessibility(support.page, 'nouveau message, erreurs');
      await form.getByLabel('Sujet').fill(subject);
      await form.getByLabel('Message').fill('Le club Démo ne reçoit plus ses e-mails de confirmation.');
      await form
        .locator('[data-support-attachment-input]')
        .setInputFiles({ name: 'capture.pdf', mimeType: 'application/pdf', buffer: PDF });
      await form.getByText('capture.pdf').waitFor();
      await snap(support.page, `contact-support-new-${label}`);
      await form.getByRole('button', { name: 'Envoyer' }).click();
      const thread = support.page.locator('[data-support-thread]');
      await thread.getByRole('heading', { name: subject }).waitFor();
      await thread.locator('[data-support-status="open"]').getByText('Ouvert').waitFor();
      await thread.getByRole('button', { name: 'capture.pdf' }).waitFor();
      await checkAccessibility(support.page, 'conversation du support');
      await snap(support.page, `contact-support-thread-${label}`);
      const threadUrl = support.page.url();

      const admin = await openPage(browser, viewport);
      await signIn(admin.page, 'admin', 'sysadmin@admin.test');
      await admin.page.goto(at('admin', '/contact-support'));
      // A table on wide screens, one card per thread on phones.
      const row =
        viewport === PHONE
          ? admin.page.locator('[data-support-thread-card]').filter({ hasText: subject }).first()
          : admin.page.locator('[data-support-thread-row]').filter({ hasText: subject }).first();
      await row.waitFor();
      await snap(admin.page, `contact-support-inbox-${label}`);
      await (viewport === PHONE ? row : row.getByRole('link', { name: subject })).click();
      const seen = admin.page.locator('[data-support-thread]');
      await seen.getByRole('heading', { name: subject }).waitFor();
      await seen.getByLabel('Votre réponse').fill('Nous regardons, la file des e-mails est relancée.');
      await seen.getByRole('button', { name: 'Envoyer' }).click();
      await seen.locator('[data-support-status="answered"]').getByText('Répondu').waitFor();
      await seen.locator('[data-support-message="platform"]').waitFor();
      await seen.getByRole('button', { name: 'Fermer la conversation' }).click();
      await seen.locator('[data-support-status="closed"]').getByText('Fermé').waitFor();
      await seen.getByText('Cette conversation est fermée').waitFor();
      expect(await seen.locator('[data-support-reply-form]').count()).toBe(0);
      await checkAccessibility(admin.page, 'conversation fermée');
      await snap(admin.page, `contact-support-closed-${label}`);

      // The author sees the answer and that the thread is closed.
      await support.page.goto(threadUrl);
      const mine = support.page.locator('[data-support-thread]');
      await mine.getByText('Nous regardons, la file des e-mails est relancée.').waitFor();
      await mine.locator('[data-support-status="closed"]').waitFor();
      expect(support.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
      await support.context.close();
      await admin.context.close();
    });
  }

  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`the system administrator sees the platform staff and the platform's configuration (${label} px)`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signIn(page, 'admin', 'sysadmin@admin.test');
      await page.goto(at('admin', '/members/all'));
      await page.getByRole('heading', { level: 1, name: 'Administrateurs et supports' }).waitFor();
      const support =
        viewport === PHONE
          ? '[data-staff-card="support@admin.test"]'
          : '[data-staff-row="support@admin.test"]';
      await page
        .locator(support)
        .getByText(/Support/)
        .first()
        .waitFor();
      await page.locator('[data-staff-invite]').click();
      await page.locator('[data-staff-invite-form]').waitFor();
      await checkAccessibility(page, 'invitation');
      await snap(page, `platform-staff-invite-${label}`);
      await page.keyboard.press('Escape');
      await snap(page, `platform-staff-${label}`);

      await page.goto(at('admin', '/configuration/organizations/org_sysadmin'));
      await page.locator('[data-platform-billing]').waitFor();
      const plan = viewport === PHONE ? '[data-plan-card="free-trial"]' : '[data-plan-row="free-trial"]';
      await page.locator(plan).waitFor();
      expect(await page.locator('[data-configuration-step="payment"]').count()).toBe(0);
      await checkAccessibility(page, 'configuration de la plateforme');
      await snap(page, `platform-configuration-${label}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
