import type { InvoiceDetail } from '@inscrio/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import type { PdfOptions } from '../../src/modules/documents/pdf/billing-pdf';
import { epcQrPayload } from '../../src/lib/transfer/epc-qr';

/** The billing PDFs' unit tests' documents: a seller, lines, an invoice, a transfer, and a layout check. */

export type Line = InvoiceDetail['lines'][number];

export const seller = (overrides: Partial<InvoiceDetail['seller']> = {}): InvoiceDetail['seller'] => ({
  name: 'Club Sportif de Namur ASBL',
  companyName: null,
  vatNumber: 'BE0403019261',
  address: 'Rue des Sports 12',
  city: 'Namur',
  postalCode: '5000',
  country: 'BEL',
  email: 'facturation@csn.be',
  phone: '+32 81 12 34 56',
  iban: 'BE71096123456769',
  bic: 'GEBABEBB',
  vatRegime: 'subject',
  vatExemptionMention: null,
  ...overrides,
});

/** A line at a VAT included unit price; its VAT is the included share at the rate. */
export function line(description: string, quantity: number, unitPrice: number, taxPercentage: number): Line {
  const totalAmount = quantity * unitPrice;
  return {
    id: `line-${description}`,
    description,
    serviceDate: null,
    quantity,
    unitPrice,
    taxPercentage,
    totalAmount,
    taxAmount: Math.round((totalAmount * taxPercentage) / (10_000 + taxPercentage)),
  };
}

// 121,00 € at 21 % (100,00 € + 21,00 €) and 4 × 26,50 € at 6 % (100,00 € + 6,00 €).
export const defaultLines = (): Line[] => [
  { ...line('Stage multisports — Léa Dupont', 1, 12_100, 2_100), serviceDate: '2026-07-06' },
  line('Repas de midi', 4, 2_650, 600),
];

export function invoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  const lines = overrides.lines ?? defaultLines();
  const totalAmount = lines.reduce((sum, l) => sum + l.totalAmount, 0);
  return {
    id: 'inv_1',
    number: '2026-000123',
    status: 'pending',
    orderId: 'ord_1',
    familyId: 'fam_1',
    buyerName: 'Marie Dupont',
    issueDate: '2026-09-12',
    dueDate: '2026-09-26',
    totalAmount,
    taxAmount: lines.reduce((sum, l) => sum + l.taxAmount, 0),
    creditedAmount: 0,
    paidAmount: 0,
    balance: totalAmount,
    peppol: true,
    serviceFrom: '2026-07-06',
    serviceTo: '2026-07-10',
    seller: seller(),
    buyer: {
      name: 'Marie Dupont',
      companyName: 'Dupont & Fils SRL',
      vatNumber: 'BE0428759497',
      address: 'Avenue de la Gare 45',
      city: 'Liège',
      postalCode: '4000',
      country: 'BEL',
    },
    lines,
    creditNotes: [],
    reference: '+++010/8068/17183+++',
    remindedAt: null,
    ...overrides,
  };
}

export const transfer = (amount: number, reference = '+++010/8068/17183+++'): PdfOptions['transfer'] => ({
  iban: 'BE71096123456769',
  bic: 'GEBABEBB',
  reference,
  amount,
  epcPayload: epcQrPayload({
    bic: 'GEBABEBB',
    name: 'Club Sportif de Namur ASBL',
    iban: 'BE71096123456769',
    amountCents: amount,
    reference,
  }),
});

/** Text that reaches past a page's edge or over other text: what a reader could not read. */
export async function layoutFaults(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false })
    .promise;
  const faults: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [, , pageWidth, pageHeight] = page.view as [number, number, number, number];
    const boxes = ((await page.getTextContent()).items as TextItem[])
      .filter((item) => item.str.trim() !== '')
      .map((item) => {
        const [x, y] = [item.transform[4] as number, item.transform[5] as number];
        return { text: item.str, left: x, right: x + item.width, bottom: y, top: y + item.height * 0.7 };
      });
    for (const box of boxes) {
      if (box.left < 0 || box.right > pageWidth || box.bottom < 0 || box.top > pageHeight)
        faults.push(`page ${number}: ${box.text} outside the page`);
    }
    boxes.forEach((a, i) => {
      for (const b of boxes.slice(i + 1)) {
        const overlaps =
          a.left < b.right - 0.5 &&
          b.left < a.right - 0.5 &&
          a.bottom < b.top - 0.5 &&
          b.bottom < a.top - 0.5;
        if (overlaps) faults.push(`page ${number}: "${a.text}" over "${b.text}"`);
      }
    });
  }
  return faults;
}

export const fr: PdfOptions = { locale: 'fr', timeZone: 'Europe/Brussels' };
export const en: PdfOptions = { locale: 'en', timeZone: 'Europe/Brussels' };
