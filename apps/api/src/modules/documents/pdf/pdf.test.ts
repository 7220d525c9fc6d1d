import {
  type CreditNoteDetail,
  type InvoiceDetail,
  MONEY_LIMITS,
  type OrderDetail,
  TEXT_LIMITS,
} from '@inscrio/shared';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { pdfPages, pdfText } from '../../../../test/helpers/pdf-text';
import { epcQrPayload } from '../../../lib/transfer/epc-qr';
import { renderCreditNotePdf, renderInvoicePdf, renderOrderPdf, type PdfOptions } from './billing-pdf';

type Line = InvoiceDetail['lines'][number];

const seller = (overrides: Partial<InvoiceDetail['seller']> = {}): InvoiceDetail['seller'] => ({
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
function line(description: string, quantity: number, unitPrice: number, taxPercentage: number): Line {
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
const defaultLines = (): Line[] => [
  { ...line('Stage multisports — Léa Dupont', 1, 12_100, 2_100), serviceDate: '2026-07-06' },
  line('Repas de midi', 4, 2_650, 600),
];

function invoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
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

const transfer = (amount: number, reference = '+++010/8068/17183+++'): PdfOptions['transfer'] => ({
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
async function layoutFaults(pdf: Buffer): Promise<string[]> {
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

const fr: PdfOptions = { locale: 'fr', timeZone: 'Europe/Brussels' };
const en: PdfOptions = { locale: 'en', timeZone: 'Europe/Brussels' };

describe('invoice PDF', () => {
  it('prints the mandatory mentions: number, dates, parties, lines, VAT per rate and totals', async () => {
    const pdf = await renderInvoicePdf(invoice(), fr);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);

    expect(text).toContain('Facture');
    expect(text).toContain('N° 2026-000123');
    expect(text).toContain("Date d'émission Date d'échéance Période de prestation");
    expect(text).toContain('12/09/2026 26/09/2026 06/07/2026 – 10/07/2026');

    for (const mention of ['Club Sportif de Namur ASBL', 'Rue des Sports 12', '5000 Namur', 'Belgique']) {
      expect(text).toContain(mention);
    }
    expect(text).toContain('N° TVA : BE0403019261');
    expect(text).toContain('facturation@csn.be');
    expect(text).toContain('+32 81 12 34 56');
    for (const mention of ['Dupont & Fils SRL', 'Marie Dupont', 'Avenue de la Gare 45', '4000 Liège']) {
      expect(text).toContain(mention);
    }
    expect(text).toContain('N° TVA : BE0428759497');

    expect(text).toContain('Description Qté Prix unit. TTC TVA Total HT Total TTC');
    expect(text).toContain('Stage multisports — Léa Dupont 1 121,00 € 21 % 100,00 € 121,00 €');
    expect(text).toContain('Date de prestation : 06/07/2026');
    expect(text).toContain('Repas de midi 4 26,50 € 6 % 100,00 € 106,00 €');

    expect(text).toContain('Récapitulatif TVA');
    expect(text).toContain('21 % 100,00 € 21,00 € 121,00 €');
    expect(text).toContain('6 % 100,00 € 6,00 € 106,00 €');
    expect(text).toContain('Total HT 200,00 €');
    expect(text).toContain('Total TVA 27,00 €');
    expect(text).toContain('Total TTC 227,00 €');

    expect(text).not.toContain('Payée');
    expect(text).not.toContain('Solde à payer');
    expect(text).not.toContain('IBAN');
  });

  it('adds the transfer instructions: IBAN, BIC, amount, structured reference and due date', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice(), { ...fr, transfer: transfer(22_700) }));

    expect(text).toContain('Paiement par virement');
    expect(text).toContain('À payer avant le 26/09/2026');
    expect(text).toContain('Bénéficiaire Club Sportif de Namur ASBL');
    expect(text).toContain('IBAN BE71 0961 2345 6769');
    expect(text).toContain('BIC GEBABEBB');
    expect(text).toContain('Montant 227,00 €');
    expect(text).toContain('Communication structurée +++010/8068/17183+++');
  });

  it('shows the credit notes, the payments received and the balance left to pay', async () => {
    const creditNote: InvoiceDetail['creditNotes'][number] = {
      id: 'cn_1',
      number: 'NC-2026-000012',
      invoiceId: 'inv_1',
      invoiceNumber: '2026-000123',
      issueDate: '2026-09-20',
      reason: 'Repas annulés',
      totalAmount: 5_300,
      taxAmount: 300,
      buyerName: 'Marie Dupont',
      refunded: false,
      settlement: 'deducted',
    };
    const text = await pdfText(
      await renderInvoicePdf(
        invoice({ creditNotes: [creditNote], creditedAmount: 5_300, paidAmount: 10_000, balance: 7_400 }),
        fr,
      ),
    );

    expect(text).toContain('Total TTC 227,00 €');
    expect(text).toContain('Note de crédit NC-2026-000012 -53,00 €');
    expect(text).toContain('Déjà payé -100,00 €');
    expect(text).toContain('Solde à payer 74,00 €');
  });

  it('says Payée on a paid invoice', async () => {
    const text = await pdfText(
      await renderInvoicePdf(invoice({ status: 'paid', paidAmount: 22_700, balance: 0 }), fr),
    );

    expect(text).toContain('Payée');
    expect(text).toContain('Solde à payer 0,00 €');
  });

  it('prints the exemption mention and no VAT details when the seller is exempt', async () => {
    const mention = 'Exemption de TVA – article 44, § 2, 3° du Code de la TVA';
    const exempt = invoice({ seller: seller({ vatRegime: 'exempt', vatExemptionMention: mention }) });
    const text = await pdfText(await renderInvoicePdf(exempt, fr));

    expect(text).toContain(mention);
    expect(text).toContain('Description Qté Prix unitaire Montant');
    expect(text).toContain('Repas de midi 4 26,50 € 106,00 €');
    expect(text).toContain('Total 227,00 €');
    for (const vatDetail of ['Total HT', 'Total TVA', 'Récapitulatif TVA', '21 %', 'Prix unit. TTC']) {
      expect(text).not.toContain(vatDetail);
    }
  });

  it('speaks English to an English-speaking customer', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice(), { ...en, transfer: transfer(22_700) }));

    expect(text).toContain('Invoice');
    expect(text).toContain('No. 2026-000123');
    expect(text).toContain('Issue date Due date Service period');
    expect(text).toContain('VAT no.: BE0403019261');
    expect(text).toContain('Belgium');
    expect(text).toContain('VAT summary');
    expect(text).toContain('Total incl. VAT €227.00');
    expect(text).toContain('Please pay by 26/09/2026');
    expect(text).toContain('Structured reference +++010/8068/17183+++');
    for (const french of ['Facture', 'Belgique', 'Montant', 'TTC']) expect(text).not.toContain(french);
  });

  it('continues a 60-line invoice on new pages with the header row repeated', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      line(`Séance ${String(i + 1).padStart(2, '0')} de natation`, 1, 1_500, 600),
    );
    const pdf = await renderInvoicePdf(invoice({ lines }), { ...fr, transfer: transfer(90_000) });
    const pages = await pdfPages(pdf);

    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page).toContain('Description Qté Prix unit. TTC TVA Total HT Total TTC');
      expect(page).toContain(`Page ${i + 1} / ${pages.length}`);
      if (i > 0) expect(page.split('\n')[0]).toBe('Facture N° 2026-000123 (suite)');
    });
    const text = pages.join('\n');
    for (let i = 1; i <= 60; i++) {
      expect(text.split(`Séance ${String(i).padStart(2, '0')} de natation`)).toHaveLength(2);
    }
    expect(pages.at(-1)).toContain('Total TTC 900,00 €');
    expect(pages.at(-1)).toContain('Communication structurée +++010/8068/17183+++');
  });

  it('lays out the longest values the forms accept inside the page, amounts included', async () => {
    // Words as long as each field allows, unbroken: the worst case for wrapping.
    const long = (label: string, length: number) => label + 'x'.repeat(length - label.length);
    const buyer = {
      name: `${long('Prenom', TEXT_LIMITS.personName)} ${long('Nom', TEXT_LIMITS.personName)}`,
      companyName: long('Societe', TEXT_LIMITS.organizationName),
      vatNumber: long('BE', TEXT_LIMITS.vatNumber),
      address: long('Rue', TEXT_LIMITS.address),
      city: long('Ville', TEXT_LIMITS.city),
      postalCode: long('CP', TEXT_LIMITS.postalCode),
      country: 'BEL',
    };
    const activity = long('Activite', TEXT_LIMITS.name);
    const lines = Array.from({ length: 30 }, (_, i) =>
      line(`${activity} ${i}`, 1, MONEY_LIMITS.lineCents, 2_100),
    );
    const pdf = await renderInvoicePdf(
      invoice({ buyer, lines, seller: seller({ name: long('Club', TEXT_LIMITS.organizationName) }) }),
      { ...fr, transfer: transfer(30 * MONEY_LIMITS.lineCents) },
    );

    expect(await layoutFaults(pdf)).toEqual([]);
    const text = await pdfText(pdf);
    expect(text).toContain('Total TTC 30 000 000,00 €');
  });

  it('never breaks an amount: the euro sign and every group of digits stay on one line', async () => {
    const lines = [
      line('Stage de voile', 1, MONEY_LIMITS.lineCents, 2_100),
      line('Location du bateau', 10, MONEY_LIMITS.lineCents / 10 - 1, 600),
    ];
    const total = lines.reduce((sum, l) => sum + l.totalAmount, 0);
    const pdfs = [
      await renderInvoicePdf(invoice({ lines }), { ...fr, transfer: transfer(total) }),
      await renderInvoicePdf(invoice({ lines, seller: seller({ vatRegime: 'exempt' }) }), fr),
    ];
    for (const pdf of pdfs) {
      expect(await layoutFaults(pdf)).toEqual([]);
      const text = await pdfText(pdf);
      // Each amount whole: its digits, its decimals and « € » on one line, never « € » alone.
      expect(text).not.toMatch(/^€/m);
      expect(text).not.toMatch(/\d,\d{2}(?! €)/);
      expect(text).toMatch(/^Stage de voile 1 1 000 000,00 € (21 % 826 446,28 € )?1 000 000,00 €$/m);
      expect(text).toMatch(/^Location du bateau 10 99 999,99 € (6 % 943 396,13 € )?999 999,90 €$/m);
    }
    // The VAT summary's narrower columns: set smaller, on the line of their row (the same baseline).
    expect(await pdfText(pdfs[0]!)).toMatch(/^21 % 826 446,28 € 173 553,72 € 1 000 000,00 €$/m);
  });

  it('prints names written outside the standard fonts without garbage', async () => {
    const buyer = { ...invoice().buyer, name: 'Łukasz Żółć', companyName: null };
    const text = await pdfText(await renderInvoicePdf(invoice({ buyer }), fr));

    expect(text).toContain('Lukasz Zólc');
  });

  it('embeds a PNG logo, and puts the seller name instead of a logo it cannot read', async () => {
    const png = await QRCode.toBuffer('logo');
    const withLogo = await renderInvoicePdf(invoice(), { ...fr, logo: png });
    expect(withLogo.toString('latin1')).toContain('/Subtype /Image');

    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(20),
    ]);
    const damagedPng = Buffer.concat([png.subarray(0, 8), Buffer.from('not an image at all')]);
    for (const logo of [webp, damagedPng]) {
      const withoutLogo = await renderInvoicePdf(invoice(), { ...fr, logo });
      expect(withoutLogo.toString('latin1')).not.toContain('/Subtype /Image');
      expect((await pdfText(withoutLogo)).split('\n')[0]).toBe('Club Sportif de Namur ASBL');
    }
  });
});

describe('credit note PDF', () => {
  const note: CreditNoteDetail = {
    id: 'cn_1',
    number: 'NC-2026-000012',
    invoiceId: 'inv_1',
    invoiceNumber: '2026-000123',
    invoiceIssueDate: '2026-09-12',
    issueDate: '2026-09-20',
    reason: 'Repas annulés',
    totalAmount: 5_300,
    taxAmount: 300,
    buyerName: 'Marie Dupont',
    refunded: true,
    settlement: 'refunded',
    lines: [line('Repas de midi', 2, 2_650, 600)],
  };

  it('names the invoice it corrects by number and date, with the parties of that invoice', async () => {
    const text = await pdfText(await renderCreditNotePdf(note, invoice(), fr));

    expect(text).toContain('Note de crédit');
    expect(text).toContain('N° NC-2026-000012');
    expect(text).toContain("Date d'émission Facture d'origine");
    expect(text).toContain('20/09/2026 2026-000123 du 12/09/2026');
    expect(text).toContain('N° TVA : BE0403019261');
    expect(text).toContain('Dupont & Fils SRL');
    expect(text).toContain('Repas de midi 2 26,50 € 6 % 50,00 € 53,00 €');
    expect(text).toContain('6 % 50,00 € 3,00 € 53,00 €');
    expect(text).toContain('Total TTC 53,00 €');
    expect(text).toContain('Motif : Repas annulés');
    expect(text).toContain('Ce montant a été remboursé.');
  });

  it('has English labels', async () => {
    const text = await pdfText(
      await renderCreditNotePdf({ ...note, refunded: false, settlement: 'deducted' }, invoice(), en),
    );

    expect(text).toContain('Credit note');
    expect(text).toContain('Issue date Original invoice');
    expect(text).toContain('20/09/2026 2026-000123 of 12/09/2026');
    expect(text).toContain('Reason: Repas annulés');
    expect(text).not.toContain('refunded');
    // It cancelled an amount still due: the note says so.
    expect(text).toContain('This amount is deducted from the amount due.');
  });

  it('says nothing of a refund when the family paid it and was not refunded', async () => {
    const text = await pdfText(
      await renderCreditNotePdf({ ...note, refunded: false, settlement: 'not-refunded' }, invoice(), fr),
    );
    expect(text).toContain('Motif : Repas annulés');
    expect(text).not.toContain('remboursé');
    expect(text).not.toContain('déduit');
  });
});

describe('order PDF', () => {
  const session = {
    id: 'svc_1',
    blueprintId: 'bp_1',
    blueprintName: 'Natation',
    colorCode: '#0f4c81',
    startDateTime: '2026-10-01T08:00:00.000Z',
    duration: 60,
    status: 'confirmed' as const,
  };
  const orderLine = (id: string, child: string, status: 'confirmed' | 'cancelled') => ({
    id,
    participantId: `prt_${id}`,
    description: `Natation — 01/10/2026 10:00 — ${child} Dupont`,
    member: { id: `mbr_${id}`, firstName: child, lastName: 'Dupont' },
    service: session,
    unitPrice: 12_000,
    supplements: [
      { supplementId: 'sup_1', name: 'Bonnet de bain', price: 1_500, frequency: 'once' as const },
    ],
    taxPercentage: 600,
    totalAmount: 13_500,
    taxAmount: 764,
    participantStatus: status,
    creditedAmount: 0,
  });
  const order: OrderDetail = {
    id: 'ord_01jf3k8q2w7x',
    status: 'completed',
    paymentProvider: 'offline',
    totalAmount: 27_000,
    paidAmount: 0,
    creditedAmount: 0,
    amountDue: 27_000,
    family: { id: 'fam_1', name: 'Marie Dupont' },
    linesCount: 2,
    liveLinesCount: 1,
    // 00:30 on the 13th in Brussels (summer time): the order date is the one there.
    createdAt: '2026-09-12T22:30:00.000Z',
    paidAt: null,
    invoiceNumber: '2026-000123',
    taxAmount: 1_528,
    lines: [orderLine('l1', 'Léa', 'confirmed'), orderLine('l2', 'Tom', 'cancelled')],
    payments: [],
    transfer: null,
    nextStep: 'transfer',
    checkoutUrl: null,
    holdExpiresAt: null,
  };

  it('lists the lines with supplements, the totals, the status and the transfer instructions', async () => {
    const text = await pdfText(
      await renderOrderPdf(order, {
        ...fr,
        seller: seller(),
        transfer: transfer(27_000, '+++202/5000/12390+++'),
      }),
    );

    expect(text).toContain('Bon de commande');
    // Named by its date and its invoice, never by its internal id.
    expect(text).toContain('Bon de commande\nCommande du 13/09/2026\n');
    expect(text).not.toContain('ord_');
    expect(text).toContain('Date de commande Statut Mode de paiement Facture');
    expect(text).toContain('13/09/2026 Confirmée Virement bancaire 2026-000123');
    // The supplement is a row of its own, with its own amount; the session row keeps its own price.
    expect(text).toContain('Natation — 01/10/2026 10:00 — Léa Dupont 1 120,00 € 6 % 113,21 € 120,00 €');
    expect(text).toContain('+ Bonnet de bain (une fois par période) 1 15,00 € 6 % 14,15 € 15,00 €');
    expect(text).toContain('Annulée');
    expect(text).toContain('Total TVA 15,28 €');
    expect(text).toContain('Total TTC 270,00 €');
    expect(text).toContain('Montant 270,00 €');
    expect(text).toContain('Communication structurée +++202/5000/12390+++');
  });

  it('shows what was already paid and the balance', async () => {
    const text = await pdfText(
      await renderOrderPdf({ ...order, paidAmount: 13_500, amountDue: 13_500 }, { ...en, seller: seller() }),
    );

    expect(text).toContain('Order form');
    expect(text).toContain('Order date Status Payment method');
    expect(text).toContain('Already paid -€135.00');
    expect(text).toContain('Balance due €135.00');
    expect(text).not.toContain('IBAN');
  });

  it('takes the credit of a cancelled line off the balance, the transfer asking the same', async () => {
    const cancelled = { ...orderLine('l2', 'Tom', 'cancelled'), creditedAmount: 13_500 };
    const text = await pdfText(
      await renderOrderPdf(
        {
          ...order,
          lines: [orderLine('l1', 'Léa', 'confirmed'), cancelled],
          creditedAmount: 13_500,
          paidAmount: 5_000,
          amountDue: 8_500,
        },
        { ...fr, seller: seller(), transfer: transfer(8_500, '+++202/5000/12390+++') },
      ),
    );

    expect(text).toContain('Notes de crédit : -135,00 €');
    expect(text).toContain('Notes de crédit -135,00 €');
    expect(text).toContain('Déjà payé -50,00 €');
    expect(text).toContain('Solde à payer 85,00 €');
    expect(text).toContain('Montant 85,00 €');
  });
});
