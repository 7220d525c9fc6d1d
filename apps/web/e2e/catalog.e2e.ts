import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, launch, openPage, PHONE, showMenu, signIn, snap } from './support';

/** The activity cards on screen, by name. */
async function cardNames(page: Page): Promise<string[]> {
  const cards = page.locator('[data-activity]');
  return cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-activity') ?? ''));
}

/** Waits until the catalogue shows exactly these activities (the search is debounced). */
async function expectCards(page: Page, names: string[]): Promise<void> {
  await expect.poll(() => cardNames(page), { timeout: 10_000 }).toEqual(names);
}

/** The seeded activities a family may browse (other scenarios of the run may add more). */
const FAMILY_ACTIVITIES = [
  'Bébés nageurs',
  'Danse moderne',
  'Football 6-12 ans',
  'Natation enfants',
  'Stage multisports de Toussaint',
  'Tennis',
  'Yoga adultes',
];

/** Waits until the catalogue shows at least these activities, and none of `absent`. */
async function expectCardsInclude(page: Page, names: string[], absent: string[] = []): Promise<void> {
  await expect
    .poll(
      async () => {
        const shown = await cardNames(page);
        return names.every((name) => shown.includes(name)) && absent.every((name) => !shown.includes(name));
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

/** The text of the browser's fetch of a URL of the app's own origin (the iCalendar feed). */
async function fetchText(page: Page, url: string): Promise<{ status: number; type: string; body: string }> {
  return page.evaluate(async (address) => {
    // The feed is cacheable for calendar apps: the browser must ask again each time here.
    const response = await fetch(address, { cache: 'no-store' });
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      body: await response.text(),
    };
  }, url);
}

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('catalogue and calendar (issue 4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a parent browses the catalogue on a phone, searches, filters and opens an activity', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'parent@demo.test');
    await showMenu(page);
    await page.getByRole('link', { name: "Catalogue d'activités" }).click();
    await page.waitForURL(at('demo', '/catalog'));
    await page.getByRole('heading', { level: 1, name: "Catalogue d'activités" }).waitFor();
    // Public and protected activities; the hidden drafts and the private competition group are not shown.
    await expectCardsInclude(page, FAMILY_ACTIVITIES, [
      'Aquagym prénatale',
      'Mini-basket',
      'Groupe compétition natation',
    ]);
    await page
      .locator('[data-result-count]')
      .getByText(/^\d+ activités$/)
      .waitFor();
    const dance = page.locator('[data-activity="Danse moderne"]');
    expect(await dance.locator('[data-price]').textContent()).toBe('dès 9,00 €');
    await dance.getByText('Entre 8 ans et 14 ans').waitFor();
    await dance.getByText('15 places').waitFor();
    await snap(page, 'catalog-1-phone-list');

    // Search: one request once typing pauses.
    await page.getByRole('searchbox', { name: 'Rechercher une activité' }).fill('natation');
    await expectCards(page, ['Natation enfants']);
    await snap(page, 'catalog-2-phone-search');
    await page.getByRole('button', { name: 'Effacer la recherche' }).click();
    await expectCardsInclude(page, FAMILY_ACTIVITIES);

    // Filters fold under one button on phones.
    await page.getByRole('button', { name: 'Filtres', exact: true }).click();
    await page.getByLabel('Établissement').selectOption({ label: 'Piscine communale' });
    await expectCards(page, ['Bébés nageurs', 'Natation enfants']);
    await snap(page, 'catalog-3-phone-establishment');

    // The 'Pour' filter offers the family's members (GET /me/delegated); the day of week narrows the list.
    const forMember = await page.locator('[data-filter="member"] option').allTextContents();
    expect(forMember).toEqual(expect.arrayContaining(['Léa Peeters', 'Tom Peeters']));
    await page.getByLabel('Jour').selectOption({ label: 'Samedi' });
    await expectCards(page, ['Bébés nageurs']);
    expect(new URL(page.url()).search).toBe('?establishmentId=est_piscine&dayOfWeek=6');
    await snap(page, 'catalog-4-phone-day');

    // The activity's page: details, supplements, upcoming sessions, and the registration form (the
    // registration scenario takes it further).
    await page.locator('[data-activity="Bébés nageurs"] [data-activity-link]').click();
    await page.waitForURL((url) => url.pathname.startsWith('/catalog/blueprints/'));
    await page.getByRole('heading', { level: 1, name: 'Bébés nageurs' }).waitFor();
    await page.locator('[data-register]').waitFor();
    expect(await page.locator('[data-member-option]').count()).toBeGreaterThanOrEqual(2);
    await page.getByText('Bonnet de bain').first().waitFor();
    await page.getByText('Entre 6 mois et 3 ans').first().waitFor();
    const sessions = page.locator('[data-register-session]');
    await sessions.first().waitFor();
    expect(await sessions.count()).toBeGreaterThan(3);
    await sessions
      .first()
      .getByText(/^\d+ places? libres?$/)
      .waitFor();
    await snap(page, 'catalog-5-phone-activity');

    // Back to the list the parent left, filters kept.
    await page.getByRole('link', { name: 'Retour au catalogue' }).click();
    await page.waitForURL(at('demo', '/catalog?establishmentId=est_piscine&dayOfWeek=6'));
    await expectCards(page, ['Bébés nageurs']);

    // 'Mes activités': the family's calendar (empty, or the sessions other scenarios registered).
    await page.goto(at('demo', '/calendar'));
    await page
      .getByText('Aucune séance à venir pour votre famille')
      .or(page.locator('[data-calendar-item]').first())
      .waitFor();
    await snap(page, 'catalog-6-phone-family-calendar');

    expect(errors).toEqual([]);
    await context.close();
  });

  it("the manager's week shows the sessions, and the subscription address is created and regenerated", async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, 'demo', 'manager@demo.test');
    await page.goto(at('demo', '/calendar'));
    await page.getByRole('heading', { level: 1, name: 'Calendrier des séances' }).waitFor();
    await page
      .locator('[data-calendar-view="week"]')
      .or(page.getByText('Aucune séance cette semaine'))
      .waitFor();
    // The seed's weekly sessions: a week without any (a school holiday) moves on to the next one.
    const items = page.locator('[data-calendar-view="week"] [data-calendar-item]');
    for (let week = 0; week < 4 && (await items.count()) === 0; week++) {
      await page.locator('[data-calendar-next]').click();
      await page.waitForTimeout(500);
    }
    await items.first().waitFor();
    expect(await page.locator('[data-calendar-view="week"] [data-day]').count()).toBe(7);
    const firstDay = await page
      .locator('[data-calendar-view="week"] [data-day]')
      .first()
      .getAttribute('data-day');
    expect(new Date(`${firstDay}T12:00:00Z`).getUTCDay()).toBe(1);
    await snap(page, 'calendar-1-manager-week');

    await items.first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Places réservées').waitFor();
    await drawer.getByRole('link', { name: 'Gérer la séance' }).waitFor();
    await page.waitForTimeout(300);
    await snap(page, 'calendar-2-manager-details');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Mois', exact: true }).click();
    await page.locator('[data-calendar-view="month"] [data-calendar-item]').first().waitFor();
    await snap(page, 'calendar-3-manager-month');

    // The subscription: created on demand, a secret iCalendar address.
    await page.getByRole('button', { name: "Créer mon adresse d'abonnement" }).click();
    await page.getByText("Votre adresse d'abonnement est prête.").waitFor();
    const field = page.locator('[data-feed-url]');
    const first = await field.inputValue();
    expect(first).toMatch(/^http:\/\/demo\.localhost:\d+\/api\/calendar\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetchText(page, first);
    expect(feed.status).toBe(200);
    expect(feed.type).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('BEGIN:VEVENT');
    await page.getByRole('button', { name: 'Copier' }).click();
    await page.getByText(/Adresse copiée dans le presse-papiers\.|La copie a échoué/).waitFor();
    await snap(page, 'calendar-4-feed-created');

    // Regenerating asks first, then the old address stops working.
    await page.locator('[data-feed-regenerate]').click();
    const confirm = page.getByRole('dialog', { name: "Régénérer l'adresse d'abonnement ?" });
    await confirm.getByText("L'ancienne adresse cessera de fonctionner").waitFor();
    await snap(page, 'calendar-5-feed-confirm');
    await confirm.getByRole('button', { name: 'Régénérer' }).click();
    await page.getByText("Nouvelle adresse créée : l'ancienne ne fonctionne plus.").waitFor();
    await expect.poll(() => field.inputValue()).not.toBe(first);
    const second = await field.inputValue();
    expect(second).toMatch(/\/api\/calendar\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await fetchText(page, first)).status).toBe(404);
    expect((await fetchText(page, second)).status).toBe(200);
    await snap(page, 'calendar-6-feed-regenerated');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('the manager reads the week day by day on a phone', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'manager@demo.test');
    await page.goto(at('demo', '/calendar'));
    await page.locator('[data-calendar-view="list"]').waitFor();
    expect(await page.locator('[data-calendar-view="list"] [data-day]').count()).toBe(7);
    await snap(page, 'calendar-7-manager-phone-week');
    await page.getByRole('button', { name: 'Mois', exact: true }).click();
    await page.locator('[data-calendar-view="month"]').waitFor();
    await snap(page, 'calendar-8-manager-phone-month');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a holder sees their sessions and declares an absence', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page, 'demo', 'holder@demo.test');
    await showMenu(page);
    await page.getByRole('link', { name: 'Activités' }).click();
    await page.waitForURL(at('demo', '/holdings/services'));
    await page.getByRole('heading', { level: 1, name: 'Mes séances' }).waitFor();
    const sessions = page.locator('[data-service]');
    await sessions.first().waitFor();
    await snap(page, 'holdings-1-phone-sessions');

    // A session further away than the ones other scenarios may look at, and not one the seed cancelled
    // (which ones depends on today's date).
    await page.locator('[data-service]:not([data-status="cancelled"])').nth(4).locator('a').click();
    await page.waitForURL((url) => url.pathname.startsWith('/holdings/services/'));
    await page.getByText('(vous)').waitFor();
    await page.getByRole('heading', { name: 'Présences', exact: true }).first().waitFor();
    await snap(page, 'holdings-2-phone-session');

    await page.getByRole('link', { name: 'Déclarer une absence' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/holdings/prestations/'));
    await page.getByLabel('Note (facultative)').fill('Stage de formation ce jour-là');
    await page.getByRole('button', { name: 'Déclarer mon absence' }).click();
    const confirm = page.getByRole('dialog', { name: 'Déclarer votre absence ?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Déclarer mon absence' }).click();
    await page.getByText('Vous avez déclaré votre absence pour cette séance.').waitFor();
    await page.getByText('Stage de formation ce jour-là').waitFor();
    await snap(page, 'holdings-3-phone-absence');

    expect(errors).toEqual([]);
    await context.close();
  });
});
