import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, launch, openPage, PHONE, signIn, snap } from './support';

/*
 * Issue 4, the managers' side: an activity is described (its invalid values first, with the messages of
 * spec section 5), a weekly series is scheduled for it across the spring daylight-saving change, a
 * period gathers that series, and the next period is planned from it.
 */

const SUFFIX = Date.now().toString(36).slice(-5);
const ACTIVITY = `Judo e2e ${SUFFIX}`;
const PERIOD = `Printemps e2e ${SUFFIX}`;
const NEXT_PERIOD = `Été e2e ${SUFFIX}`;

/** A 320×180 PNG: a diagonal gradient from green to blue (the activity's image). */
function gradientPng(): Buffer {
  const width = 320;
  const height = 180;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      rows.set(
        [Math.round(22 + t * 15), Math.round(163 - t * 64), Math.round(74 + t * 161)],
        row + 1 + x * 3,
      );
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Full-page screenshots read best from the top (a focused field scrolls the page). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** Waits for a notification with this text (sonner toasts). */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

describe.skipIf(!browserAvailable)('a manager sets up an activity, its sessions and its periods', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates an activity, a weekly series, a period holding it, and plans the next period', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, 'demo', 'manager@demo.test');

    // The activities, then a new one.
    await page.goto(at('demo', '/managing/blueprints'));
    await page.locator('[data-blueprint-row]').first().waitFor();
    await shoot(page, 'managing-01-blueprints');
    await page.getByRole('link', { name: 'Nouvelle activité' }).first().click();
    await page.waitForURL(at('demo', '/managing/blueprints/new'));

    // Invalid values first: the spec's messages, under their fields, and nothing sent.
    const colour = page.getByLabel('Couleur', { exact: true });
    await colour.fill('bleu');
    await page.getByLabel('Âge minimum (facultatif)').fill('30');
    await page.getByLabel('Âge maximum (facultatif)').fill('12');
    await page.getByRole('button', { name: "Créer l'activité" }).click();
    await page.getByText('Respectez le format de la valeur').waitFor();
    await page.getByText("L'âge minimum ne peut pas être supérieur à l'âge maximum").waitFor();
    const name = page.getByLabel('Nom', { exact: true });
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    const nameError = await name.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${nameError}"]`).textContent()).resolves.toBe('Ce champs est requis');
    expect(page.url()).toBe(at('demo', '/managing/blueprints/new'));
    await shoot(page, 'managing-02-blueprint-invalid');

    // Then valid ones.
    await page
      .locator('[data-image-input]')
      .setInputFiles({ name: 'judo.png', mimeType: 'image/png', buffer: gradientPng() });
    const image = page.locator('[data-image-preview] img');
    await image.waitFor();
    await expect(image.getAttribute('src')).resolves.toMatch(/^\/api\/assets\/serve\/ast_[^?]+\?orgId=org_/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-image-preview] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await expect(image.evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(320);
    await name.fill(ACTIVITY);
    await page.getByLabel('Description (facultatif)').fill('Initiation au judo pour les enfants.');
    await page.getByLabel('Description privée (facultatif)').fill('Prévoir les tatamis de la salle 2.');
    await page.getByRole('radio', { name: /^Publique/ }).check();
    await page.getByLabel('Prix', { exact: true }).fill('12,50');
    await page.getByLabel('TVA').fill('6');
    await page.getByLabel('Durée', { exact: true }).fill('90');
    await page.getByLabel('Nombre de places').fill('12');
    await page.getByLabel('Lieu (facultatif)').fill('Dojo');
    await page.getByLabel('Âge minimum (facultatif)').fill('6');
    await page.getByLabel('Âge maximum (facultatif)').fill('12');
    await page.getByText('Entre 6 ans et 12 ans').waitFor();
    await page.getByText("Inclus : jusqu'à la veille de ses 13 ans.").waitFor();
    await colour.fill('#16A34A');
    await page.getByRole('button', { name: 'Ajouter un supplément' }).click();
    await page.getByLabel('Nom du supplément').fill('Kimono');
    await page.locator('[data-supplements] li').getByLabel('Prix').fill('25');
    await page.getByRole('button', { name: "Créer l'activité" }).click();
    await page.waitForURL(/\/managing\/blueprints\/bp_/);
    await toast(page, "L'activité a été créée avec succès.");
    await page.getByRole('heading', { level: 1, name: ACTIVITY }).waitFor();
    await page.locator('[data-image-preview] img').waitFor();
    await page.getByText('Aucune séance à venir').first().waitFor();
    await shoot(page, 'managing-03-blueprint-created');
    const blueprintPath = new URL(page.url()).pathname;

    // A weekly series, Monday and Wednesday at 17:00 across the end of March (summer time starts on
    // 28 March 2027), Easter Monday skipped.
    await page.getByRole('link', { name: 'Programmer des séances' }).first().click();
    await page.waitForURL(/\/services\/create\?blueprintId=bp_/);
    await expect(page.getByLabel('Durée (minutes)').inputValue()).resolves.toBe('90');
    await expect(page.getByLabel('Nombre de places').inputValue()).resolves.toBe('12');
    await page.getByLabel('Lundi').check();
    await page.getByLabel('Mercredi').check();
    await page.getByLabel('Heure', { exact: true }).fill('17:00');
    await page.getByLabel('Du', { exact: true }).fill('2027-03-01');
    await page.getByLabel('Au', { exact: true }).fill('2027-04-30');
    await page.getByLabel('Jours exclus (facultatif)').fill('2027-04-05');
    await page.getByRole('button', { name: 'Exclure' }).click();
    await page.getByLabel(/Hugo Martin/).check();
    await page.getByRole('button', { name: "Voir l'aperçu" }).click();
    const dates = page.locator('[data-preview-date]');
    await dates.first().waitFor();
    const shown = await dates.allTextContents();
    expect(shown).toHaveLength(17);
    expect(shown[0]).toBe('lun. 01/03/2027 17:00');
    expect(shown).toContain('lun. 29/03/2027 17:00');
    expect(shown).not.toContain('lun. 05/04/2027 17:00');
    expect(shown.every((text) => text.endsWith(' 17:00'))).toBe(true);
    await shoot(page, 'managing-04-series-preview');
    await page.getByRole('button', { name: 'Créer 17 séances' }).click();
    await page.waitForURL(at('demo', blueprintPath));
    await toast(page, '17 séances ont été créées.');
    await page.locator('[data-upcoming-sessions]').getByText('17 séances à venir').waitFor();
    await shoot(page, 'managing-05-blueprint-with-sessions');

    // A period, then the series put in it from its sessions screen.
    await page.goto(at('demo', '/managing/periods'));
    await page.getByRole('link', { name: 'Nouvelle période' }).first().click();
    await page.waitForURL(at('demo', '/periods/create'));
    await page.getByLabel('Nom', { exact: true }).fill(PERIOD);
    await page.getByLabel('Date de début').fill('2027-03-01');
    await page.getByLabel('Date de fin').fill('2027-04-30');
    await page.getByLabel('Date', { exact: true }).fill('2027-02-01');
    await page.getByLabel('Heure', { exact: true }).fill('09:00');
    await shoot(page, 'managing-06-period-create');
    await page.getByRole('button', { name: 'Créer la période' }).click();
    await page.waitForURL(/\/managing\/periods\/per_/);
    await page.getByRole('heading', { level: 1, name: PERIOD }).waitFor();
    await page.getByText('01/02/2027 09:00').waitFor();
    await page.getByText('Aucune séance dans cette période').waitFor();
    const periodPath = new URL(page.url()).pathname;

    await page.getByRole('link', { name: 'Gérer les séances' }).click();
    await page.waitForURL(/\/manage-services$/);
    await page.getByLabel('Activité', { exact: true }).selectOption({ label: ACTIVITY });
    const group = page.locator('[data-to-add] [data-session-group]').filter({ hasText: ACTIVITY });
    await group.getByText('17 séances, du 01/03/2027 au 28/04/2027 · lun. 17:00 · mer. 17:00').waitFor();
    await shoot(page, 'managing-07-manage-services');
    await group.getByRole('button', { name: 'Ajouter la série' }).click();
    await toast(page, '17 séances ont été ajoutées à la période.');
    await page.locator('[data-in-period]').getByText('Dans la période : 17 séances').waitFor();
    await shoot(page, 'managing-08-series-in-period');

    // The next period, planned from this one.
    await page.goto(at('demo', periodPath));
    await page.locator('[data-period-session]').first().waitFor();
    await page.getByRole('link', { name: 'Planifier la période suivante' }).click();
    await page.waitForURL(/\/plan-next$/);
    const weeks = page.getByLabel('Décalage (semaines)');
    // Prefilled once the period's sessions have loaded.
    await expect.poll(() => weeks.inputValue(), { timeout: 15_000 }).toMatch(/^\d+$/);
    await page.locator('[data-plan-row]').filter({ hasText: ACTIVITY }).first().waitFor();
    await weeks.fill('10');
    await page.locator('[data-new-period-dates]').getByText('10/05/2027 – 09/07/2027').waitFor();
    const rows = page.locator('[data-plan-next-form] table [data-plan-row]');
    await rows.first().getByText('lun. 10/05/2027 17:00').waitFor();
    expect(await rows.count()).toBe(17);
    await expect(rows.first().textContent()).resolves.toContain('Hugo Martin');
    await page.getByLabel('Nom', { exact: true }).fill(NEXT_PERIOD);
    await shoot(page, 'managing-09-plan-next');
    await page.getByRole('button', { name: 'Créer la période et 17 séances' }).click();
    await page.waitForURL(
      (url) => /\/managing\/periods\/per_/.test(url.pathname) && url.pathname !== periodPath,
    );
    await toast(page, `La période « ${NEXT_PERIOD} » a été créée avec 17 séances.`);
    await page.getByRole('heading', { level: 1, name: NEXT_PERIOD }).waitFor();
    await page.getByText('10/05/2027 – 09/07/2027').first().waitFor();
    const copied = page.locator('[data-period-session]');
    await copied.first().getByText(ACTIVITY).waitFor();
    await expect(copied.first().textContent()).resolves.toContain('10/05/2027 17:00');
    await page.getByText('17 séances').first().waitFor();
    await shoot(page, 'managing-10-next-period');
    const nextPeriodPath = new URL(page.url()).pathname;
    expect(errors).toEqual([]);
    await context.close();

    // The same on a phone: the new period and the activity.
    const phone = await openPage(browser, PHONE);
    await signIn(phone.page, 'demo', 'manager@demo.test');
    await phone.page.goto(at('demo', nextPeriodPath));
    await phone.page.locator('[data-period-session]').first().waitFor();
    await shoot(phone.page, 'managing-11-phone-next-period');
    await phone.page.goto(at('demo', blueprintPath));
    await phone.page.getByRole('heading', { level: 1, name: ACTIVITY }).waitFor();
    // Its own 17 sessions and the 17 copied into the next period.
    await phone.page.locator('[data-upcoming-sessions]').getByText('34 séances à venir').waitFor();
    await phone.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-image-preview] img');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await shoot(phone.page, 'managing-12-phone-blueprint');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
