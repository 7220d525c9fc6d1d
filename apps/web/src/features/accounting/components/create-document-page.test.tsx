import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json, makeUser, type RecordedCall, signInResult } from '@/test/fake-api';
import { invoice, invoiceDetail, invoicePage, page } from '../testing/fixtures';
import { CreateDocumentPage } from './create-document-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const MEMBERS = page([
  { userId: 'usr_parent', memberId: 'mbr_parent', displayName: 'Claire Peeters', email: 'parent@demo.test' },
]);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.accounting.pattern, element: <p>Page comptabilité</p> },
      { path: paths.createInvoice.pattern, element: <CreateDocumentPage kind="invoice" /> },
      { path: paths.createCreditNote.pattern, element: <CreateDocumentPage kind="credit-note" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const query = (call: RecordedCall | undefined) => new URL(call!.url, 'http://x').searchParams;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());

/** The fieldset of the n-th typed line (0-based). */
const line = (index: number) => within(document.querySelector<HTMLElement>(`[data-line-index="${index}"]`)!);

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  clearSession();
  startSession(signInResult({ user: makeUser({ role: 'org-manager', email: 'manager@demo.test' }) }));
  vi.mocked(toast.success).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a new invoice', () => {
  it('asks for a buyer and complete lines before sending anything, in French', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderAt('/accounting/create-invoice');
    await user.click(await screen.findByRole('button', { name: 'Émettre la facture' }));
    expect(await screen.findByText('Choisissez un membre ou renseignez une entreprise')).toBeInTheDocument();
    expect(line(0).getByText('Ce champs est requis')).toBeInTheDocument();
    expect(line(0).getByLabelText('Prix (€)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/invoices')).toHaveLength(0);
  });

  it('bills a member found by search, with amounts in cents, VAT in hundredths and a live total', async () => {
    const api = fakeApi({
      'GET /api/members': () => json(200, MEMBERS),
      'POST /api/invoices': () => json(201, { ...invoiceDetail(), number: '2026-000126' }),
    });
    const user = userEvent.setup();
    const router = renderAt('/accounting/create-invoice');

    await user.type(await screen.findByLabelText('Membre'), 'peet');
    await user.click(await screen.findByRole('button', { name: /Claire Peeters/ }));
    expect(query(api.callsTo('GET /api/members').at(-1)).get('q')).toBe('peet');
    expect(document.querySelector('[data-chosen-member="mbr_parent"]')).toHaveTextContent('Claire Peeters');
    expect(screen.getByLabelText("Date d'émission")).toHaveValue(today());

    await user.type(line(0).getByLabelText('Description'), 'Stage de Noël');
    await user.clear(line(0).getByLabelText('Quantité'));
    await user.type(line(0).getByLabelText('Quantité'), '2');
    await user.type(line(0).getByLabelText('Prix (€)'), '12,50');
    await user.clear(line(0).getByLabelText('TVA (%)'));
    await user.type(line(0).getByLabelText('TVA (%)'), '21');
    expect(line(0).getByText('25,00 €')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await user.type(line(1).getByLabelText('Description'), 'Cotisation annuelle');
    await user.type(line(1).getByLabelText('Prix (€)'), '15');
    const total = document.querySelector('[data-document-total]')!;
    // 25,00 € at 21 % includes 4,34 € of VAT; 15,00 € at 0 % none.
    expect(total).toHaveTextContent('dont TVA4,34 €');
    expect(total).toHaveTextContent('Total TVAC40,00 €');

    await user.click(screen.getByRole('button', { name: 'Émettre la facture' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounting'));
    expect(api.callsTo('POST /api/invoices')[0]?.body).toEqual({
      memberId: 'mbr_parent',
      issueDate: today(),
      lines: [
        { description: 'Stage de Noël', quantity: 2, unitPrice: 1250, taxPercentage: 2100 },
        { description: 'Cotisation annuelle', quantity: 1, unitPrice: 1500, taxPercentage: 0 },
      ],
    });
    expect(toast.success).toHaveBeenCalledWith('La facture 2026-000126 a été émise.');
  });

  it("bills a company, checking its fields, and shows the API's message under the VAT number", async () => {
    const api = fakeApi({
      'POST /api/invoices': () =>
        json(400, {
          statusCode: 400,
          error: 'validation',
          message: 'Les données fournies sont invalides.',
          details: [
            { field: 'company.vatNumber', rule: 'vat', message: "Ce numéro de TVA n'est pas valide" },
          ],
        }),
    });
    const user = userEvent.setup();
    renderAt('/accounting/create-invoice');
    await user.click(await screen.findByText('Une entreprise'));
    await user.click(screen.getByRole('button', { name: 'Émettre la facture' }));
    // Name, address, postal code, city and the line's description.
    expect(await screen.findAllByText('Ce champs est requis')).toHaveLength(5);
    expect(screen.getByLabelText('Pays')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText("Nom de l'entreprise"), 'Sportlab SRL');
    await user.type(screen.getByLabelText('Numéro de TVA (facultatif)'), 'BE0123456700');
    await user.type(screen.getByLabelText('Adresse'), 'Avenue Louise 54');
    await user.type(screen.getByLabelText('Code postal'), '1050');
    await user.type(screen.getByLabelText('Ville'), 'Ixelles');
    await user.selectOptions(screen.getByLabelText('Pays'), 'BEL');
    await user.type(line(0).getByLabelText('Description'), 'Location de salle');
    await user.type(line(0).getByLabelText('Prix (€)'), '12,5x');
    await user.click(screen.getByRole('button', { name: 'Émettre la facture' }));
    expect(await line(0).findByText('La valeur doit être un nombre')).toBeInTheDocument();
    expect(api.callsTo('POST /api/invoices')).toHaveLength(0);

    await user.clear(line(0).getByLabelText('Prix (€)'));
    await user.type(line(0).getByLabelText('Prix (€)'), '250');
    await user.click(screen.getByRole('button', { name: 'Émettre la facture' }));
    expect(await screen.findByText("Ce numéro de TVA n'est pas valide")).toBeInTheDocument();
    expect(api.callsTo('POST /api/invoices')[0]?.body).toEqual({
      company: {
        name: 'Sportlab SRL',
        vatNumber: 'BE0123456700',
        address: 'Avenue Louise 54',
        city: 'Ixelles',
        postalCode: '1050',
        country: 'BEL',
      },
      issueDate: today(),
      lines: [{ description: 'Location de salle', quantity: 1, unitPrice: 25000, taxPercentage: 0 }],
    });
  });
});

describe('a new credit note', () => {
  it('credits whole lines and a partial amount of the invoice, refunded, with a reason', async () => {
    const api = fakeApi({
      'GET /api/invoices/inv_1': () => json(200, invoiceDetail({ creditedAmount: 2000 })),
      'POST /api/credit-notes': () => json(201, { number: 'NC-2026-000013' }),
    });
    const user = userEvent.setup();
    const router = renderAt('/accounting/create-credit-note?invoiceId=inv_1');
    const summary = (await screen.findByText('2026-000123')).closest<HTMLElement>('[data-credited-invoice]')!;
    expect(summary).toHaveTextContent('Claire Peeters');
    expect(summary).toHaveTextContent('Émise le 22/11/2026');
    expect(summary.querySelector('[data-amount="left"]')).toHaveTextContent('160,00 €');

    // Nothing chosen and no reason: refused before sending.
    await user.click(screen.getByRole('button', { name: 'Émettre la note de crédit' }));
    expect(
      await screen.findByText('Choisissez au moins une ligne ou saisissez un montant partiel.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Motif')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/credit-notes')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /Natation · Tom Peeters/ }));
    await user.click(screen.getByRole('button', { name: 'Ajouter un montant partiel' }));
    await user.type(line(0).getByLabelText('Description'), 'Danse : 3 séances annulées');
    await user.type(line(0).getByLabelText('Prix (€)'), '30');
    // The partial amount starts on the invoice's rate.
    expect(line(0).getByLabelText('TVA (%)')).toHaveValue('6');
    expect(document.querySelector('[data-total-amount]')).toHaveTextContent('90,00 €');
    await user.type(screen.getByLabelText('Motif'), 'Séances annulées par le club');
    await user.click(screen.getByRole('checkbox', { name: /Rembourser/ }));

    await user.click(screen.getByRole('button', { name: 'Émettre la note de crédit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=credit-notes'));
    expect(api.callsTo('POST /api/credit-notes')[0]?.body).toEqual({
      invoiceId: 'inv_1',
      reason: 'Séances annulées par le club',
      invoiceLineIds: ['il_swim'],
      lines: [
        { description: 'Danse : 3 séances annulées', quantity: 1, unitPrice: 3000, taxPercentage: 600 },
      ],
      refund: true,
    });
    expect(toast.success).toHaveBeenCalledWith('La note de crédit NC-2026-000013 a été émise.');
  });

  it('warns when the credit exceeds what is left, and offers no refund on an unpaid invoice', async () => {
    fakeApi({
      'GET /api/invoices/inv_1': () =>
        json(200, invoiceDetail({ status: 'pending', paidAmount: 0, balance: 18000, creditedAmount: 12000 })),
    });
    const user = userEvent.setup();
    renderAt('/accounting/create-credit-note?invoiceId=inv_1');
    await user.click(await screen.findByRole('checkbox', { name: /Danse moderne · Léa Peeters/ }));
    expect(
      screen.getByText('Le montant dépasse ce qui reste à créditer sur cette facture'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Rembourser/ })).toBeNull();
  });

  it('finds the invoice to credit by search and keeps it in the address', async () => {
    const api = fakeApi({
      'GET /api/invoices': () => json(200, invoicePage([invoice()])),
      'GET /api/invoices/inv_1': () => json(200, invoiceDetail()),
    });
    const user = userEvent.setup();
    const router = renderAt('/accounting/create-credit-note');
    await user.type(await screen.findByLabelText('Rechercher une facture'), '000123');
    await waitFor(() => expect(query(api.callsTo('GET /api/invoices').at(-1)).get('q')).toBe('000123'));
    await user.click(screen.getByRole('button', { name: /2026-000123/ }));
    expect(router.state.location.search).toBe('?invoiceId=inv_1');
    expect(await screen.findByRole('checkbox', { name: /Natation · Tom Peeters/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Changer de facture' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByLabelText('Rechercher une facture')).toBeInTheDocument();
  });

  it('says when the invoice of the address cannot be found', async () => {
    fakeApi({ 'GET /api/invoices': () => json(200, invoicePage([])) });
    const user = userEvent.setup();
    renderAt('/accounting/create-credit-note?invoiceId=inv_unknown');
    expect(await screen.findByText("Cette facture n'a pas pu être chargée")).toBeInTheDocument();
    expect(screen.getByText('Les données fournies sont introuvables.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Changer de facture' }));
    expect(await screen.findByText('Aucune facture ne correspond.')).toBeInTheDocument();
  });
});
