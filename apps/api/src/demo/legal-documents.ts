import PDFDocument from 'pdfkit';
import type { Executor } from '../db/client';
import { users } from '../db/schema';
import { eq } from 'drizzle-orm';
import { createDocumentStore } from '../modules/documents/document-store';
import { embedFonts } from '../modules/documents/pdf/pdf-canvas';
import { createLibraryRepository } from '../modules/library/library.repository';
import { createLegalAcceptancesRepository } from '../modules/users/legal-acceptances.repository';

/** A short PDF of the demo's legal texts: a title and its paragraphs. */
function legalPdf(title: string, paragraphs: string[]): Promise<Buffer> {
  const doc = embedFonts(new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } }));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('bold').fontSize(18).text(title);
  doc.moveDown();
  doc.font('regular').fontSize(11);
  for (const paragraph of paragraphs) doc.text(paragraph).moveDown(0.6);
  doc.end();
  return ended;
}

const ROI = [
  'Article 1 — Inscriptions. Toute participation à une activité du club suppose une inscription préalable et le paiement de la commande.',
  "Article 2 — Annulations. Une séance annulée par la famille au moins 24 heures à l'avance donne droit à une récupération.",
  "Article 3 — Sécurité. Les enfants restent sous la responsabilité de leurs parents jusqu'au début de la séance.",
  'Article 4 — Respect. Chacun respecte les encadrants, les autres participants et le matériel du club.',
];

const MENTIONS = [
  'Club Sportif Démo ASBL — Avenue des Sports 12, 1050 Bruxelles — BE0403019261.',
  "Les données personnelles sont traitées pour la gestion des inscriptions et de la facturation, conformément au RGPD. Chaque membre peut demander l'export ou la suppression de ses données depuis son profil.",
];

/**
 * The demo club's published rules of procedure (ROI) and legal mentions, a week old, already accepted by
 * the demo's accounts (a new account is asked to accept them at its first sign-in).
 */
export async function seedLegalDocuments(db: Executor, organizationId: string, now: Date): Promise<void> {
  const publishedAt = new Date(now.getTime() - 7 * 86_400_000);
  const store = createDocumentStore(db, () => publishedAt);
  const library = createLibraryRepository(db);
  const acceptances = createLegalAcceptancesRepository(db);
  const accounts = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  for (const [kind, title, fileName, paragraphs] of [
    ['legal.roi', "Règlement d'ordre intérieur 2026", 'roi-v1.pdf', ROI],
    ['legal.mentions', 'Mentions légales', 'mentions-legales-v1.pdf', MENTIONS],
  ] as const) {
    const id = await store.create({
      organizationId,
      kind,
      title,
      fileName,
      contentType: 'application/pdf',
      version: 1,
    });
    await store.save(organizationId, id, await legalPdf(title, [...paragraphs]));
    await library.publish(organizationId, id, kind, publishedAt);
    const acceptedAt = new Date(publishedAt.getTime() + 3_600_000);
    for (const account of accounts) {
      await acceptances.record(organizationId, account.id, kind, { documentId: id, version: 1 }, acceptedAt);
    }
    await db
      .update(users)
      .set(
        kind === 'legal.roi' ? { hasAcceptedRoiAt: acceptedAt } : { hasAcceptedLegalMentionsAt: acceptedAt },
      )
      .where(eq(users.organizationId, organizationId));
  }
}
