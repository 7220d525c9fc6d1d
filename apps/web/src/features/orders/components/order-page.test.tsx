import { amountDue, type InvoiceDetail, type InvoiceSummary, type OrderDetail } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { OrderPage, paymentRedirect } from './order-page';
import { qrImageSource } from './transfer-box';

const QR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect id="qr-marker" width="10" height="10"/></svg>';

/** An order; what is due follows its amounts (as the API computes it) unless given. */
function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const built: OrderDetail = {
    id: 'ord_1',
    status: 'pending',
    paymentProvider: 'offline',
    totalAmount: 1800,
    paidAmount: 0,
    creditedAmount: 0,
    amountDue: 1800,
    family: { id: 'fam_1', name: 'Famille Peeters' },
    linesCount: 2,
    liveLinesCount: 2,
    createdAt: '2026-11-22T09:30:00.000Z',
    paidAt: null,
    invoiceNumber: null,
    taxAmount: 0,
    lines: [
      {
        id: 'ol_1',
        participantId: 'reg_1',
        description: 'Danse moderne',
        member: { id: 'mbr_lea', firstName: 'Léa', lastName: 'Peeters' },
        service: {
          id: 'svc_1',
          blueprintId: 'bp_dance',
          blueprintName: 'Danse moderne',
          colorCode: '#DB2777',
          startDateTime: '2026-11-24T16:00:00.000Z',
          duration: 60,
          status: 'confirmed',
        },
        unitPrice: 900,
        supplements: [],
        taxPercentage: 0,
        totalAmount: 900,
        taxAmount: 0,
        participantStatus: 'confirmed',
        creditedAmount: 0,
      },
    ],
    payments: [],
    transfer: {
      beneficiary: 'Club Sportif Démo',
      iban: 'BE71096123456769',
      bic: 'GEBABEBB',
      amount: 1800,
      reference: '+++010/8068/17183+++',
      epcPayload: 'BCD\n002\n1\nSCT',
      qrSvg: QR,
    },
    nextStep: 'transfer',
    checkoutUrl: null,
    holdExpiresAt: null,
    ...overrides,
  };
  return { ...built, amountDue: overrides.amountDue ?? amountDue(built) };
}

function renderOrder() {
  const router = createMemoryRouter([{ path: '/orders/:id', element: <OrderPage /> }], {
    initialEntries: ['/orders/ord_1'],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function signInAs(role: 'user' | 'org-manager') {
  startSession(signInResult({ user: makeUser({ role }), organization: DEMO }));
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  setAddressOrganization(DEMO);
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe("an order's page", () => {
  it('names the order by its date and invoice number, never by its id', async () => {
    signInAs('user');
    fakeApi({ 'GET /api/orders/ord_1': () => json(200, order({ invoiceNumber: '2026-000123' })) });
    renderOrder();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Commande du 22/11/2026' }),
    ).toBeInTheDocument();
    expect(document.querySelector('header')).toHaveTextContent('Facture 2026-000123');
    expect(document.body).not.toHaveTextContent('ord_1');
  });

  it('shows a family how to pay by transfer: beneficiary, IBAN, amount, reference and the QR as an image', async () => {
    signInAs('user');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakeApi({ 'GET /api/orders/ord_1': () => json(200, order()) });
    renderOrder();

    const box = await screen.findByRole('region', { name: 'Paiement par virement' });
    expect(within(box).getByText('Club Sportif Démo')).toBeInTheDocument();
    expect(within(box).getByText('BE71 0961 2345 6769')).toBeInTheDocument();
    expect(within(box).getByText('GEBABEBB')).toBeInTheDocument();
    expect(within(box).getByText('18,00 €')).toBeInTheDocument();
    expect(within(box).getByText('+++010/8068/17183+++')).toHaveClass('font-mono');
    // The SVG is never put into the page as markup: only as an image's data URL.
    const image = within(box).getByRole('img', { name: 'Code QR de virement (EPC)' });
    expect(image).toHaveAttribute('src', qrImageSource(QR));
    expect(document.getElementById('qr-marker')).toBeNull();
    expect(within(box).getByText('Scannez ce code avec votre application bancaire')).toBeInTheDocument();

    await userEvent.click(within(box).getByRole('button', { name: 'Copier la communication structurée' }));
    expect(writeText).toHaveBeenCalledWith('+++010/8068/17183+++');
    expect(await within(box).findByText('Copié')).toBeInTheDocument();

    expect(screen.getByText('En attente')).toBeInTheDocument();
    expect(document.querySelector('[data-order-line="reg_1"]')).toHaveTextContent(
      /Léa Peeters · Danse moderne24\/11\/2026 17:00/,
    );
    // A family never records a payment, but may cancel its own unpaid order.
    expect(screen.queryByRole('button', { name: 'Marquer comme payé' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Annuler la commande' })).toBeInTheDocument();
  });

  it('lets a manager mark the order paid, the amount prefilled with what is due and checked before sending', async () => {
    signInAs('org-manager');
    let current = order({ paidAmount: 500 });
    const api = fakeApi({
      'GET /api/orders/ord_1': () => json(200, current),
      'POST /api/orders/ord_1/payments/offline': () => {
        current = order({ status: 'completed', paidAmount: 1800, nextStep: 'none', transfer: null });
        return json(200, current);
      },
    });
    renderOrder();
    expect(await screen.findByText('Famille Peeters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Marquer comme payé' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Montant reçu')).toHaveValue('13,00');
    expect(within(dialog).getByLabelText('Moyen de paiement')).toHaveValue('transfer');

    // A wrong amount is refused before anything is sent.
    await userEvent.clear(within(dialog).getByLabelText('Montant reçu'));
    await userEvent.type(within(dialog).getByLabelText('Montant reçu'), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(dialog).findByText('La valeur doit être un nombre')).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders/ord_1/payments/offline')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Montant reçu'));
    await userEvent.type(within(dialog).getByLabelText('Montant reçu'), '13,00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/orders/ord_1/payments/offline')[0]?.body).toMatchObject({
      amount: 1300,
      method: 'transfer',
      receivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await screen.findByText('Commande confirmée')).toBeInTheDocument();
    expect(screen.getByText('Confirmée')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marquer comme payé' })).toBeNull();
  });

  it('asks before a manager cancels', async () => {
    signInAs('org-manager');
    let current = order();
    const api = fakeApi({
      'GET /api/orders/ord_1': () => json(200, current),
      'POST /api/orders/ord_1/cancel': () => {
        current = order({ status: 'cancelled', nextStep: 'none', transfer: null });
        return json(200, current);
      },
    });
    renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler la commande' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la commande ?' });
    expect(api.callsTo('POST /api/orders/ord_1/cancel')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler la commande' }));
    expect(await screen.findByText('Commande annulée')).toBeInTheDocument();
    expect(api.callsTo('POST /api/orders/ord_1/cancel')).toHaveLength(1);
  });

  it('offers to pay online again after a failed payment, and follows a payment in progress', async () => {
    signInAs('user');
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    fakeApi({
      'GET /api/orders/ord_1': () =>
        json(
          200,
          order({
            status: 'require-action',
            paymentProvider: 'mollie',
            transfer: null,
            nextStep: 'retry-payment',
          }),
        ),
      'POST /api/orders/ord_1/retry-payment': () =>
        json(200, { order: order(), redirectUrl: 'https://mollie.test/checkout/tr_2' }),
    });
    renderOrder();
    expect(await screen.findByText("Le paiement n'a pas abouti")).toBeInTheDocument();
    expect(screen.getByText('Action requise')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer le paiement' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://mollie.test/checkout/tr_2'));
  });

  it('says a payment is being processed and reads the order again until it is paid', async () => {
    signInAs('user');
    let reads = 0;
    fakeApi({
      'GET /api/orders/ord_1': () => {
        reads += 1;
        return json(
          200,
          reads < 2
            ? order({ paymentProvider: 'mollie', transfer: null, nextStep: 'wait-for-provider' })
            : order({
                status: 'completed',
                paidAmount: 1800,
                paymentProvider: 'mollie',
                transfer: null,
                nextStep: 'none',
              }),
        );
      },
    });
    renderOrder();
    expect(await screen.findByText('Paiement en cours de traitement')).toBeInTheDocument();
    expect(await screen.findByText('Commande confirmée', {}, { timeout: 6000 })).toBeInTheDocument();
  });

  it('says when the order cannot be found', async () => {
    signInAs('user');
    fakeApi({});
    renderOrder();
    expect(await screen.findByText('Les données fournies sont introuvables.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});

function invoice(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: 'inv_1',
    number: '2026-000123',
    status: 'paid',
    orderId: 'ord_1',
    familyId: 'fam_1',
    buyerName: 'Claire Peeters',
    issueDate: '2026-11-22',
    dueDate: '2026-12-06',
    totalAmount: 1800,
    creditedAmount: 900,
    paidAmount: 1800,
    balance: 0,
    peppol: false,
    ...overrides,
  };
}

const CREDIT_NOTE: InvoiceDetail['creditNotes'][number] = {
  id: 'cn_1',
  number: 'NC-2026-000012',
  invoiceId: 'inv_1',
  invoiceNumber: '2026-000123',
  issueDate: '2026-11-25',
  reason: 'Séance annulée',
  totalAmount: 900,
  taxAmount: 0,
  buyerName: 'Claire Peeters',
  refunded: true,
  settlement: 'refunded',
  peppol: false,
};

function pdf(filename: string) {
  return () =>
    new Response('%PDF-1.7', {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
      },
    });
}

describe("an order's invoice", () => {
  it('shows the invoice with its status, its credit notes, and downloads them and the order form as PDF', async () => {
    signInAs('user');
    const api = fakeApi({
      'GET /api/orders/ord_1': () =>
        json(200, order({ status: 'completed', paidAmount: 1800, nextStep: 'none', transfer: null })),
      'GET /api/invoices': () =>
        json(200, { items: [invoice()], total: 1, page: 1, pageSize: 20, totals: null }),
      'GET /api/invoices/inv_1': () => json(200, { ...invoice(), creditNotes: [CREDIT_NOTE] }),
      'GET /api/invoices/inv_1/pdf': pdf('facture-2026-000123.pdf'),
      'GET /api/credit-notes/cn_1/pdf': pdf('note-de-credit-NC-2026-000012.pdf'),
      'GET /api/orders/ord_1/pdf': pdf('bon-de-commande-ord_1.pdf'),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderOrder();

    const block = await screen
      .findByText('2026-000123')
      .then((el) => el.closest<HTMLElement>('[data-order-documents]')!);
    expect(within(block).getByText('Facture')).toBeInTheDocument();
    expect(within(block).getByText('Payée')).toBeInTheDocument();
    expect(new URL(api.callsTo('GET /api/invoices')[0]!.url, 'http://x').searchParams.get('orderId')).toBe(
      'ord_1',
    );
    const creditNote = await within(block).findByText('NC-2026-000012');
    expect(creditNote.closest('li')).toHaveTextContent('25/11/2026 · 9,00 €');

    await userEvent.click(within(block).getByRole('button', { name: 'Facture (PDF)' }));
    await userEvent.click(
      within(block).getByRole('button', { name: 'Télécharger la note de crédit NC-2026-000012 (PDF)' }),
    );
    await userEvent.click(within(block).getByRole('button', { name: 'Bon de commande (PDF)' }));
    await waitFor(() =>
      expect(saved).toEqual([
        'facture-2026-000123.pdf',
        'note-de-credit-NC-2026-000012.pdf',
        'bon-de-commande-ord_1.pdf',
      ]),
    );
    expect(api.callsTo('GET /api/orders/ord_1/pdf')[0]!.headers.authorization).toMatch(/^Bearer /);
    vi.unstubAllGlobals();
  });

  it('says the invoice is not issued yet, and still offers the order form', async () => {
    signInAs('user');
    fakeApi({
      'GET /api/orders/ord_1': () => json(200, order()),
      'GET /api/invoices': () => json(200, { items: [], total: 0, page: 1, pageSize: 20, totals: null }),
    });
    renderOrder();
    expect(
      await screen.findByText(
        'Pas encore de facture : elle est émise avec la commande, ou dès son paiement en ligne.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bon de commande (PDF)' })).toBeInTheDocument();
  });

  it("reads the invoice again when a manager records the order's payment", async () => {
    signInAs('org-manager');
    let current = order({ paidAmount: 0 });
    let status: InvoiceSummary['status'] = 'pending';
    fakeApi({
      'GET /api/orders/ord_1': () => json(200, current),
      'GET /api/invoices': () =>
        json(200, {
          items: [invoice({ status, creditedAmount: 0 })],
          total: 1,
          page: 1,
          pageSize: 20,
          totals: null,
        }),
      'POST /api/orders/ord_1/payments/offline': () => {
        current = order({ status: 'completed', paidAmount: 1800, nextStep: 'none', transfer: null });
        status = 'paid';
        return json(200, current);
      },
    });
    renderOrder();
    expect(await screen.findByText('En attente de paiement')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Marquer comme payé' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Payée')).toBeInTheDocument();
  });
});

describe('an order after one of its registrations was cancelled', () => {
  const line = order().lines[0]!;
  /** Two sessions of 25 €; Tom's was cancelled and credited (25 €), nothing paid yet. */
  const partlyCancelled = (overrides: Partial<OrderDetail> = {}) =>
    order({
      totalAmount: 5000,
      creditedAmount: 2500,
      linesCount: 2,
      liveLinesCount: 1,
      lines: [
        { ...line, unitPrice: 2500, totalAmount: 2500 },
        {
          ...line,
          id: 'ol_2',
          participantId: 'reg_2',
          member: { id: 'mbr_tom', firstName: 'Tom', lastName: 'Peeters' },
          unitPrice: 2500,
          totalAmount: 2500,
          participantStatus: 'cancelled',
          creditedAmount: 2500,
        },
      ],
      payments: [
        {
          id: 'pay_1',
          provider: 'offline',
          status: 'open',
          amount: 2500,
          refundedAmount: 0,
          method: 'transfer',
          receivedAt: null,
          createdAt: '2026-11-22T09:30:00.000Z',
        },
      ],
      transfer: { ...order().transfer!, amount: 2500 },
      ...overrides,
    });

  const invoiceRoutes = {
    'GET /api/invoices': () =>
      json(200, {
        items: [
          invoice({
            status: 'pending',
            totalAmount: 5000,
            creditedAmount: 2500,
            paidAmount: 0,
            balance: 2500,
          }),
        ],
        total: 1,
        page: 1,
        pageSize: 20,
        totals: null,
      }),
    'GET /api/invoices/inv_1': () =>
      json(200, {
        ...invoice({
          status: 'pending',
          totalAmount: 5000,
          creditedAmount: 2500,
          paidAmount: 0,
          balance: 2500,
        }),
        creditNotes: [{ ...CREDIT_NOTE, totalAmount: 2500, refunded: false, settlement: 'deducted' }],
      }),
  };

  it('asks the same 25 € in « Reste à payer », the transfer box and the awaited payment, and counts one registration', async () => {
    signInAs('user');
    fakeApi({ 'GET /api/orders/ord_1': () => json(200, partlyCancelled()), ...invoiceRoutes });
    renderOrder();

    const box = await screen.findByRole('region', { name: 'Paiement par virement' });
    expect(box.querySelector('[data-transfer-amount]')).toHaveTextContent('25,00 €');
    const summary = document.querySelector('[data-order-summary]') as HTMLElement;
    expect(within(summary).getByText('Total TVAC').nextElementSibling).toHaveTextContent('50,00 €');
    expect(within(summary).getByText('Notes de crédit').nextElementSibling).toHaveTextContent('-25,00 €');
    expect(within(summary).getByText('Reste à payer').nextElementSibling).toHaveTextContent('25,00 €');
    expect(document.querySelector('[data-payment="open"]')).toHaveTextContent('25,00 €');

    // One registration left; the cancelled one says so, with its credit.
    expect(document.querySelector('[data-order-lines-count]')).toHaveTextContent('1 inscription · 1 annulée');
    const cancelled = document.querySelector('[data-order-line="reg_2"]') as HTMLElement;
    expect(within(cancelled).getByText('Annulée')).toBeInTheDocument();
    expect(within(cancelled).getByText('Note de crédit').nextElementSibling).toHaveTextContent('-25,00 €');

    // The credit note says what it did: it took 25 € off what was due.
    const notes = await screen.findByText(
      (_, element) => element?.getAttribute('data-credit-note') === 'NC-2026-000012',
    );
    expect(within(notes).getByText('Déduite du montant à payer')).toBeInTheDocument();
  });

  it('prefills what is left to pay when a manager records a payment', async () => {
    signInAs('org-manager');
    fakeApi({ 'GET /api/orders/ord_1': () => json(200, partlyCancelled()), ...invoiceRoutes });
    renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'Marquer comme payé' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Montant reçu')).toHaveValue('25,00');
    expect(within(dialog).getByText(/Reste à payer : 25,00/)).toBeInTheDocument();
  });

  it('shows nothing to pay once credits and payments cover the order', async () => {
    signInAs('org-manager');
    fakeApi({
      'GET /api/orders/ord_1': () =>
        json(200, partlyCancelled({ paidAmount: 2500, payments: [], transfer: null, nextStep: 'none' })),
      ...invoiceRoutes,
    });
    renderOrder();
    const summary = await screen.findByText(
      (_, element) => element?.getAttribute('data-order-summary') === '',
    );
    expect(within(summary).getByText('Reste à payer').nextElementSibling).toHaveTextContent('0,00 €');
    expect(screen.queryByRole('region', { name: 'Paiement par virement' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Marquer comme payé' })).toBeNull();
  });
});
