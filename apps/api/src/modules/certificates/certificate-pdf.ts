import { formatMoney, type Locale } from '@inscrio/shared';
import { detectImageType } from '../../lib/image-type';
import { COLOR, CONTENT_WIDTH, LEFT, PdfCanvas, SMALL, TOP } from '../documents/pdf/pdf-canvas';
import type { CertificateFacts, PartyFacts } from './certificate-facts';
import { CERTIFICATE_LABELS as LABELS } from './certificate-labels';

/*
 * The certificates as PDF, in the member's language, one certificate per page (a batch is one file of all
 * its certificates). The seal and the signature are drawn as uploaded (PNG alpha kept by pdfkit). The
 * creation date is the issue instant, so rendering the same facts again gives the same bytes.
 */

export interface CertificateImages {
  seal: Buffer | null;
  signature: Buffer | null;
}

export interface RenderableCertificate {
  facts: CertificateFacts;
  images: CertificateImages;
  /** Opened national register numbers (281.86 only). */
  childNationalNumber?: string | null;
  debtorNationalNumber?: string | null;
}

const day = (iso: string | null | undefined) =>
  iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '—';

const addressOf = (p: { address: string | null; postalCode: string | null; city: string | null }) =>
  [p.address, [p.postalCode, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** pdfkit's opened image (its typings leave `openImage` out): `image()` takes it and embeds it once. */
type OpenedImage = { width: number; height: number };
type ImageOpening = { openImage(src: Buffer): OpenedImage };

class CertificateCanvas extends PdfCanvas {
  private readonly embedded = new Map<Buffer, OpenedImage>();

  startCertificate(first: boolean) {
    if (!first) this.doc.addPage();
    this.y = TOP;
  }

  line(text: string, style: Parameters<PdfCanvas['text']>[4] = {}) {
    this.paragraph(text, style);
  }

  /** A table row of the periods: six columns, as tall as its tallest cell. */
  row(cells: string[], head: boolean) {
    const widths = [150, 70, 70, 40, 80, 85];
    const style = (i: number) =>
      ({ font: head ? 'bold' : 'regular', size: SMALL + 0.5, align: i >= 3 ? 'right' : 'left' }) as const;
    const height = 8 + Math.max(...cells.map((cell, i) => this.heightOf(cell, widths[i]! - 4, style(i))));
    this.ensureSpace(height);
    let x = LEFT;
    cells.forEach((cell, i) => {
      this.text(cell, x + 2, this.y + 4, widths[i]! - 4, style(i));
      x += widths[i]!;
    });
    this.doc
      .moveTo(LEFT, this.y + height)
      .lineTo(LEFT + CONTENT_WIDTH, this.y + height)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    this.y += height;
  }

  /** An empty framed box (the mutuality's sticker goes there). */
  box(label: string, height: number) {
    this.ensureSpace(height + 16);
    this.text(label, LEFT, this.y, 200, { size: SMALL, color: COLOR.muted });
    this.doc
      .rect(LEFT, this.y + 12, 170, height)
      .lineWidth(0.75)
      .dash(3, { space: 3 })
      .strokeColor(COLOR.rule)
      .stroke();
    this.doc.undash();
    this.y += height + 22;
  }

  /** The seal and the signature side by side, each with its caption (or « absent » when not given). */
  stamps(images: CertificateImages, captions: { seal: string; signature: string; missing: string }) {
    const box = 110;
    this.ensureSpace(box + 30);
    const top = this.y;
    const draw = (image: Buffer | null, x: number, caption: string) => {
      this.text(caption, x, top, 200, { size: SMALL, color: COLOR.muted });
      const type = image ? detectImageType(image) : undefined;
      if (image && (type === 'image/png' || type === 'image/jpeg')) {
        try {
          // Opened once per buffer: a batch's pages share one embedded copy of each image.
          let embedded = this.embedded.get(image);
          if (!embedded) {
            embedded = (this.doc as unknown as ImageOpening).openImage(image);
            this.embedded.set(image, embedded);
          }
          this.doc.image(embedded as unknown as Buffer, x, top + 14, { fit: [box, box - 20] });
          return;
        } catch {
          // A damaged image must not stop the certificate: the caption says it is missing.
        }
      }
      this.text(captions.missing, x, top + 30, 200, { size: SMALL, color: COLOR.overdue });
    };
    draw(images.seal, LEFT, captions.seal);
    draw(images.signature, LEFT + 250, captions.signature);
    this.y = top + box + 10;
  }
}

function person(t: (typeof LABELS)['fr'], p: PartyFacts): string[] {
  return [
    `${p.firstName} ${p.lastName}`,
    p.birthdate ? `${t.bornOn} ${day(p.birthdate)}` : '',
    addressOf(p),
  ].filter(Boolean);
}

function draw(canvas: CertificateCanvas, cert: RenderableCertificate, duplicate: boolean) {
  const { facts, images } = cert;
  const t = LABELS[facts.locale] ?? LABELS.fr;
  const org = facts.organization;
  const money = (cents: number) => formatMoney(cents, facts.locale);

  canvas.line(t.title[facts.kind](facts.year), { font: 'bold', size: 15, color: COLOR.accent });
  canvas.line(`${t.number} ${facts.number}${facts.part > 1 ? ` (${facts.part})` : ''}`, { font: 'bold' });
  if (duplicate) canvas.line(t.duplicate, { font: 'bold', size: 13, color: COLOR.overdue });
  if (facts.kind === 'tax') canvas.line(t.legalBasis, { size: SMALL, color: COLOR.muted });

  canvas.gap(4);
  canvas.line(t.organization.toUpperCase(), { font: 'bold', size: SMALL, color: COLOR.muted });
  canvas.line(org.name, { font: 'bold' });
  const orgLines = [
    addressOf(org),
    org.enterpriseNumber ? `${t.enterprise} ${org.enterpriseNumber}` : '',
    [org.email, org.phone].filter(Boolean).join(' · '),
  ].filter(Boolean);
  for (const text of orgLines) canvas.line(text);
  if (facts.kind === 'health-mutual' && org.recognitionText)
    canvas.line(org.recognitionText, { font: 'italic' });
  if (facts.kind === 'tax') {
    canvas.line(t.frame1.toUpperCase(), { font: 'bold', size: SMALL, color: COLOR.muted });
    canvas.line(org.taxApprovalBody ? t.approvedBy(org.taxApprovalBody) : t.noApproval);
  }

  canvas.gap(4);
  if (facts.kind === 'tax' && facts.debtor) {
    canvas.line(t.frame2.toUpperCase(), { font: 'bold', size: SMALL, color: COLOR.muted });
    canvas.line(`${t.debtor} : ${facts.debtor.firstName} ${facts.debtor.lastName}`, { font: 'bold' });
    canvas.line(`${t.nationalNumber} ${cert.debtorNationalNumber ?? '—'}`);
    canvas.line(addressOf(facts.member));
  }
  canvas.line((facts.kind === 'health-mutual' ? t.member : t.child).toUpperCase(), {
    font: 'bold',
    size: SMALL,
    color: COLOR.muted,
  });
  const [name, ...rest] = person(t, facts.member);
  canvas.line(name!, { font: 'bold' });
  if (facts.kind === 'tax') canvas.line(`${t.nationalNumber} ${cert.childNationalNumber ?? '—'}`);
  for (const text of rest) canvas.line(text);

  canvas.gap(4);
  if (facts.kind === 'health-mutual' && facts.activity) {
    const a = facts.activity;
    canvas.line(t.certifies, {});
    canvas.line(`${t.activity} : ${a.name}${a.periodName ? ` — ${a.periodName}` : ''}`, { font: 'bold' });
    canvas.line(t.dates(day(a.from), day(a.to)));
    canvas.line(t.paid(money(facts.amountCents)), { font: 'bold', size: 11 });
    canvas.line(t.paidNote, { size: SMALL, color: COLOR.muted });
    canvas.gap(4);
    canvas.box(t.sticker, 60);
  } else {
    canvas.row(t.columns, true);
    for (const l of facts.lines) {
      const label = `${l.activityName}${l.periodName ? ` — ${l.periodName}` : ''}`;
      canvas.row(
        [label, day(l.from), day(l.to), String(l.days), money(l.dailyCents), money(l.amountCents)],
        false,
      );
    }
    canvas.gap(6);
    canvas.line(`${t.total} : ${money(facts.amountCents)}`, { font: 'bold', size: 11 });
  }

  canvas.gap(8);
  canvas.line(t.doneOn(org.city ?? '', day(facts.issuedOn)));
  canvas.line([org.signatoryName, org.signatoryRole].filter(Boolean).join(', ') || t.signatoryMissing, {
    font: 'bold',
  });
  canvas.stamps(images, { seal: t.seal, signature: t.signature, missing: t.imageMissing });
}

/** Renders certificates (one, or a batch) into one PDF; `duplicate` marks each as a copy. */
export function renderCertificatesPdf(
  certificates: RenderableCertificate[],
  options: { duplicate?: boolean; title: string; locale: Locale },
): Promise<Buffer> {
  const t = LABELS[options.locale] ?? LABELS.fr;
  const first = certificates[0];
  const canvas = new CertificateCanvas(
    options.title,
    options.title,
    first ? new Date(first.facts.issuedAt) : new Date(0),
  );
  certificates.forEach((cert, i) => {
    canvas.startCertificate(i === 0);
    draw(canvas, cert, options.duplicate ?? false);
  });
  if (certificates.length === 0) canvas.paragraph(t.empty);
  const org = first?.facts.organization.name ?? '';
  return canvas.finish(org, t.page);
}
