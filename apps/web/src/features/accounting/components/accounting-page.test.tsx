import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json, makeUser, type RecordedCall, signInResult } from '@/test/fake-api';
import { bankImport, creditNote, invoice, invoicePage, page, transaction } from '../testing/fixtures';
import { AccountingPage } from './accounting-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const PERIODS = page([{ id: 'per_autumn', name: 'Automne 2026' }]);
const BLUEPRINTS = page([{ id: 'bp_dance', name: 'Danse moderne' }]);

const INVOICES = [
  invoice(),
  invoice({
    id: 'inv_2',
    number: '2026-000124',
    status: 'overdue',
    buyerName: 'Hugo Martin',
    totalAmount: 12050,
    paidAmount: 5000,
    balance: 7050,
  }),
  invoice({
    id: 'inv_3',
    number: '2026-000125',
    status: 'paid',
    orderId: null,
    buyerName: 'Sportlab SRL',
    paidAmount: 18000,
    balance: 0,
  }),
];

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.accounting.pattern, element: <AccountingPage /> },
      { path: paths.createCreditNote.pattern, element: <p>Nouvelle note de crédit</p> },
      { path: paths.order.pattern, element: <p>Commande</p> },
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

/** Routes every screen of the page reads, answered with data unless a test overrides them. */
function server(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/invoices': () => json(200, invoicePage(INVOICES)),
    'GET /api/periods': () => json(200, PERIODS),
    'GET /api/blueprints': () => json(200, BLUEPRINTS),
    ...routes,
  });
}

/** Downloads end in a click on a link with `download`: record the file names. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        last = blob;
        return 'blob:download';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: last! });
  });
  return saved;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  clearSession();
  startSession(signInResult({ user: makeUser({ role: 'org-manager', email: 'manager@demo.test' }) }));
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the invoices of /accounting', () => {
  it('shows the totals per status, the overdue ageing and each invoice with its dates, balance and status', async () => {
    server();
    renderAt('/accounting');
    const table = await screen.findByRole('table');

    const pending = document.querySelector('[data-status-total="pending"]')!;
    expect(pending).toHaveTextContent('En attente de paiement');
    expect(pending).toHaveTextContent('450,00 €');
    expect(pending).toHaveTextContent('3 factures');
    expect(document.querySelector('[data-status-total="cancelled"]')).toHaveTextContent('0 facture');
    expect(document.querySelector('[data-ageing-bucket="31-60"]')).toHaveTextContent('31 à 60 jours70,50 €');
    expect(screen.getByText('Crédité : 25,00 €')).toBeInTheDocument();

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-invoice-row'))).toEqual([
      '2026-000123',
      '2026-000124',
      '2026-000125',
    ]);
    expect(rows[1]).toHaveTextContent('Hugo Martin22/11/202606/12/2026120,50 €70,50 €En retard de paiement');
    expect(within(rows[0]!).getByRole('link', { name: '2026-000123' })).toHaveAttribute(
      'href',
      '/orders/ord_1',
    );
    // A free invoice has no order to open.
    expect(within(rows[2]!).queryByRole('link', { name: '2026-000125' })).toBeNull();
    expect(within(rows[2]!).getByText('Payée')).toBeInTheDocument();
    expect(screen.getByText('3 factures · page 1 sur 1')).toBeInTheDocument();
  });

  it('keeps the filters in the address and sends them with the list', async () => {
    const api = server();
    const user = userEvent.setup();
    const router = renderAt('/accounting?status=overdue&from=2026-11-01');
    await screen.findByRole('table');
    expect(query(api.callsTo('GET /api/invoices')[0]).toString()).toBe(
      'status=overdue&from=2026-11-01&page=1&pageSize=20',
    );
    expect(screen.getByLabelText('Statut')).toHaveValue('overdue');
    expect(screen.getByLabelText('Émises à partir du')).toHaveValue('2026-11-01');

    await user.selectOptions(await screen.findByLabelText('Période'), 'Automne 2026');
    await user.selectOptions(screen.getByLabelText('Activité'), 'Danse moderne');
    fireEvent.change(screen.getByLabelText("Émises jusqu'au"), { target: { value: '2026-11-30' } });
    await user.type(screen.getByLabelText('Famille, entreprise ou numéro'), 'peeters');

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?status=overdue&from=2026-11-01&periodId=per_autumn&blueprintId=bp_dance&to=2026-11-30&q=peeters',
      ),
    );
    await waitFor(() =>
      expect(query(api.callsTo('GET /api/invoices').at(-1)).toString()).toBe(
        'status=overdue&periodId=per_autumn&blueprintId=bp_dance&q=peeters&from=2026-11-01&to=2026-11-30&page=1&pageSize=20',
      ),
    );

    // A total's tile filters by its status; a second click removes the filter.
    await user.click(document.querySelector<HTMLElement>('[data-status-total="paid"]')!);
    expect(router.state.location.search).toContain('status=paid');
    await user.click(document.querySelector<HTMLElement>('[data-status-total="paid"]')!);
    expect(router.state.location.search).not.toContain('status=');
  });

  it('says when no invoice matches the filters, and clears them', async () => {
    server({
      'GET /api/invoices': (call) => json(200, invoicePage(call.url.includes('q=') ? [] : INVOICES)),
    });
    const user = userEvent.setup();
    const router = renderAt('/accounting?q=inconnu');
    expect(await screen.findByText('Aucune facture ne correspond à ces filtres')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('says when there is no invoice yet and offers to create one', async () => {
    server({ 'GET /api/invoices': () => json(200, invoicePage([], { totals: null })) });
    renderAt('/accounting');
    expect(await screen.findByText('Aucune facture pour le moment')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Créer une facture' })[0]).toHaveAttribute(
      'href',
      '/accounting/create-invoice',
    );
    expect(document.querySelector('[data-status-total]')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    server({
      'GET /api/invoices': () => (fail ? json(500, {}) : json(200, invoicePage(INVOICES))),
    });
    const user = userEvent.setup();
    renderAt('/accounting');
    expect(
      await screen.findByText("Les factures n'ont pas pu être chargées", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Erreur interne du serveur.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('marks an invoice paid with the day and the method received', async () => {
    const api = server({
      'POST /api/invoices/inv_2/mark-paid': () => json(200, invoice({ status: 'paid' })),
    });
    const user = userEvent.setup();
    renderAt('/accounting');
    const row = (await screen.findAllByRole('row')).find((r) => r.dataset.invoiceRow === '2026-000124')!;
    await user.click(within(row).getByRole('button', { name: 'Marquer comme payée' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marquer la facture 2026-000124 comme payée' });
    expect(within(dialog).getByText('Hugo Martin · solde de 70,50 € reçu hors ligne.')).toBeInTheDocument();
    // Today, in the organisation's time zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date());
    expect(within(dialog).getByLabelText('Date du paiement')).toHaveValue(today);

    // An emptied date is refused before anything is sent.
    fireEvent.change(within(dialog).getByLabelText('Date du paiement'), { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(dialog).findByText('Date invalide (format AAAA-MM-JJ)')).toBeInTheDocument();
    expect(api.callsTo('POST /api/invoices/inv_2/mark-paid')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Date du paiement'), { target: { value: '2026-11-30' } });
    await user.selectOptions(within(dialog).getByLabelText('Moyen de paiement'), 'Espèces');
    const reads = api.callsTo('GET /api/invoices').length;
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/invoices/inv_2/mark-paid')[0]?.body).toEqual({
      paidOn: '2026-11-30',
      method: 'cash',
    });
    expect(toast.success).toHaveBeenCalledWith('La facture 2026-000124 est marquée comme payée.');
    // The list and its totals are read again.
    await waitFor(() => expect(api.callsTo('GET /api/invoices').length).toBeGreaterThan(reads));
  });

  it('keeps the dialog open with the reason when the API refuses the payment', async () => {
    server({
      'POST /api/invoices/inv_1/mark-paid': () =>
        json(409, {
          statusCode: 409,
          error: 'invoice_already_paid',
          message: 'Cette facture est déjà payée',
        }),
    });
    const user = userEvent.setup();
    renderAt('/accounting');
    const row = (await screen.findAllByRole('row')).find((r) => r.dataset.invoiceRow === '2026-000123')!;
    await user.click(within(row).getByRole('button', { name: 'Marquer comme payée' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await within(dialog).findByText('Cette facture est déjà payée')).toBeInTheDocument();
  });

  it('sends a reminder only for an invoice awaiting payment or overdue', async () => {
    const api = server({ 'POST /api/invoices/inv_2/remind': () => json(200, invoice()) });
    const user = userEvent.setup();
    renderAt('/accounting');
    const table = await screen.findByRole('table');
    const [pending, overdue, paid] = within(table).getAllByRole('row').slice(1);
    expect(within(pending!).getByRole('button', { name: 'Envoyer un rappel' })).toBeInTheDocument();
    expect(within(paid!).queryByRole('button', { name: 'Envoyer un rappel' })).toBeNull();
    expect(within(paid!).queryByRole('button', { name: 'Marquer comme payée' })).toBeNull();

    await user.click(within(overdue!).getByRole('button', { name: 'Envoyer un rappel' }));
    await waitFor(() => expect(api.callsTo('POST /api/invoices/inv_2/remind')).toHaveLength(1));
    expect(toast.success).toHaveBeenCalledWith('Le rappel de la facture 2026-000124 a été envoyé.');
  });

  it('links each invoice to a credit note on it, except a cancelled one', async () => {
    server({
      'GET /api/invoices': () =>
        json(
          200,
          invoicePage([invoice(), invoice({ id: 'inv_9', number: '2026-000130', status: 'cancelled' })]),
        ),
    });
    renderAt('/accounting');
    const table = await screen.findByRole('table');
    const [open, cancelled] = within(table).getAllByRole('row').slice(1);
    expect(within(open!).getByRole('link', { name: 'Créer une note de crédit' })).toHaveAttribute(
      'href',
      '/accounting/create-credit-note?invoiceId=inv_1',
    );
    expect(within(cancelled!).queryByRole('link', { name: 'Créer une note de crédit' })).toBeNull();
  });

  it("downloads an invoice's PDF, and the CSV export with the list's filters", async () => {
    const api = server({
      'GET /api/invoices/inv_1/pdf': () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="facture-2026-000123.pdf"',
          },
        }),
      'GET /api/invoices/export.csv': () =>
        new Response('Numéro;Acheteur\r\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="factures-2026-11-30.csv"' },
        }),
    });
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderAt('/accounting?status=pending&q=peeters');
    const table = await screen.findByRole('table');
    await user.click(
      within(within(table).getAllByRole('row')[1]!).getByRole('button', { name: 'Télécharger le PDF' }),
    );
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['facture-2026-000123.pdf']));
    expect(api.callsTo('GET /api/invoices/inv_1/pdf')[0]!.headers.authorization).toMatch(/^Bearer /);
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7');

    await user.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('factures-2026-11-30.csv');
    expect(query(api.callsTo('GET /api/invoices/export.csv')[0]).toString()).toBe('status=pending&q=peeters');
    expect(toast.success).toHaveBeenCalledWith("L'export CSV des factures a été téléchargé.");
  });

  it('offers the Peppol (UBL) file only for a company with a VAT number, and downloads it', async () => {
    const api = server({
      'GET /api/invoices': () =>
        json(
          200,
          invoicePage([
            invoice({ id: 'inv_acme', number: '2026-000124', buyerName: 'ACME SRL', peppol: true }),
            invoice(),
          ]),
        ),
      'GET /api/invoices/inv_acme/ubl': () =>
        new Response('<?xml version="1.0"?><Invoice/>', {
          status: 200,
          headers: {
            'content-type': 'application/xml',
            'content-disposition': 'attachment; filename="facture-2026-000124.xml"',
          },
        }),
    });
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderAt('/accounting');
    const table = await screen.findByRole('table');
    const [company, family] = within(table).getAllByRole('row').slice(1);
    expect(within(family!).queryByRole('button', { name: 'Télécharger en Peppol (UBL)' })).toBeNull();
    await user.click(within(company!).getByRole('button', { name: 'Télécharger en Peppol (UBL)' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['facture-2026-000124.xml']));
    expect(api.callsTo('GET /api/invoices/inv_acme/ubl')).toHaveLength(1);
  });

  it('tells a member without the accounting right, without loading anything', async () => {
    clearSession();
    startSession(signInResult({ user: makeUser({ role: 'user' }) }));
    const api = server();
    renderAt('/accounting');
    expect(
      await screen.findByText("La comptabilité est réservée aux gestionnaires de l'organisation."),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /api/invoices')).toHaveLength(0);
  });
});

describe('the credit notes of /accounting', () => {
  it('lists each credit note with its invoice, date, reason, amount, what it did with the money and PDF', async () => {
    server({
      'GET /api/credit-notes': () =>
        json(
          200,
          page([
            creditNote(),
            creditNote({ id: 'cn_2', number: 'NC-2026-000013', refunded: false, settlement: 'deducted' }),
            creditNote({ id: 'cn_3', number: 'NC-2026-000014', refunded: false, settlement: 'not-refunded' }),
          ]),
        ),
    });
    renderAt('/accounting?tab=credit-notes');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('tab', { name: 'Notes de crédit' })).toHaveAttribute('aria-selected', 'true');
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('NC-2026-000012');
    expect(first).toHaveTextContent('2026-000123');
    expect(first).toHaveTextContent('25/11/2026');
    expect(first).toHaveTextContent('Séance annulée');
    expect(first).toHaveTextContent('45,00 €');
    expect(within(first!).getByText('Remboursée')).toBeInTheDocument();
    // On an order never paid, the note cancelled an amount still due: it was not « not refunded ».
    expect(within(second!).getByText('Déduite du montant à payer')).toBeInTheDocument();
    expect(within(second!).queryByText('Non remboursée')).toBeNull();
    expect(within(third!).getByText('Non remboursée')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Télécharger le PDF' })).toBeInTheDocument();
  });

  it('says when there is none yet', async () => {
    server({ 'GET /api/credit-notes': () => json(200, page([])) });
    const user = userEvent.setup();
    renderAt('/accounting');
    await user.click(await screen.findByRole('tab', { name: 'Notes de crédit' }));
    expect(await screen.findByText('Aucune note de crédit pour le moment')).toBeInTheDocument();
  });
});

describe('the bank statements of /accounting', () => {
  it('imports a statement as multipart and says what it did', async () => {
    const api = server({
      'GET /api/bank-transactions': () => json(200, page([])),
      'POST /api/bank-statements': () => json(200, bankImport()),
    });
    const user = userEvent.setup();
    renderAt('/accounting?tab=bank-statements');
    expect(await screen.findByText('Aucun virement à rapprocher')).toBeInTheDocument();

    // Nothing chosen: asked for a file, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(screen.getByText('Choisissez un fichier')).toBeInTheDocument();

    const file = new File(['<Document/>'], 'releve-novembre.xml', { type: 'text/xml' });
    await user.upload(screen.getByLabelText('Fichier du relevé'), file);
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    const result = await screen.findByText('Relevé CAMT.053 importé');
    const alert = result.closest('[data-import-result]')!;
    expect(alert).toHaveTextContent('5 virements lus');
    expect(alert).toHaveTextContent('1 déjà importé, ignoré');
    expect(alert).toHaveTextContent('3 rapprochés automatiquement');
    expect(alert).toHaveTextContent('1 à rapprocher à la main');

    const [call] = api.fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/bank-statements'));
    const body = call![1]!.body as FormData;
    expect((body.get('file') as File).name).toBe('releve-novembre.xml');
    // The unmatched transfers are read again.
    await waitFor(() => expect(api.callsTo('GET /api/bank-transactions').length).toBeGreaterThan(1));
  });

  it('follows a large import in the background until its result', async () => {
    let polls = 0;
    const api = server({
      'GET /api/bank-transactions': () => json(200, page([])),
      'POST /api/bank-statements': () =>
        json(
          202,
          bankImport({ status: 'running', transactions: 0, processed: 0, unmatchedCount: 0, unmatched: [] }),
        ),
      'GET /api/bank-statements/bsi_1': () => {
        polls++;
        if (polls === 1)
          return json(200, bankImport({ status: 'running', transactions: 100000, processed: 45000 }));
        if (polls === 2) return json(404, { statusCode: 404, error: 'not_found', message: 'Introuvable' });
        return json(
          200,
          bankImport({
            transactions: 100000,
            processed: 100000,
            duplicates: 0,
            matched: 120,
            unmatchedCount: 99880,
          }),
        );
      },
    });
    const user = userEvent.setup();
    renderAt('/accounting?tab=bank-statements');
    await user.upload(
      await screen.findByLabelText('Fichier du relevé'),
      new File(['<Document/>'], 'releve-annuel.xml', { type: 'text/xml' }),
    );
    await user.click(screen.getByRole('button', { name: 'Importer' }));

    // Answered at once: the file is read first, then recorded slice by slice.
    expect(await screen.findByText('Lecture du relevé releve-novembre.xml…')).toBeInTheDocument();
    expect(
      await screen.findByText('Import en cours : 45 000 / 100 000 virements', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Avancement de l’import' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    // A failed reading of the progress says so and offers to try again.
    await user.click(await screen.findByRole('button', { name: /Réessayer/ }, { timeout: 3000 }));
    const result = await screen.findByText('Relevé CAMT.053 importé', {}, { timeout: 3000 });
    const alert = result.closest('[data-import-result]')!;
    expect(alert).toHaveTextContent('100000 virements lus');
    expect(alert).toHaveTextContent('120 rapprochés automatiquement');
    expect(alert).toHaveTextContent('99880 à rapprocher à la main');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // What the import left to match is read again once it ends.
    await waitFor(() => expect(api.callsTo('GET /api/bank-transactions').length).toBeGreaterThan(1));
  });

  it('says when a background import stopped', async () => {
    server({
      'GET /api/bank-transactions': () => json(200, page([])),
      'POST /api/bank-statements': () =>
        json(202, bankImport({ status: 'running', transactions: 0, processed: 0 })),
      'GET /api/bank-statements/bsi_1': () =>
        json(
          200,
          bankImport({
            status: 'failed',
            error: 'Ce fichier n’est pas un relevé CAMT.053 ou CODA lisible',
          }),
        ),
    });
    const user = userEvent.setup();
    renderAt('/accounting?tab=bank-statements');
    await user.upload(await screen.findByLabelText('Fichier du relevé'), new File(['<x'], 'casse.xml'));
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(
      await screen.findByText('Le relevé releve-novembre.xml n’a pas été importé', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ce fichier n’est pas un relevé CAMT.053 ou CODA lisible')).toBeInTheDocument();
  });

  it('shows why a file could not be read', async () => {
    server({
      'GET /api/bank-transactions': () => json(200, page([])),
      'POST /api/bank-statements': () =>
        json(400, {
          statusCode: 400,
          error: 'validation',
          message: 'Ce fichier n’est pas un relevé CAMT.053 ou CODA lisible',
        }),
    });
    const user = userEvent.setup();
    renderAt('/accounting?tab=bank-statements');
    await user.upload(await screen.findByLabelText('Fichier du relevé'), new File(['x'], 'photo.txt'));
    await user.click(screen.getByRole('button', { name: 'Importer' }));
    expect(
      await screen.findByText('Ce fichier n’est pas un relevé CAMT.053 ou CODA lisible'),
    ).toBeInTheDocument();
  });

  it('matches an unmatched transfer to an unpaid invoice found by search, or ignores one', async () => {
    const api = server({
      'GET /api/bank-transactions': () =>
        json(200, page([transaction(), transaction({ id: 'btx_2', amount: 2000, communication: null })])),
      'GET /api/invoices': (call) =>
        json(
          200,
          invoicePage(
            query(call).get('status') === 'overdue'
              ? [INVOICES[1]!]
              : query(call).get('status') === 'pending'
                ? [INVOICES[0]!]
                : INVOICES,
          ),
        ),
      'POST /api/bank-transactions/btx_1/match': () => json(200, transaction({ status: 'matched' })),
      'POST /api/bank-transactions/btx_2/ignore': () => json(200, transaction({ status: 'ignored' })),
    });
    const user = userEvent.setup();
    renderAt('/accounting?tab=bank-statements');
    await screen.findAllByRole('button', { name: 'Ignorer' });
    const item = document.querySelector<HTMLElement>('[data-transaction="btx_1"]')!;
    expect(item).toHaveTextContent('180,00 €');
    expect(item).toHaveTextContent('28/11/2026');
    expect(item).toHaveTextContent('Stage Léa novembre');
    expect(
      within(document.querySelector('[data-transaction="btx_2"]')!).getByText('Sans communication'),
    ).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Rapprocher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rapprocher le virement' });
    await user.type(within(dialog).getByLabelText('Rechercher une facture'), 'peeters');
    await waitFor(() => {
      const searches = api.callsTo('GET /api/invoices').map((call) => query(call));
      expect(
        searches
          .filter((q) => q.get('q') === 'peeters')
          .map((q) => q.get('status'))
          .sort(),
      ).toEqual(['overdue', 'pending']);
    });
    const option = within(dialog).getByRole('radio', { name: /2026-000123/ });
    // Its balance is the transfer's amount.
    expect(within(option).getByText('Même montant')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /2026-000124/ })).not.toHaveTextContent('Même montant');
    await user.click(option);
    await user.click(within(dialog).getByRole('button', { name: 'Rapprocher' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/bank-transactions/btx_1/match')[0]?.body).toEqual({ invoiceId: 'inv_1' });
    expect(toast.success).toHaveBeenCalledWith('Le virement règle la facture 2026-000123.');

    await user.click(
      within(document.querySelector<HTMLElement>('[data-transaction="btx_2"]')!).getByRole('button', {
        name: 'Ignorer',
      }),
    );
    await waitFor(() => expect(api.callsTo('POST /api/bank-transactions/btx_2/ignore')).toHaveLength(1));
  });

  it("keeps the match dialog open with the API's reason when the amount differs", async () => {
    server({
      'GET /api/bank-transactions': () => json(200, page([transaction({ amount: 1000 })])),
      'POST /api/bank-transactions/btx_1/match': () =>
        json(400, {
          statusCode: 400,
          error: 'validation',
          message: 'Le montant du virement ne correspond pas au solde de la facture',
        }),
    });
    const user = userEvent.setup();
    renderAt('/accounting?tab=bank-statements');
    await user.click(await screen.findByRole('button', { name: 'Rapprocher' }));
    const dialog = await screen.findByRole('dialog');
    const [first] = await within(dialog).findAllByRole('radio');
    // Nothing chosen yet: nothing to confirm.
    expect(within(dialog).getByRole('button', { name: 'Rapprocher' })).toBeDisabled();
    await user.click(first!);
    await user.click(within(dialog).getByRole('button', { name: 'Rapprocher' }));
    expect(
      await within(dialog).findByText('Le montant du virement ne correspond pas au solde de la facture'),
    ).toBeInTheDocument();
  });
});

describe('the subscription tab of /accounting', () => {
  it('shows the club administrator its plan and its platform invoices, and hides the tab from managers', async () => {
    server({
      'GET /api/organizations/org_demo/licence': () =>
        json(200, {
          current: {
            id: 'lic_1',
            organizationId: 'org_demo',
            planKey: 'default-monthly',
            startsAt: '2026-07-01T00:00:00.000Z',
            endsAt: null,
            endedAt: null,
          },
          plan: {
            key: 'default-monthly',
            name: 'Défaut (mensuel)',
            monthlyFee: 2900,
            participantFee: 50,
            trialDays: 0,
            nextPlanKey: null,
          },
          history: [],
        }),
      'GET /api/organizations/org_demo/platform-invoices': () => json(200, { items: [] }),
    });
    renderAt('/accounting');
    await screen.findByRole('table');
    expect(screen.queryByRole('tab', { name: 'Abonnement' })).toBeNull();

    clearSession();
    startSession(signInResult({ user: makeUser({ role: 'admin', email: 'admin@demo.test' }) }));
    renderAt('/accounting?tab=subscription');
    expect((await screen.findAllByRole('tab', { name: 'Abonnement' })).length).toBeGreaterThan(0);
    await screen.findByText('Défaut (mensuel)');
    await screen.findByText("Aucune facture de la plateforme pour l'instant.");
  });
});
