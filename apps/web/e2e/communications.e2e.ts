import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  browserAvailable,
  checkAccessibility,
  DESKTOP,
  launch,
  openPage,
  PASSWORD,
  SMALL_PHONE,
  signIn,
  snap,
} from './support';

/*
 * Communications (issue #20): a manager writes to the families from the dashboard, sees how many they
 * reach, sends, and watches « N / N envoyés »; the demo parent finds the message in /communications on a
 * 360 px phone, with the unread count beside « Messages ».
 */

/** An upcoming session of the demo club whose participants' families a message reaches (the API, as `email`). */
async function sessionWithFamilies(page: Page, email: string): Promise<string> {
  return page.evaluate(
    async ({ email, password }) => {
      const signIn = await fetch('/api/auth/sign-in/password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { accessToken, organization } = (await signIn.json()) as {
        accessToken: string;
        organization: { id: string };
      };
      const get = async <T>(path: string) =>
        (await (
          await fetch(`/api${path}`, {
            headers: { authorization: `Bearer ${accessToken}`, 'x-organization-id': organization.id },
          })
        ).json()) as T;
      const from = new Date().toISOString();
      const sessions = await get<{ items: { id: string }[] }>(
        `/services?from=${encodeURIComponent(from)}&pageSize=50`,
      );
      for (const session of sessions.items) {
        const reach = await get<{ families: number }>(
          `/communications/recipients?target=session&targetId=${encodeURIComponent(session.id)}`,
        );
        if (reach.families > 0) return session.id;
      }
      throw new Error('no upcoming session with participants in the demo');
    },
    { email, password: PASSWORD },
  );
}

describe.skipIf(!browserAvailable)('communications', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a manager writes to the families and watches the progress; the parent reads it (phone)', async () => {
    const manager = await openPage(browser, DESKTOP);
    const m = manager.page;
    await signIn(m, 'demo', 'manager@demo.test');
    await m.locator('[data-action="dashboard-compose"]').click();
    const dialog = m.getByRole('dialog', { name: 'Écrire aux familles' });
    await dialog.waitFor();
    await dialog
      .locator('[data-recipients-count]')
      .getByText(/\d+ familles, \d+ personnes/)
      .waitFor();
    await dialog.getByLabel('Objet').fill('Fête du club dimanche');
    const body = dialog.getByRole('textbox', { name: 'Message' });
    await body.click();
    await m.keyboard.type('Rendez-vous dimanche à 11 h au club-house.');
    await checkAccessibility(m, 'écrire aux familles');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();

    // The sending's own dialog: its progress until every family is reached.
    const sending = m.getByRole('dialog', { name: 'Fête du club dimanche' });
    await sending.waitFor();
    const progress = sending.locator('[data-progress]');
    await progress.getByText(/^(\d+) \/ \1 envoyés$/).waitFor({ timeout: 30_000 });
    await snap(m, 'communications-sent');
    await sending.getByRole('button', { name: 'Fermer' }).click();
    await m
      .locator('[data-open-communication]')
      .filter({ hasText: 'Fête du club dimanche' })
      .first()
      .waitFor();
    expect(manager.errors).toEqual([]);
    await manager.context.close();

    const parent = await openPage(browser, SMALL_PHONE);
    const p = parent.page;
    await signIn(p, 'demo', 'parent@demo.test');
    await p.goto(at('demo', '/communications'));
    await p.getByRole('heading', { level: 1, name: 'Communications' }).waitFor();
    const item = p.locator('[data-inbox-item]:visible').filter({ hasText: 'Fête du club dimanche' });
    await item.waitFor();
    expect(await item.getAttribute('data-unread')).toBe('true');
    // The menu counts the unread messages (the demo's newer one, and this one).
    await p.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const badge = p.locator(
      '[data-side-menu="drawer"] [data-menu-entry="communications"] [data-unread-count]',
    );
    expect(Number(await badge.getAttribute('data-unread-count'))).toBeGreaterThanOrEqual(2);
    await p.keyboard.press('Escape');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkAccessibility(p, 'messages de la famille');
    await item.click();
    await p
      .getByRole('dialog', { name: 'Fête du club dimanche' })
      .getByText('Rendez-vous dimanche à 11 h')
      .waitFor();
    await snap(p, 'communications-inbox-phone');
    expect(parent.errors).toEqual([]);
    await parent.context.close();
  });

  it('from a session page: « Écrire aux participants » → the session preset and counted → progress', async () => {
    const manager = await openPage(browser, DESKTOP);
    const m = manager.page;
    await signIn(m, 'demo', 'manager@demo.test');
    const serviceId = await sessionWithFamilies(m, 'manager@demo.test');
    await m.goto(at('demo', `/managing/services/${serviceId}`));
    await m.locator('[data-action="write-to-participants"]').click();
    const dialog = m.getByRole('dialog', { name: 'Écrire aux familles' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Destinataires').inputValue()).toBe('session');
    await dialog
      .locator('[data-recipients-count]')
      .getByText(/^[1-9]\d* familles?, \d+ personnes?/)
      .waitFor();
    await dialog.getByLabel('Objet').fill('Séance de samedi : salle changée');
    const body = dialog.getByRole('textbox', { name: 'Message' });
    await body.click();
    await m.keyboard.type('La séance aura lieu dans la petite salle.');
    await snap(m, 'communications-from-session');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    const sending = m.getByRole('dialog', { name: 'Séance de samedi : salle changée' });
    await sending.waitFor();
    await sending
      .locator('[data-progress]')
      .getByText(/^(\d+) \/ \1 envoyés$/)
      .waitFor({ timeout: 30_000 });
    expect(manager.errors).toEqual([]);
    await manager.context.close();
  });
});
