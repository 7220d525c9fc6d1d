import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, browserAvailable, launch, openPage, PHONE, signIn, snap, waitForSignInCode } from './support';

/*
 * Documents (`/documents`): a club manager publishes a new ROI, and a parent signing in afterwards is asked
 * to accept it in a dialog that shows the document; a manager runs the members list report and sees it
 * being prepared, then downloads the file. The ROI is published in the paid demo club (aquatique), so the
 * other browser tests' accounts of the demo club are never asked to accept anything.
 */

/** A small PDF, checked by its content (`%PDF-`) by the server. */
const ROI_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

describe.skipIf(!browserAvailable)('documents', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a manager publishes a new ROI, and a parent signing in on a phone is asked to accept it', async () => {
    const manager = await openPage(browser);
    await signIn(manager.page, 'aquatique', 'admin@aquatique.test');
    await manager.page.goto(at('aquatique', '/documents'));
    await manager.page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    const upload = manager.page.locator('[data-legal-upload]');
    await upload.getByLabel('Type').selectOption('legal.roi');
    await upload.getByLabel('Titre (facultatif)').fill('Règlement 2027');
    await upload
      .getByLabel('Fichier PDF')
      .setInputFiles({ name: 'reglement-2027.pdf', mimeType: 'application/pdf', buffer: ROI_PDF });
    await upload.getByRole('button', { name: 'Déposer' }).click();
    await manager.page
      .getByText('Le document a été déposé. Publiez-le pour le rendre visible aux membres.')
      .waitFor();
    const publish = manager.page.getByRole('button', { name: 'Publier Règlement 2027' }).first();
    await publish.waitFor();
    await snap(manager.page, 'documents-legal-draft');
    await publish.click();
    const confirm = manager.page.getByRole('dialog', { name: 'Publier ce document ?' });
    await confirm.getByText(/chaque membre devra l'accepter à sa prochaine connexion/).waitFor();
    await confirm.getByRole('button', { name: 'Publier' }).click();
    await manager.page.getByText('Le document est publié.').waitFor();
    await manager.page
      .getByText(/^Publié le \d{2}\/\d{2}\/\d{4}$/)
      .first()
      .waitFor();
    expect(manager.errors).toEqual([]);
    await manager.context.close();

    // A parent of the club signs in (by a code: the club's families have no password).
    const parent = await openPage(browser, PHONE);
    const email = 'famille-aquatique-0@aquatique.test';
    await parent.page.goto(at('aquatique', '/login'));
    await parent.page.locator('#login-shell').waitFor({ state: 'detached' });
    await parent.page.getByRole('button', { name: 'Recevoir un code par e-mail' }).click();
    await parent.page.getByLabel('Adresse e-mail').fill(email);
    const since = Date.now() - 1000;
    await parent.page.getByRole('button', { name: 'Envoyer le code' }).click();
    await parent.page
      .getByRole('textbox', { name: 'Code de connexion' })
      .fill(await waitForSignInCode(email, since));
    await parent.page.getByRole('button', { name: 'Se connecter' }).click();

    const dialog = parent.page.getByRole('dialog', { name: 'Documents à accepter' });
    await dialog.waitFor();
    await dialog.getByText("Règlement d'ordre intérieur").waitFor();
    await dialog.getByText(/^Version 1 du \d{2}\/\d{2}\/\d{4}$/).waitFor();
    // The dialog cannot be dismissed: Escape leaves it open.
    await parent.page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await snap(parent.page, 'documents-accept-roi-phone');
    // The document asked for is the one published, downloaded as a PDF.
    const [download] = await Promise.all([
      parent.page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Lire le document' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('roi-v1.pdf');
    expect(fs.readFileSync((await download.path())!).equals(ROI_PDF)).toBe(true);

    await dialog.getByRole('button', { name: "J'ai lu et j'accepte" }).click();
    await parent.page.getByText('Merci, votre acceptation est enregistrée.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Signed in again, nothing more is asked.
    await parent.page.reload();
    await parent.page.getByRole('heading', { level: 1 }).first().waitFor();
    await parent.page.waitForLoadState('networkidle');
    expect(await parent.page.getByRole('dialog', { name: 'Documents à accepter' }).count()).toBe(0);
    expect(parent.errors).toEqual([]);
    await parent.context.close();
  });

  it('a manager runs the members list report, sees it being prepared, then downloads the file', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(page, 'demo', 'manager@demo.test');
    await page.goto(at('demo', '/documents'));
    const reports = page.locator('[data-reports]');
    await reports.getByLabel('Rapport').selectOption('report.members-list');
    await reports.getByLabel('Format').selectOption('csv');
    await reports.getByRole('button', { name: 'Lancer le rapport' }).click();
    // Its state from the start (waiting, then « n / total »), then the file.
    await reports.locator('[data-report-progress], [data-report-ready]').first().waitFor();
    const ready = reports.locator('[data-report-ready]');
    await ready.waitFor({ timeout: 30_000 });
    await page
      .getByText(/^Le rapport « Liste des membres du .* » est prêt\.$/)
      .first()
      .waitFor();
    await snap(page, 'documents-report-ready');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ready.getByRole('button', { name: 'Télécharger le rapport' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^liste-membres-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFDate;Heure;Activité;Nom;Prénom;Âge;Téléphone;Statut;Présent\r\n')).toBe(
      true,
    );
    // The report is kept with the documents.
    await page
      .locator('[data-documents-table]')
      .getByText(/^Liste des membres du /)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
