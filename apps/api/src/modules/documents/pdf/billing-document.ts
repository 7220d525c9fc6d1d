import {
  formatIban,
  formatMoney,
  formatPercent,
  isCountryCode,
  type InvoiceDetail,
  type Locale,
} from '@inscrio/shared';
import { pdfLabels, type PdfLabels } from './pdf-labels';
import {
  CONTENT_WIDTH,
  PdfWriter,
  type Badge,
  type Column,
  type LabelledValue,
  type Row,
  type TotalRow,
  unbreakable,
} from './pdf-layout';

/*
 * The invoice, credit note and order PDFs (issue #7; mandatory mentions of domain-brief section 6). The three
 * are one layout: header, parties, information band, lines, VAT summary beside the totals, notes, and the
 * transfer box with its EPC QR code. Amounts are VAT included cents, as everywhere; the amounts excluding
 * VAT are the line totals minus their VAT.
 */

export interface PdfTransfer {
  iban: string;
  bic: string | null;
  /** As printed: `+++123/4567/89012+++` or `RF18 5390 0754 7034`. */
  reference: string;
  /** The EPC QR (BCD) payload, from `epcQrPayload`. */
  epcPayload: string;
  /** Cents to transfer. */
  amount: number;
}

export interface PdfOptions {
  locale: Locale;
  /** The organisation's time zone, for timestamps (calendar dates print as they are). */
  timeZone: string;
  /** PNG or JPEG; any other format is left out and the seller's name heads the page instead. */
  logo?: Buffer | null;
  /** The transfer box, printed when given (the caller gives it while something is due by transfer). */
  transfer?: PdfTransfer | null;
}

/** The seller as the invoice gives it. */
type Seller = InvoiceDetail['seller'];
type Party = InvoiceDetail['buyer'];

export interface DocumentLine {
  description: string;
  details: string[];
  quantity: number;
  unitPrice: number;
  taxPercentage: number;
  totalAmount: number;
  taxAmount: number;
}

export interface BillingDocument {
  title: string;
  number: string;
  /**
   * When the document was issued: the PDF's creation date, so the same document is drawn again byte for
   * byte (pdfkit would stamp the time it was drawn, and derive the file's id from it).
   */
  issuedAt: Date;
  /** Printed under the title instead of 'N° {number}' (an order has no number of its own). */
  reference?: string;
  badge: Badge | null;
  seller: Seller;
  buyerLines: string[];
  info: LabelledValue[];
  lines: DocumentLine[];
  totalAmount: number;
  taxAmount: number;
  /** Rows after the document total: credit notes, payments received, the balance. */
  adjustments: TotalRow[];
  notes: string[];
  /** The date the transfer box asks to pay by. */
  payBy: string | null;
}

const nonEmpty = (values: (string | null | undefined)[]): string[] =>
  values.map((value) => value?.trim() ?? '').filter((value) => value !== '');

function countryLine(t: PdfLabels, country: string | null): string | null {
  return country && isCountryCode(country) ? t.countries[country] : country;
}

function addressLines(t: PdfLabels, party: Party): string[] {
  return nonEmpty([
    party.address,
    `${party.postalCode ?? ''} ${party.city ?? ''}`,
    countryLine(t, party.country),
    party.vatNumber ? `${t.vatNumber}${t.colon}${party.vatNumber}` : null,
  ]);
}

function sellerLines(t: PdfLabels, seller: Seller): string[] {
  return [seller.name, ...addressLines(t, seller), ...nonEmpty([seller.email, seller.phone])];
}

/** A company buyer first by its name, then the person; a family by the adult's name. */
export function buyerLines(t: PdfLabels, buyer: Party): string[] {
  return [...nonEmpty([buyer.companyName, buyer.name]), ...addressLines(t, buyer)];
}

function lineColumns(t: PdfLabels, exempt: boolean): Column[] {
  const numeric = (header: string, width: number): Column => ({ header, width, align: 'right' });
  const columns = exempt
    ? [numeric(t.quantity, 36), numeric(t.unitPrice, 84), numeric(t.amount, 84)]
    : [
        numeric(t.quantity, 30),
        numeric(t.unitPriceInclVat, 74),
        numeric(t.vat, 42),
        numeric(t.totalExclVat, 72),
        numeric(t.totalInclVat, 74),
      ];
  const used = columns.reduce((sum, column) => sum + column.width, 0);
  return [{ header: t.description, width: CONTENT_WIDTH - used }, ...columns];
}

function lineRow(line: DocumentLine, exempt: boolean, locale: Locale): Row {
  const money = (cents: number) => unbreakable(formatMoney(cents, locale));
  const cells = exempt
    ? [line.description, String(line.quantity), money(line.unitPrice), money(line.totalAmount)]
    : [
        line.description,
        String(line.quantity),
        money(line.unitPrice),
        unbreakable(formatPercent(line.taxPercentage, locale)),
        money(line.totalAmount - line.taxAmount),
        money(line.totalAmount),
      ];
  return { cells, details: line.details };
}

/** Per VAT rate, highest first: taxable base, VAT, total. */
function vatSummary(lines: DocumentLine[]) {
  const byRate = new Map<number, { total: number; tax: number }>();
  for (const line of lines) {
    const sum = byRate.get(line.taxPercentage) ?? { total: 0, tax: 0 };
    byRate.set(line.taxPercentage, { total: sum.total + line.totalAmount, tax: sum.tax + line.taxAmount });
  }
  return [...byRate.entries()].sort(([a], [b]) => b - a).map(([rate, sum]) => ({ rate, ...sum }));
}

export function render(document: BillingDocument, options: PdfOptions): Promise<Buffer> {
  const { locale } = options;
  const t = pdfLabels(locale);
  const money = (cents: number) => unbreakable(formatMoney(cents, locale));
  const { seller } = document;
  const exempt = seller.vatRegime === 'exempt';
  const reference = document.reference ?? `${t.number} ${document.number}`;
  const writer = new PdfWriter(
    document.reference ? `${document.title} — ${document.reference}` : `${document.title} ${document.number}`,
    `${document.title} ${reference} (${t.continued})`,
    document.issuedAt,
  );

  writer.header({
    title: document.title,
    number: reference,
    logo: options.logo ?? null,
    sellerName: seller.name,
    badge: document.badge,
  });
  writer.parties(
    { heading: t.seller, lines: sellerLines(t, seller) },
    { heading: t.buyer, lines: document.buyerLines },
  );
  writer.infoBand(document.info);
  writer.table(
    lineColumns(t, exempt),
    document.lines.map((line) => lineRow(line, exempt, locale)),
  );
  writer.gap(16);

  const total: TotalRow = {
    label: exempt ? t.total : t.totalInclVat,
    value: money(document.totalAmount),
    weight: 'bold',
  };
  const totals: TotalRow[] = exempt
    ? [total]
    : [
        { label: t.totalExclVat, value: money(document.totalAmount - document.taxAmount) },
        { label: t.totalVat, value: money(document.taxAmount) },
        total,
      ];
  // The last row is the figure that matters: the total, or the balance after the adjustments.
  const totalRows = [...totals, ...document.adjustments].map((row, i, all) =>
    i === all.length - 1 ? { ...row, weight: 'final' as const } : row,
  );
  const totalsWidth = 240;
  const totalsHeight = totalRows.length * 28;
  if (exempt) {
    // No VAT to detail: the totals, then the legal mention that explains why.
    writer.ensureSpace(totalsHeight);
    writer.totals(totalRows, totalsWidth);
    writer.gap(14);
    if (seller.vatExemptionMention) writer.paragraph(seller.vatExemptionMention, { font: 'italic' });
  } else {
    const rates = vatSummary(document.lines);
    const rateWidth = 38;
    const width = (CONTENT_WIDTH - totalsWidth - 20 - rateWidth) / 3;
    writer.sideBySide(
      Math.max(50 + rates.length * 24, totalsHeight),
      () => {
        writer.paragraph(t.vatSummary, { font: 'bold', size: 9 });
        writer.table(
          [
            { header: t.vatRate, width: rateWidth },
            { header: t.taxableBase, width, align: 'right' },
            { header: t.vatAmount, width, align: 'right' },
            { header: t.totalInclVat, width, align: 'right' },
          ],
          rates.map((rate) => ({
            cells: [
              unbreakable(formatPercent(rate.rate, locale)),
              money(rate.total - rate.tax),
              money(rate.tax),
              money(rate.total),
            ],
          })),
        );
      },
      () => writer.totals(totalRows, totalsWidth),
    );
  }

  for (const note of document.notes) writer.paragraph(note);
  if (options.transfer) {
    const transfer = options.transfer;
    writer.gap(6);
    writer.transferBox({
      title: t.transferTitle,
      subtitle: document.payBy ? t.payBefore(document.payBy) : null,
      rows: [
        { label: t.beneficiary, value: seller.name },
        { label: t.iban, value: formatIban(transfer.iban) },
        ...(transfer.bic ? [{ label: t.bic, value: transfer.bic }] : []),
        { label: t.amount, value: money(transfer.amount) },
        { label: t.reference, value: transfer.reference },
      ],
      qrPayload: transfer.epcPayload,
      qrHint: t.scan,
    });
  }

  const footer = nonEmpty([
    seller.name,
    seller.vatNumber ? `${t.vatNumber} ${seller.vatNumber}` : null,
    seller.email,
    seller.phone,
  ]).join(' · ');
  return writer.finish(footer, t.page);
}
