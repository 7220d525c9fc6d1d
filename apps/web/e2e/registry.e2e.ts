import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, launch, openPage, PASSWORD, PHONE, signIn, snap } from './support';

/*
 * Issue 6, the managers' side of registrations: the payment configuration (offline with an IBAN, which
 * completes the 'Informations à compléter' notice), a direct registration to a private activity from
 * the registry, a move to another session, an age-exception request accepted in 'A traiter', and the
 * period's attendees invited to the next period, which the parent then sees on the dashboard.
 */

const PRIVATE_ACTIVITY = 'Groupe compétition natation';
const DANCE = 'Danse moderne';

/** Full-page screenshots read best from the top (a focused field scrolls the page). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** Waits for a notification with this text (sonner toasts). */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/**
 * Calls the API as the parent from a page of the organisation (same origin; Node cannot resolve
 * `*.localhost`): signs in, then sends the request. Returns the status and the parsed body.
 */
async function asParent<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body, password }) => {
      const signIn = await fetch('/api/auth/sign-in/password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'parent@demo.test', password }),
      });
      const { accessToken, organization } = (await signIn.json()) as {
        accessToken: string;
        organization: { id: string };
      };
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'x-organization-id': organization.id,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { method, path, body, password: PASSWORD },
  );
}

interface Person {
  id: string;
  firstName: string;
}

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('a manager follows registrations and configures payment', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('configures offline payment, registers, moves, reviews and invites to the next period', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, 'demo', 'manager@demo.test');

    // 1. Payment. The club connects Mollie (OAuth against the local Mollie) and makes it its provider.
    await page.locator('[data-side-menu]').getByRole('link', { name: 'Configuration' }).first().click();
    await page.waitForURL(/\/configuration\/organizations\/org_/);
    const notice = page.locator('[data-incomplete-information]');
    const paymentStep = notice.getByRole('link', { name: 'Moyen de paiement' });
    // The configuration opens on its general step; the payment step is the next one.
    await page.locator('[data-general-form]').waitFor();
    await page
      .getByRole('navigation', { name: 'Étapes de la configuration' })
      .getByRole('link', { name: /Moyen de paiement/ })
      .click();
    await page.locator('[data-payment-form]').waitFor();
    await page.locator('[data-provider="mollie"]').click();
    await page.locator('[data-mollie-status="unset"]').waitFor();
    await shoot(page, 'registry-01-mollie-unset');
    await page.getByRole('button', { name: 'Connecter Mollie' }).click();
    await page.waitForURL(/step=payment/);
    await toast(page, 'Votre compte Mollie est connecté.');
    // The callback's outcome is said once, then dropped from the address.
    await page.waitForURL((url) => !url.search.includes('mollie='));
    await page.locator('[data-provider="mollie"]').click();
    await page.locator('[data-mollie-status="ready"]').waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, /Mollie a été activé/);
    await shoot(page, 'registry-02-mollie-connected');

    // Disconnected, Mollie cannot take payments: the notice lists the payment step.
    await page.locator('[data-mollie-disconnect]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Déconnecter', exact: true }).click();
    await toast(page, 'Le compte Mollie a été déconnecté.');
    await page.locator('[data-mollie-status="disconnected"]').waitFor();
    await paymentStep.waitFor();
    await paymentStep.click();
    await page.waitForURL(/step=payment/);
    await shoot(page, 'registry-03-payment-incomplete');

    // Back to bank transfers, with the club's IBAN (checked before it is sent): the notice is done with payment.
    await page.locator('[data-provider="offline"]').click();
    const iban = page.getByLabel('IBAN', { exact: true });
    await iban.fill('BE71 0961 2345 6760');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('IBAN invalide').waitFor();
    await iban.fill('BE71 0961 2345 6769');
    await page.getByLabel('BIC (facultatif)').fill('GEBABEBB');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, /Virement bancaire a été activé/);
    await toast(page, /Mollie a été désactivé/);
    await paymentStep.waitFor({ state: 'detached' });
    await page.locator('[data-step="payment"] svg[aria-label="Complet"]').waitFor();
    await expect(iban.inputValue()).resolves.toBe('BE71 0961 2345 6769');
    await shoot(page, 'registry-04-payment-complete');

    // 2. A direct registration to a private activity, from the registry.
    await page.goto(at('demo', '/registry'));
    await page.locator('[data-registry-filters]').waitFor();
    await page.locator('[data-register-member]').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Rechercher un compte').fill('parent@demo');
    await dialog.locator('[data-account-results] button').filter({ hasText: 'Claire Peeters' }).click();
    await dialog.getByRole('checkbox', { name: /Léa Peeters/ }).check();
    await dialog.getByLabel('Activité').selectOption({ label: PRIVATE_ACTIVITY });
    const firstSession = dialog.locator('[data-register-sessions] label').first();
    await firstSession.waitFor();
    const firstDate = (await firstSession.locator('.tabular-nums').textContent())?.trim() ?? '';
    expect(firstDate).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await firstSession.locator('input').check();
    await shoot(page, 'registry-05-register-dialog');
    await dialog.getByRole('button', { name: 'Inscrire', exact: true }).click();
    await toast(page, '1 inscription confirmée.');
    await dialog.waitFor({ state: 'detached' });

    // Filtered on the activity: Léa, confirmed, on that session.
    await page.locator('[data-filter="activity"]').selectOption({ label: PRIVATE_ACTIVITY });
    const row = page.locator('[data-registry-row]').filter({ hasText: 'Léa Peeters' });
    await row.getByText(firstDate).waitFor();
    await expect(
      row.locator('[data-participant-status]').getAttribute('data-participant-status'),
    ).resolves.toBe('confirmed');
    await shoot(page, 'registry-06-registered');

    // 3. Moved to another session of the same activity.
    await row.getByRole('button', { name: 'Déplacer Léa Peeters' }).click();
    const move = page.getByRole('dialog');
    const target = move.locator('[data-move-target]').first();
    await target.waitFor();
    const targetDate = (await target.locator('.tabular-nums').textContent())?.trim() ?? '';
    expect(targetDate).not.toBe(firstDate);
    await target.click();
    await move.getByRole('button', { name: 'Déplacer', exact: true }).click();
    await toast(page, `Léa Peeters a été déplacé(e) vers la séance du ${targetDate}.`);
    await row.getByText(targetDate).waitFor();
    await shoot(page, 'registry-07-moved');

    // The session's page lists her with her status, and leads to its period.
    await row.getByRole('link', { name: targetDate }).click();
    await page.waitForURL(/\/managing\/services\/svc_/);
    const attendee = page.locator('[data-attendee]').filter({ hasText: 'Léa Peeters' });
    await attendee.locator('[data-participant-status="confirmed"]').waitFor();
    await shoot(page, 'registry-08-session-attendees');
    await page.locator('a[href^="/managing/periods/per_"]').first().click();
    await page.waitForURL(/\/managing\/periods\/per_/);
    const sourcePeriodPath = new URL(page.url()).pathname;

    // 4. A parent asks an age exception for Tom (7) on an activity from 8 years; the manager accepts.
    const members = await asParent<{ items: Person[] }>(page, 'GET', '/me/delegated');
    expect(members.status).toBe(200);
    const tom = members.body.items.find((person) => person.firstName === 'Tom');
    expect(tom).toBeDefined();
    const catalog = await asParent<{ items: { id: string; name: string }[] }>(
      page,
      'GET',
      '/catalog/blueprints?pageSize=100',
    );
    const dance = catalog.body.items.find((activity) => activity.name === DANCE);
    expect(dance).toBeDefined();
    const detail = await asParent<{ sessions: { id: string; status: string }[] }>(
      page,
      'GET',
      `/catalog/blueprints/${dance!.id}`,
    );
    const sessions = detail.body.sessions.filter((session) => session.status !== 'cancelled').slice(0, 5);
    // One request for the sessions (an age exception for a term is asked once, not per session).
    const requested = await asParent<{ requests: { id: string; status: string }[] }>(
      page,
      'POST',
      '/registrations/request-groups',
      {
        serviceIds: sessions.map((session) => session.id),
        memberIds: [tom!.id],
        reason: 'age',
        note: 'Tom danse depuis deux ans avec sa sœur.',
      },
    );
    expect(requested.status).toBe(201);
    const asked = requested.body.requests.length;
    expect(asked).toBeGreaterThan(0);
    expect(requested.body.requests.every((p) => p.status === 'needs-review')).toBe(true);

    await page.goto(at('demo', '/registry'));
    await page.locator('[data-reviews-link]').getByText('1').waitFor();
    await page.locator('[data-reviews-link]').click();
    await page.waitForURL(/\/reviews$/);
    const request = page.locator('[data-review-item]').filter({ hasText: 'Tom Peeters' });
    await request.locator('[data-review-reason="age"]').getByText("Dérogation d'âge").waitFor();
    await request.getByText('Tom danse depuis deux ans avec sa sœur.').waitFor();
    await request.getByText('Entre 8 ans et 14 ans').waitFor();
    // The family and how to reach it.
    await request.locator('[data-family-contact]').getByRole('link', { name: 'parent@demo.test' }).waitFor();
    // One card for the whole request, its sessions listed.
    await expect(page.locator('[data-review-item]').count()).resolves.toBe(1);
    if (asked > 1) await request.getByText(`${asked} séances`).first().waitFor();
    await shoot(page, 'registry-09-reviews');
    await page.setViewportSize(PHONE);
    await shoot(page, 'registry-09-reviews-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await request.getByRole('button', { name: 'Accepter la demande de Tom Peeters' }).click();
    const decision = page.getByRole('dialog');
    await decision.getByLabel('Message à la famille (facultatif)').fill('Bienvenue Tom !');
    await decision.getByRole('button', { name: 'Accepter', exact: true }).click();
    await toast(page, 'La demande de Tom Peeters a été acceptée.');
    await page.getByText('Rien à traiter').waitFor();
    await shoot(page, 'registry-10-nothing-to-review');

    // 5. The next period is planned, then the source period's attendees are invited to it.
    await page.goto(at('demo', sourcePeriodPath));
    await page.getByRole('link', { name: 'Planifier la période suivante' }).click();
    await page.waitForURL(/\/plan-next$/);
    await page.locator('[data-plan-row]').first().waitFor();
    const nextName = await page.getByLabel('Nom', { exact: true }).inputValue();
    await page.locator('[data-confirm-plan]').click();
    await page.waitForURL(
      (url) => /\/managing\/periods\/per_/.test(url.pathname) && url.pathname !== sourcePeriodPath,
    );
    await page.getByRole('heading', { level: 1, name: nextName }).waitFor();

    await page.goto(at('demo', sourcePeriodPath));
    await page.getByRole('link', { name: 'Inviter les participants à la période suivante' }).click();
    await page.waitForURL(/\/invite-attendees$/);
    // The period planned from this one is the default target.
    const targetSelect = page.getByLabel('Période cible');
    await expect(targetSelect.locator('option:checked').textContent()).resolves.toBe(nextName);
    const lea = page
      .locator('[data-invite-candidate]')
      .filter({ hasText: 'Léa Peeters' })
      .filter({ hasText: PRIVATE_ACTIVITY });
    await lea.first().waitFor();
    await page.getByRole('button', { name: 'Tout désélectionner' }).click();
    await page.getByText('Sélectionnez les participants à inviter.').waitFor();
    await lea.first().getByRole('checkbox').check();
    await page.getByText('1 participant sera invité.').waitFor();
    await shoot(page, 'registry-11-invite');
    await page.locator('[data-confirm-invite]').click();
    const result = page.locator('[data-invite-result]');
    await result.getByText('1 participant invité').waitFor();
    await shoot(page, 'registry-12-invited');
    expect(errors).toEqual([]);
    await context.close();

    // 6. The parent sees the invitation on the dashboard ('Mes activités').
    const parent = await openPage(browser, PHONE);
    await signIn(parent.page, 'demo', 'parent@demo.test');
    const invitation = parent.page.locator('[data-invitation]').filter({ hasText: 'Léa' });
    await invitation.first().waitFor();
    await expect(invitation.first().textContent()).resolves.toContain(PRIVATE_ACTIVITY);
    const mine = await asParent<{ items: { status: string; member: { firstName: string } }[] }>(
      parent.page,
      'GET',
      '/me/registrations?pageSize=100',
    );
    expect(mine.body.items.some((item) => item.status === 'invited' && item.member.firstName === 'Léa')).toBe(
      true,
    );
    await shoot(parent.page, 'registry-13-parent-invitation');

    // The parent declines the invitation and cancels Léa's place in the private group, which then leaves
    // the family's catalogue again (the catalogue scenario browses it as this family).
    type Mine = { items: { id: string; status: string; service: { blueprintName: string } }[] };
    const all = await asParent<Mine>(parent.page, 'GET', '/me/registrations?pageSize=100');
    for (const item of all.body.items.filter((i) => i.service.blueprintName === PRIVATE_ACTIVITY)) {
      const action = item.status === 'invited' ? 'decline' : 'cancel';
      const answer = await asParent(parent.page, 'POST', `/me/registrations/${item.id}/${action}`, {});
      expect(answer.status).toBe(200);
    }
    expect(parent.errors).toEqual([]);
    await parent.context.close();
  });

  it('shows the registry as cards on a phone', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'manager@demo.test');
    await page.goto(at('demo', '/registry'));
    await page.locator('[data-registry-card]').first().waitFor();
    await expect(page.locator('[data-registry-table]').isVisible()).resolves.toBe(false);
    await shoot(page, 'registry-14-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
