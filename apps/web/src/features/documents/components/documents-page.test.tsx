import type { DocumentListItem, StoredDocument } from '@inscrio/shared';
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
import { DocumentsPage } from './documents-page';
import { PendingConditionsDialog } from './pending-conditions-dialog';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const page = (items: DocumentListItem[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function item(overrides: Partial<DocumentListItem> = {}): DocumentListItem {
  return {
    id: 'inv_1',
    source: 'invoice',
    kind: 'billing.invoice',
    title: 'Facture 2026-000012',
    number: '2026-000012',
    date: '2026-10-12T00:00:00.000Z',
    status: 'ready',
    progressDone: null,
    progressTotal: null,
    byteSize: null,
    memberId: 'mbr_lea',
    memberName: 'Léa Peeters',
    version: null,
    publishedAt: null,
    failureReason: null,
    downloadPath: '/invoices/inv_1/pdf',
    fileName: 'facture-2026-000012.pdf',
    ...overrides,
  };
}

function stored(overrides: Partial<StoredDocument> = {}): StoredDocument {
  return {
    id: 'doc_report',
    kind: 'report.members-list',
    title: 'Liste des membres du 01/11/2026 au 30/11/2026',
    fileName: 'liste-membres-2026-11-01-2026-11-30.csv',
    status: 'pending',
    progressDone: null,
    progressTotal: null,
    byteSize: 0,
    version: null,
    publishedAt: null,
    failureReason: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

const conditions = (roi: { mustAccept: boolean }) => ({
  roi: {
    publishedAt: '2026-11-20T10:00:00.000Z',
    acceptedAt: null,
    documentId: 'doc_roi2',
    version: 2,
    acceptedVersion: 1,
    ...roi,
  },
  legalMentions: {
    publishedAt: null,
    acceptedAt: null,
    mustAccept: false,
    documentId: null,
    version: null,
    acceptedVersion: null,
  },
});

/** The fake API with the certificates panel's reads answered (nothing to certify yet). */
function server(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/certificates/family': () => json(200, { yearKind: 'tax', healthMutual: [], years: [] }),
    'GET /api/certificates/batches': () => json(200, { items: [], yearKind: 'tax' }),
    ...routes,
  });
}

function renderPage(element = <DocumentsPage />) {
  const router = createMemoryRouter([{ path: '/documents', element }], { initialEntries: ['/documents'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  setAddressOrganization(DEMO);
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
  vi.unstubAllGlobals();
});

describe('/documents for a family', { timeout: 20_000 }, () => {
  beforeEach(() => startSession(signInResult({ user: makeUser({ role: 'user' }), organization: DEMO })));

  it('lists its documents with their download, and no manager panel', async () => {
    server({
      'GET /api/documents': () =>
        json(
          200,
          page([
            item(),
            item({
              id: 'doc_roi',
              source: 'stored',
              kind: 'legal.roi',
              title: "Règlement d'ordre intérieur 2026",
              number: null,
              version: 2,
              publishedAt: '2026-11-20T10:00:00.000Z',
              downloadPath: '/documents/doc_roi/file',
              memberName: null,
            }),
          ]),
        ),
    });
    renderPage();
    expect(await screen.findAllByText('Facture 2026-000012')).not.toHaveLength(0);
    expect(screen.getAllByText('Publié le 20/11/2026')).not.toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Télécharger Facture 2026-000012' })).not.toHaveLength(0);
    expect(screen.queryByText('Rapports')).toBeNull();
    expect(screen.queryByText('Documents légaux')).toBeNull();
  });

  it('narrows the list to one of its members', async () => {
    const api = server({
      'GET /api/me/delegated': () =>
        json(200, {
          items: [
            { id: 'mbr_lea', firstName: 'Léa', lastName: 'Peeters' },
            { id: 'mbr_tom', firstName: 'Tom', lastName: 'Peeters' },
          ],
          total: 2,
          page: 1,
          pageSize: 100,
        }),
      'GET /api/documents': (call) => json(200, page(call.url.includes('memberId=mbr_tom') ? [] : [item()])),
    });
    renderPage();
    await userEvent.selectOptions(await screen.findByLabelText('Membre'), 'Tom Peeters');
    expect(await screen.findByText('Aucun document ne correspond')).toBeInTheDocument();
    expect(api.callsTo('GET /api/documents').at(-1)?.url).toContain('memberId=mbr_tom');
  });

  it('says when there is no document yet', async () => {
    server({ 'GET /api/documents': () => json(200, page([])) });
    renderPage();
    expect(await screen.findByText('Aucun document')).toBeInTheDocument();
  });

  it('shows a failed load with the status text and a retry', async () => {
    let failing = true;
    server({
      'GET /api/documents': () =>
        failing
          ? json(500, { statusCode: 500, error: 'internal', message: 'Erreur interne du serveur.' })
          : json(200, page([item()])),
    });
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 10_000 });
    expect(screen.getByText('Erreur interne du serveur.')).toBeInTheDocument();
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findAllByText('Facture 2026-000012')).not.toHaveLength(0);
  });
});

describe('/documents for a manager', { timeout: 20_000 }, () => {
  beforeEach(() =>
    startSession(signInResult({ user: makeUser({ role: 'org-manager' }), organization: DEMO })),
  );

  it('runs a report and follows its progress to the download', async () => {
    let polls = 0;
    const api = server({
      'GET /api/documents': () => json(200, page([])),
      'POST /api/reports': () => json(202, stored()),
      'GET /api/documents/doc_report': () => {
        polls++;
        return json(
          200,
          polls < 2
            ? stored({ status: 'running', progressDone: 120, progressTotal: 480 })
            : stored({ status: 'ready', progressDone: 480, progressTotal: 480, byteSize: 2048 }),
        );
      },
    });
    renderPage();
    const reports = (await screen.findByText('Rapports')).closest('[data-reports]') as HTMLElement;
    await userEvent.click(within(reports).getByRole('button', { name: 'Lancer le rapport' }));
    expect(
      await within(reports).findByText('Préparation : 120 / 480', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(
      await within(reports).findByRole('button', { name: 'Télécharger le rapport' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      kind: 'report.members-list',
      format: 'csv',
    });
  });

  it("narrows the list to a member from one of the member's rows, and back to everyone", async () => {
    const api = server({
      'GET /api/documents': (call) =>
        json(
          200,
          page(
            call.url.includes('memberId=mbr_lea')
              ? [item()]
              : [
                  item(),
                  item({
                    id: 'inv_2',
                    title: 'Facture 2026-000013',
                    memberId: 'mbr_tom',
                    memberName: 'Tom Dupont',
                  }),
                ],
          ),
        ),
    });
    renderPage();
    const [leaRow] = await screen.findAllByRole('button', { name: 'Les documents de Léa Peeters' });
    await userEvent.click(leaRow!);
    expect(await screen.findByText('Léa Peeters', { selector: '[data-chosen-member]' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/documents').at(-1)?.url).toContain('memberId=mbr_lea');
    await waitFor(() => expect(screen.queryAllByText('Facture 2026-000013')).toHaveLength(0));
    await userEvent.click(screen.getByRole('button', { name: 'Afficher les documents de tous les membres' }));
    expect((await screen.findAllByText('Facture 2026-000013')).length).toBeGreaterThan(0);
  });

  it('runs a report for one session of an activity', async () => {
    const api = server({
      'GET /api/documents': () => json(200, page([])),
      'GET /api/blueprints': () => json(200, { items: [{ id: 'bp_swim', name: 'Natation enfants' }] }),
      'GET /api/services': (call) =>
        json(200, {
          items: call.url.includes('blueprintId=bp_swim')
            ? [{ id: 'svc_wed', startDateTime: '2026-11-04T14:00:00.000Z' }]
            : [],
        }),
      'POST /api/reports': () => json(202, stored()),
      'GET /api/documents/doc_report': () => json(200, stored()),
    });
    renderPage();
    const reports = (await screen.findByText('Rapports')).closest('[data-reports]') as HTMLElement;
    await userEvent.selectOptions(
      await within(reports).findByLabelText('Activité'),
      await within(reports).findByRole('option', { name: 'Natation enfants' }),
    );
    await userEvent.selectOptions(
      within(reports).getByLabelText('Séance'),
      await within(reports).findByRole('option', { name: /04\/11\/2026/ }),
    );
    await userEvent.click(within(reports).getByRole('button', { name: 'Lancer le rapport' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/reports')[0]?.body).toMatchObject({
        blueprintId: 'bp_swim',
        serviceId: 'svc_wed',
      }),
    );
  });

  it('shows a report refused for its dates under the date field', async () => {
    server({
      'GET /api/documents': () => json(200, page([])),
      'POST /api/reports': () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Les données fournies sont invalides.',
          details: [
            {
              field: 'to',
              rule: 'custom',
              message: 'La période doit aller du premier au dernier jour, 400 jours au plus',
            },
          ],
        }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Lancer le rapport' }));
    expect(
      await screen.findByText('La période doit aller du premier au dernier jour, 400 jours au plus'),
    ).toBeInTheDocument();
  });

  it('publishes a legal draft after confirming', async () => {
    const api = server({
      'GET /api/documents': () =>
        json(
          200,
          page([
            item({
              id: 'doc_draft',
              source: 'stored',
              kind: 'legal.roi',
              title: 'ROI 2027',
              version: 3,
              downloadPath: '/documents/doc_draft/file',
            }),
          ]),
        ),
      'POST /api/documents/doc_draft/publish': () =>
        json(200, stored({ id: 'doc_draft', kind: 'legal.roi', status: 'ready' })),
    });
    renderPage();
    expect(await screen.findAllByText('Brouillon')).not.toHaveLength(0);
    await userEvent.click(screen.getAllByRole('button', { name: 'Publier ROI 2027' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Publier ce document ?' });
    expect(within(dialog).getByText(/chaque membre devra l'accepter/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(api.callsTo('POST /api/documents/doc_draft/publish')).toHaveLength(1));
  });
});

describe('the dialog asking to accept new conditions', { timeout: 20_000 }, () => {
  beforeEach(() => startSession(signInResult({ user: makeUser({ role: 'user' }), organization: DEMO })));

  it('shows the new ROI with its document, cannot be dismissed, and goes once accepted', async () => {
    const api = server({
      'GET /api/me/conditions': () => json(200, conditions({ mustAccept: true })),
      'PATCH /api/me/conditions/accept-roi': () => json(200, conditions({ mustAccept: false })),
    });
    renderPage(<PendingConditionsDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Documents à accepter' });
    expect(within(dialog).getByText("Règlement d'ordre intérieur")).toBeInTheDocument();
    expect(within(dialog).getByText('Version 2 du 20/11/2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lire le document' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Fermer' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Documents à accepter' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: "J'ai lu et j'accepte" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /api/me/conditions/accept-roi')).toHaveLength(1);
    // It names the version shown: a newer one published meanwhile would be refused.
    expect(api.callsTo('PATCH /api/me/conditions/accept-roi')[0]!.url).toContain('documentId=doc_roi2');
    expect(api.callsTo('PATCH /api/me/conditions/accept-legal-mentions')).toHaveLength(0);
  });

  it('asks nothing when everything is accepted', async () => {
    server({ 'GET /api/me/conditions': () => json(200, conditions({ mustAccept: false })) });
    renderPage(<PendingConditionsDialog />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
