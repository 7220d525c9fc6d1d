import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  browserAvailable,
  launch,
  mailsFor,
  openPage,
  PHONE,
  showMenu,
  signIn,
  snap,
  greeting,
} from './support';

/*
 * A family's own screens: the onboarding overlay, 'Ma famille' (members and representatives), the
 * profile, and the links mailed to the family (e-mail change, representative invitation).
 */

const PASSWORD = 'Bienvenue2026';

let sequence = 0;
const newEmail = (name: string) => `${name}.${Date.now()}.${++sequence}@example.test`;

/** Signs a new parent up from /register (valid data) and waits for the dashboard. */
async function signUp(page: Page, person: { firstName: string; lastName: string; email: string }) {
  await page.goto(at('demo', '/register'));
  await page.getByLabel('Genre').selectOption('F');
  await page.getByLabel('Prénom').fill(person.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(person.lastName);
  await page.getByLabel('Date de naissance').fill('1987-04-09');
  await page.getByLabel('Adresse (rue et numéro)').fill('Rue des Tilleuls 12');
  await page.getByLabel('Code postal').fill('1348');
  await page.getByLabel('Ville').fill('Louvain-la-Neuve');
  await page.getByLabel('Pays').selectOption('BEL');
  await page.getByLabel('Téléphone').fill('+32 478 55 66 77');
  await page.getByLabel('Adresse e-mail').fill(person.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.waitForURL(at('demo', '/'));
  await page.getByRole('heading', { level: 1, name: greeting(person.firstName) }).waitFor();
}

const overlay = (page: Page) => page.getByRole('dialog', { name: 'Ajoutez les membres de votre famille' });

/** Waits until the family's state has loaded, then tells whether the overlay shows. */
async function overlayShown(page: Page): Promise<boolean> {
  await page.waitForLoadState('networkidle');
  return overlay(page).isVisible();
}

async function signOut(page: Page) {
  await page.goto(at('demo', '/'));
  await page.getByRole('heading', { level: 1 }).waitFor();
  await showMenu(page);
  await page.locator('[data-side-menu] [data-menu-footer="sign-out"]').click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** The link of the newest e-mail sent to `to` that contains `marker`. */
async function linkMailedTo(to: string, marker: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const file of mailsFor(to)) {
      const text = fs
        .readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const link = new RegExp(`https?://[^\\s"<>]*${marker}[^\\s"<>]*`).exec(text)?.[0];
      if (link) return link.replace(/&amp;/g, '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No e-mail with ${marker} sent to ${to} within 30 s`);
}

// Skipped without Chromium: "Browser tests skipped: Chromium not found. Install it (apt-get install chromium) or set CHROMIUM_PATH."
describe.skipIf(!browserAvailable)('a family', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new parent is prompted, adds two children (first with invalid data) and is not prompted again', async () => {
    const { page, context: browserContext, errors } = await openPage(browser);
    const email = newEmail('lucie.dumont');
    await signUp(page, { firstName: 'Lucie', lastName: 'Dumont', email });

    await overlay(page).waitFor();
    await page.waitForTimeout(300);
    await snap(page, 'family-1-onboarding-overlay');

    await overlay(page).getByRole('button', { name: 'Ajouter les membres de ma famille' }).click();
    await page.waitForURL(at('demo', '/delegations'));
    const drawer = page.getByRole('dialog', { name: 'Ajouter un membre de la famille' });
    await drawer.waitFor();
    await page.waitForTimeout(300);
    // The prompt is hidden on the family screen itself.
    expect(await overlay(page).count()).toBe(0);
    // A child carries the family's name; no e-mail or password is asked.
    expect(await drawer.getByLabel('Nom', { exact: true }).inputValue()).toBe('Dumont');
    await snap(page, 'family-2-add-form');

    await drawer.getByLabel('Prénom').fill('L');
    await drawer.getByLabel('Date de naissance').fill('2099-01-01');
    await drawer.getByLabel('Code postal').fill('12345');
    await drawer.getByLabel('Pays').selectOption('BEL');
    await drawer.getByLabel('Téléphone').fill('+32 123 456');
    await drawer.getByLabel('Adresse e-mail').fill('pas-une-adresse');
    await drawer.getByRole('button', { name: 'Ajouter à ma famille' }).click();
    await drawer.getByText('Ce champs est requis').waitFor();
    await drawer.getByText('Ce champ doit contenir au moins 2 caractères').waitFor();
    await drawer.getByText('La date ne peut pas être dans le futur').waitFor();
    await drawer.getByText('Code postal invalide pour le pays choisi').waitFor();
    await drawer.getByText('Numéro de téléphone invalide pour le pays choisi').waitFor();
    await drawer.getByText('Adresse e-mail invalide').waitFor();
    await snap(page, 'family-3-invalid-child');

    await drawer.getByLabel('Genre').selectOption('F');
    await drawer.getByLabel('Prénom').fill('Lina');
    await drawer.getByLabel('Date de naissance').fill('2017-05-12');
    await drawer.getByRole('button', { name: 'Reprendre mon adresse' }).click();
    expect(await drawer.getByLabel('Code postal').inputValue()).toBe('1348');
    await drawer.getByLabel('Téléphone').fill('');
    await drawer.getByLabel('Adresse e-mail').fill('');
    await drawer.getByRole('button', { name: 'Ajouter à ma famille' }).click();
    await page.getByText('Le membre délégué a été créé avec succès.').waitFor();
    await drawer.waitFor({ state: 'detached' });
    await page.locator('[data-family-member="Lina Dumont"]').waitFor();

    await page.getByRole('button', { name: 'Ajouter un membre' }).first().click();
    await drawer.waitFor();
    await drawer.getByLabel('Genre').selectOption('M');
    await drawer.getByLabel('Prénom').fill('Noé');
    await drawer.getByLabel('Date de naissance').fill('2020-09-03');
    await drawer.getByRole('button', { name: 'Ajouter à ma famille' }).click();
    await drawer.waitFor({ state: 'detached' });
    const noe = page.locator('[data-family-member="Noé Dumont"]');
    await noe.waitFor();
    await expect(noe.textContent()).resolves.toContain('Né le 03/09/2020');
    const lina = page.locator('[data-family-member="Lina Dumont"]');
    await expect(lina.textContent()).resolves.toContain('Née le 12/05/2017');
    await page.getByText('2 membres').waitFor();
    await snap(page, 'family-4-two-children');

    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await snap(page, 'family-5-two-children-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Signed out and in again: the step is done, no prompt.
    await signOut(page);
    await signIn(page, 'demo', email, PASSWORD);
    await page.getByRole('heading', { level: 1, name: greeting('Lucie') }).waitFor();
    expect(await overlayShown(page)).toBe(false);
    expect(await page.locator('[data-family-prompt]').count()).toBe(0);
    await snap(page, 'family-6-signed-in-again');

    expect(errors).toEqual([]);
    await browserContext.close();
  });

  it('another new parent puts the step off for the visit, then skips it: no prompt after a reload', async () => {
    const { page, context: browserContext, errors } = await openPage(browser, PHONE);
    await signUp(page, { firstName: 'Marc', lastName: 'Lemaire', email: newEmail('marc.lemaire') });
    await overlay(page).waitFor();
    // The dashboard's card waits until the overlay is put off: one prompt at a time.
    expect(await page.locator('[data-family-prompt]').count()).toBe(0);
    await page.waitForTimeout(300);
    await snap(page, 'family-7-phone-overlay');

    // 'Plus tard' hides it for this visit (this tab), the dashboard card stays as a way in.
    await overlay(page).getByRole('button', { name: 'Plus tard' }).click();
    expect(await overlay(page).count()).toBe(0);
    await page.locator('[data-family-prompt]').waitFor();
    await page.reload();
    expect(await overlayShown(page)).toBe(false);

    // A new visit (another tab) asks again; this time the step is skipped for good.
    const other = await browserContext.newPage();
    await other.goto(at('demo', '/catalog'));
    await overlay(other).waitFor();
    await overlay(other).getByRole('button', { name: 'Passer cette étape' }).click();
    await overlay(other).waitFor({ state: 'detached' });
    await other.reload();
    expect(await overlayShown(other)).toBe(false);
    await other.goto(at('demo', '/'));
    expect(await overlayShown(other)).toBe(false);
    expect(await other.locator('[data-family-prompt]').count()).toBe(0);
    await snap(other, 'family-8-phone-skipped');

    expect(errors).toEqual([]);
    await browserContext.close();
  });

  it('the profile shows the success texts, and a new e-mail waits for its link', async () => {
    const { page, context: browserContext, errors } = await openPage(browser);
    const email = newEmail('sophie.martin');
    await signUp(page, { firstName: 'Sophie', lastName: 'Martin', email });
    await page.goto(at('demo', '/profile'));
    await page.getByRole('heading', { level: 1, name: 'Mon profil' }).waitFor();
    const person = page.locator('[data-person-form]');
    await person.waitFor();
    await snap(page, 'family-9-profile');

    await person.getByLabel('Code postal').fill('12');
    await person.getByLabel('Téléphone').fill('+321');
    await person.getByRole('button', { name: 'Enregistrer mes coordonnées' }).click();
    await person.getByText('Ce champ doit contenir au moins 4 caractères').waitFor();
    await person.getByText('Ce champ doit contenir au moins 6 caractères').waitFor();
    await person.getByLabel('Code postal').fill('1300');
    await person.getByLabel('Ville').fill('Wavre');
    await person.getByLabel('Téléphone').fill('+32 478 00 11 22');
    await person.getByRole('button', { name: 'Enregistrer mes coordonnées' }).click();
    await page.getByText('Vos informations ont été mises à jour avec succès.').waitFor();

    const account = page.getByRole('form', { name: 'Mon compte' });
    await account.getByLabel('Prénom').fill('Sophia');
    await account.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Votre profil a été mis à jour avec succès.').first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Mon profil' }).waitFor();
    await snap(page, 'family-10-profile-updated');

    const next = newEmail('sophia.martin');
    await account.getByLabel('Adresse e-mail').fill(next);
    await account.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator(`[data-pending-email="${next}"]`).waitFor();
    await page.getByText(`Un lien de confirmation a été envoyé à ${next}.`).waitFor();
    // The current address stays until the link is followed.
    expect(await account.getByLabel('Adresse e-mail').inputValue()).toBe(email);
    await snap(page, 'family-11-email-pending');

    await page.goto(await linkMailedTo(next, 'type=email-change'));
    await page.getByRole('heading', { name: 'Adresse e-mail modifiée' }).waitFor();
    await page.getByText(`votre adresse e-mail est désormais ${next}`).waitFor();
    await snap(page, 'family-12-email-confirmed');

    expect(errors).toEqual([]);
    await browserContext.close();
  });

  it('a parent invites a second parent, who signs in from the link and joins the family', async () => {
    const first = await openPage(browser);
    await signUp(first.page, { firstName: 'Anne', lastName: 'Leroy', email: newEmail('anne.leroy') });
    await first.page.goto(at('demo', '/delegations?onboarding-action=add-family-members'));
    const drawer = first.page.getByRole('dialog', { name: 'Ajouter un membre de la famille' });
    await drawer.getByLabel('Genre').selectOption('M');
    await drawer.getByLabel('Prénom').fill('Hugo');
    await drawer.getByLabel('Date de naissance').fill('2015-02-20');
    await drawer.getByRole('button', { name: 'Ajouter à ma famille' }).click();
    await first.page.locator('[data-family-member="Hugo Leroy"]').waitFor();

    const secondEmail = newEmail('paul.leroy');
    await first.page.getByRole('button', { name: 'Ajouter un représentant' }).click();
    const invite = first.page.getByRole('dialog', { name: 'Ajouter un représentant' });
    await invite.getByLabel('Adresse e-mail').fill(secondEmail);
    await invite.getByLabel('Prénom (facultatif)').fill('Paul');
    await invite.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await first.page.getByText('Le représentant a été ajouté avec succès.').waitFor();
    await first.page.locator(`[data-invitation="${secondEmail}"]`).waitFor();
    await first.page.waitForTimeout(300);
    await snap(first.page, 'family-13-invitation-pending');

    // The second parent has an account, signs out, then follows the link.
    const second = await openPage(browser, PHONE);
    await signUp(second.page, { firstName: 'Paul', lastName: 'Leroy', email: secondEmail });
    await signOut(second.page);
    await second.page.goto(await linkMailedTo(secondEmail, 'type=representative-invitation'));
    await second.page.getByRole('heading', { name: 'Invitation à rejoindre une famille' }).waitFor();
    await second.page.getByText('Anne Leroy vous invite à gérer sa famille').waitFor();
    await second.page.getByText('Membres de la famille : Hugo').waitFor();
    await snap(second.page, 'family-14-phone-invitation');
    await second.page.getByRole('link', { name: 'Se connecter pour accepter' }).click();
    await second.page.waitForURL((url) => url.pathname === '/login');
    expect(await second.page.getByLabel('Adresse e-mail').inputValue()).toBe(secondEmail);
    await second.page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await second.page.getByRole('button', { name: 'Se connecter' }).click();
    await second.page.getByRole('button', { name: "Accepter l'invitation" }).click();
    await second.page.getByRole('heading', { name: 'Bienvenue dans la famille' }).waitFor();
    await second.page.getByRole('link', { name: 'Voir ma famille' }).click();
    await second.page.locator('[data-family-member="Hugo Leroy"]').waitFor();
    await second.page.locator('[data-representative]').first().waitFor();
    await snap(second.page, 'family-15-phone-joined');

    await first.page.reload();
    await first.page.locator('[data-representative]').first().waitFor();
    expect(await first.page.locator(`[data-invitation="${secondEmail}"]`).count()).toBe(0);

    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('a parent removes a member after confirming, and deletes the account with the French phrase', async () => {
    const { page, context: browserContext, errors } = await openPage(browser);
    const email = newEmail('julie.renard');
    await signUp(page, { firstName: 'Julie', lastName: 'Renard', email });
    await page.goto(at('demo', '/delegations?onboarding-action=add-family-members'));
    const drawer = page.getByRole('dialog', { name: 'Ajouter un membre de la famille' });
    await drawer.getByLabel('Genre').selectOption('F');
    await drawer.getByLabel('Prénom').fill('Zoé');
    await drawer.getByLabel('Date de naissance').fill('2019-07-01');
    await drawer.getByRole('button', { name: 'Ajouter à ma famille' }).click();
    await page.locator('[data-family-member="Zoé Renard"]').waitFor();

    await page.getByRole('button', { name: 'Modifier Zoé Renard' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier Zoé Renard' });
    await edit.getByLabel('Prénom').fill('Zoë');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Le membre délégué a été mis à jour avec succès.').waitFor();
    await page.locator('[data-family-member="Zoë Renard"]').waitFor();

    await page.getByRole('button', { name: 'Retirer Zoë Renard de la famille' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retirer Zoë Renard de votre famille ?' });
    await confirm.getByText('seront alors annulées selon les conditions').waitFor();
    await page.waitForTimeout(300);
    await snap(page, 'family-16-remove-confirmation');
    await confirm.getByRole('button', { name: 'Retirer de ma famille' }).click();
    await page.getByText('Le membre délégué a été supprimé avec succès.').waitFor();
    await page.getByText("Aucun membre pour l'instant").waitFor();

    await page.goto(at('demo', '/profile'));
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
    await dialog.getByText('10 ans en Belgique et en France').waitFor();
    await dialog.getByLabel('Votre mot de passe').fill(PASSWORD);
    await dialog.getByLabel('Pour confirmer, saisissez SUPPRIMER').fill('DELETE');
    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await dialog.getByText('Saisissez SUPPRIMER pour confirmer la suppression').waitFor();
    await page.waitForTimeout(300);
    await snap(page, 'family-17-delete-account');
    await dialog.getByLabel('Pour confirmer, saisissez SUPPRIMER').fill('SUPPRIMER');
    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Votre compte a été supprimé. Au revoir !').waitFor();

    // The address is free again: signing in with it fails.
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/login');

    expect(errors).toEqual([]);
    await browserContext.close();
  });
});
