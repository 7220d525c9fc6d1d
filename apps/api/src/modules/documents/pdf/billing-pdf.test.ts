import { type CreditNoteDetail, type OrderDetail } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../test/helpers/pdf-text';
import { seller, line, invoice, transfer, fr, en } from '../../../../test/helpers/pdf-fixtures';
import { renderCreditNotePdf, renderOrderPdf } from './billing-pdf';

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
    peppol: false,
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
