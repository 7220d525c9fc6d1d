import { type InvoiceDetail, MONEY_LIMITS, TEXT_LIMITS } from '@inscrio/shared';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { pdfPages, pdfText } from '../../../../test/helpers/pdf-text';
import { seller, line, invoice, transfer, layoutFaults, fr, en } from '../../../../test/helpers/pdf-fixtures';
import { renderInvoicePdf } from './billing-pdf';

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
      peppol: false,
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

  it('prints names as written, whatever their alphabet (one embedded Unicode font)', async () => {
    for (const name of [
      'Łukasz Wójcik',
      'Zoë Ağca',
      'Øyvind Ærø',
      'Αλέξανδρος Παπαδόπουλος',
      'Дмитрий Иванов',
    ]) {
      const buyer = { ...invoice().buyer, name, companyName: null };
      const pdf = await renderInvoicePdf(invoice({ buyer }), fr);
      expect(await pdfText(pdf)).toContain(name);
      // Embedded (a subset of the glyphs used), not one of the standard fonts.
      expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
      expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
    }
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
