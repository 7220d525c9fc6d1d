import type { CertificateBatchDto, CertificateDto, FamilyCertificates } from '@inscrio/shared';
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
import type { ReactElement } from 'react';
import { CertificatesBulkPanel } from './certificates-bulk-panel';
import { FamilyCertificatesPanel } from './family-certificates-panel';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const CERTIFICATE: CertificateDto = {
  id: 'crt_1',
  kind: 'health-mutual',
  number: 'MUT-2026-000001',
  memberId: 'mbr_lea',
  memberName: 'Léa Peeters',
  activityName: 'Natation',
  periodName: 'Automne',
  year: 2026,
  amountCents: 4000,
  documentId: 'doc_1',
  fileUrl: '/api/certificates/crt_1/file',
  issuedAt: '2026-11-20T10:00:00.000Z',
};

/** A panel as the documents page places it. */
function renderPage(panel: ReactElement) {
  const router = createMemoryRouter([{ path: '/documents', element: panel }], {
    initialEntries: ['/documents'],
  });
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

describe('a family’s certificates', { timeout: 20_000 }, () => {
  beforeEach(() => startSession(signInResult({ user: makeUser({ role: 'user' }), organization: DEMO })));

  it('requests a health-mutual certificate for a paid registration, then offers its download', async () => {
    let state: FamilyCertificates = {
      yearKind: 'tax',
      healthMutual: [
        {
          memberId: 'mbr_lea',
          memberName: 'Léa Peeters',
          blueprintId: 'bp_swim',
          activityName: 'Natation',
          periodId: 'per_1',
          periodName: 'Automne',
          firstDate: '2026-09-07',
          lastDate: '2026-12-14',
          paidCents: 4000,
          certificate: null,
          certificateOutdated: false,
        },
      ],
      years: [
        {
          memberId: 'mbr_lea',
          memberName: 'Léa Peeters',
          year: 2026,
          paidCents: 4000,
          identityOnFile: false,
          yearEnded: true,
          certificates: [],
        },
      ],
    };
    const server = fakeApi({
      'GET /api/certificates/family': () => json(200, state),
      'POST /api/certificates/health-mutual': () => {
        state = { ...state, healthMutual: [{ ...state.healthMutual[0]!, certificate: CERTIFICATE }] };
        return json(200, CERTIFICATE);
      },
      'PUT /api/certificates/tax-identities/mbr_lea': () => json(204),
      'POST /api/certificates/tax': () => json(200, { items: [] }),
    });
    const user = userEvent.setup();
    renderPage(<FamilyCertificatesPanel />);
    const row = await screen.findByText('Natation — Automne');
    const item = row.closest('li')!;
    expect(within(item).getByText('Payé : 40,00 €')).toBeInTheDocument();
    expect(within(item).getByText(/du 07\/09\/2026 au 14\/12\/2026/)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: "Demander l'attestation" }));
    expect(await within(item).findByText('Attestation n° MUT-2026-000001')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Télécharger' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Duplicata' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/certificates/health-mutual')[0]!.body).toEqual({
      memberId: 'mbr_lea',
      blueprintId: 'bp_swim',
      periodId: 'per_1',
    });

    // The 281.86 asks the national register numbers first, checked here with their check digits.
    await user.click(screen.getByRole('button', { name: 'Indiquer les numéros de registre national' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText("N° de registre national de l'enfant"), '19031501285');
    await user.type(within(dialog).getByLabelText('N° de registre national du débiteur'), '85.07.30-033.28');
    await user.type(within(dialog).getByLabelText('Prénom du débiteur'), 'Marie');
    await user.type(within(dialog).getByLabelText('Nom du débiteur'), 'Peeters');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer et demander l'attestation" }));
    expect(
      await within(dialog).findByText(
        'Numéro de registre national invalide (11 chiffres, chiffre de contrôle)',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT /api/certificates/tax-identities/mbr_lea')).toHaveLength(0);
    const child = within(dialog).getByLabelText("N° de registre national de l'enfant");
    await user.clear(child);
    await user.type(child, '19031501284');
    await user.click(within(dialog).getByRole('button', { name: "Enregistrer et demander l'attestation" }));
    await vi.waitFor(() => expect(server.callsTo('POST /api/certificates/tax')).toHaveLength(1));
    expect(server.callsTo('PUT /api/certificates/tax-identities/mbr_lea')[0]!.body).toMatchObject({
      childNationalNumber: '19031501284',
      debtorFirstName: 'Marie',
    });
  });

  it('offers an up-to-date certificate when the amount changed, and a year only once it is over', async () => {
    const option = {
      memberId: 'mbr_lea',
      memberName: 'Léa Peeters',
      blueprintId: 'bp_swim',
      activityName: 'Natation',
      periodId: null,
      periodName: null,
      firstDate: '2026-09-07',
      lastDate: '2026-12-14',
      paidCents: 2000,
    };
    const server = fakeApi({
      'GET /api/certificates/family': () =>
        json(200, {
          yearKind: 'tax',
          healthMutual: [{ ...option, certificate: CERTIFICATE, certificateOutdated: true }],
          years: [
            {
              memberId: 'mbr_lea',
              memberName: 'Léa Peeters',
              year: 2026,
              paidCents: 4000,
              identityOnFile: true,
              yearEnded: false,
              certificates: [],
            },
          ],
        } satisfies FamilyCertificates),
      'POST /api/certificates/health-mutual': () => json(200, CERTIFICATE),
    });
    const user = userEvent.setup();
    renderPage(<FamilyCertificatesPanel />);
    const item = (await screen.findByText('Natation')).closest('li')!;
    expect(within(item).getByText('Le montant payé a changé depuis cette attestation.')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Demander une attestation à jour' }));
    await vi.waitFor(() => expect(server.callsTo('POST /api/certificates/health-mutual')).toHaveLength(1));

    const year = screen.getByText('Léa Peeters · 2026').closest('li')!;
    expect(
      within(year).getByText("Disponible à partir du 1er janvier 2027, une fois l'année terminée."),
    ).toBeInTheDocument();
    expect(within(year).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing to certify yet, and when the list cannot be read', async () => {
    fakeApi({
      'GET /api/certificates/family': () => json(200, { yearKind: 'tax', healthMutual: [], years: [] }),
    });
    renderPage(<FamilyCertificatesPanel />);
    expect(await screen.findByText('Aucune attestation disponible')).toBeInTheDocument();
  });
});

describe('the managers’ bulk certificates', { timeout: 20_000 }, () => {
  beforeEach(() =>
    startSession(signInResult({ user: makeUser({ role: 'org-manager' }), organization: DEMO })),
  );

  it('starts a period’s batch and shows its progress, then its file and the Belcotax export', async () => {
    const batch = (overrides: Partial<CertificateBatchDto>): CertificateBatchDto => ({
      id: 'doc_batch',
      kind: 'health-mutual',
      title: 'Attestation de mutuelle – Automne',
      status: 'running',
      done: 120,
      total: 480,
      failureReason: null,
      year: null,
      periodId: 'per_1',
      fileUrl: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      ...overrides,
    });
    let items: CertificateBatchDto[] = [];
    const server = fakeApi({
      'GET /api/certificates/batches': () => json(200, { items, yearKind: 'tax' }),
      'GET /api/periods': () =>
        json(200, {
          items: [{ id: 'per_1', name: 'Automne', startDate: '2026-09-01', endDate: '2026-12-31' }],
          total: 1,
          page: 1,
          pageSize: 100,
        }),
      'POST /api/certificates/batches': () => {
        items = [batch({})];
        return json(202, items[0]);
      },
    });
    const user = userEvent.setup();
    renderPage(<CertificatesBulkPanel />);
    expect(await screen.findByText('Aucune génération')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Période'), 'per_1');
    const [generate] = screen.getAllByRole('button', { name: 'Générer' });
    await user.click(generate!);
    expect(await screen.findByText('120 / 480')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Attestation de mutuelle – Automne' })).toHaveAttribute(
      'aria-valuenow',
      '120',
    );
    expect(server.callsTo('POST /api/certificates/batches')[0]!.body).toEqual({
      kind: 'health-mutual',
      periodId: 'per_1',
    });
    items = [batch({ status: 'ready', done: 480, fileUrl: '/api/certificates/batches/doc_batch/file' })];
    expect(await screen.findByText('480 / 480', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fichier Belcotax (XML)' })).toBeInTheDocument();
  });

  it("offers an establishment manager his establishment's periods only", async () => {
    startSession(
      signInResult({
        user: makeUser({ role: 'est-manager', establishment: 'est_piscine' }),
        organization: DEMO,
      }),
    );
    const server = fakeApi({
      'GET /api/certificates/batches': () => json(200, { items: [], yearKind: 'tax' }),
      'GET /api/periods': () => json(200, { items: [], total: 0, page: 1, pageSize: 100 }),
    });
    renderPage(<CertificatesBulkPanel />);
    await waitFor(() => expect(server.callsTo('GET /api/periods')).toHaveLength(1));
    expect(server.callsTo('GET /api/periods')[0]!.url).toContain('establishmentId=est_piscine');
  });
});
