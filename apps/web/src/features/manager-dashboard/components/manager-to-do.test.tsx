import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@/lib/api-types';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { ManagerToDo } from './manager-to-do';

const MANAGER = makeUser({ id: 'usr_manager', role: 'org-manager', firstName: 'Marc' });
const SEATS = { maxSeats: 16, reservedSeats: 12, freeSeats: 4, fillingRate: 75 };
const session = (id: string, start: string, name: string) => ({
  id,
  blueprintId: 'bp_1',
  blueprintName: name,
  colorCode: '#16A34A',
  establishmentId: 'est_default',
  periodId: null,
  seriesId: null,
  startDateTime: start,
  originalStartDateTime: null,
  duration: 90,
  status: 'confirmed',
  seats: SEATS,
  holders: [],
});

function renderToDo(user: User = MANAGER) {
  startSession(signInResult({ user, organization: DEMO }));
  const router = createMemoryRouter(
    [
      { path: '/', element: <ManagerToDo /> },
      { path: '*', element: <p>Ailleurs</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function api(overrides: Record<string, () => Response> = {}) {
  return fakeApi({
    'GET /api/reviews': () => json(200, { items: [], total: 3, page: 1, pageSize: 1 }),
    'GET /api/invoices/outstanding': () =>
      json(200, { unpaid: { count: 4, amount: 18_550 }, overdue: { count: 1, amount: 4_500 } }),
    'GET /api/organizations/org_demo/warnings': () =>
      json(200, [{ section: 'billing', path: '/configuration/organizations/org_demo?step=billing' }]),
    'GET /api/services': () =>
      json(200, {
        items: [
          session('svc_1', '2026-11-25T16:00:00.000Z', 'Football 6-12 ans'),
          session('svc_2', '2026-11-25T17:30:00.000Z', 'Tennis'),
        ],
        total: 2,
        page: 1,
        pageSize: 100,
      }),
    ...overrides,
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  setAddressOrganization(DEMO);
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe("the manager's to-do", () => {
  it('opens on requests to review, unpaid and overdue amounts, today and the notice, each a link', async () => {
    const server = api();
    renderToDo();
    const reviews = await screen.findByRole('link', { name: /Demandes à traiter/ });
    expect(reviews).toHaveAttribute('href', '/reviews');
    expect(await within(reviews).findByText('3')).toBeInTheDocument();
    expect(within(reviews).getByText('3 demandes attendent votre réponse')).toBeInTheDocument();

    const unpaid = screen.getByRole('link', { name: /Impayés/ });
    expect(unpaid).toHaveAttribute('href', '/accounting?status=pending');
    expect(await within(unpaid).findByText(/185,50/)).toBeInTheDocument();
    expect(within(unpaid).getByText('4 factures en attente de paiement')).toBeInTheDocument();
    const overdue = screen.getByRole('link', { name: /En retard de paiement/ });
    expect(overdue).toHaveAttribute('href', '/accounting?status=overdue');
    expect(within(overdue).getByText(/45,00/)).toBeInTheDocument();

    const football = await screen.findByRole('link', { name: /Football 6-12 ans/ });
    expect(football).toHaveAttribute('href', '/managing/services/svc_1');
    expect(within(football).getByText(/^12 \/ 16 places · 75\s%$/)).toBeInTheDocument();
    expect(within(football).getByRole('meter', { name: 'Remplissage' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(screen.getByRole('link', { name: /Tennis/ })).toHaveAttribute('href', '/managing/services/svc_2');

    expect(await screen.findByText('Informations à compléter')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Facturation' })).toHaveAttribute(
      'href',
      '/configuration/organizations/org_demo?step=billing',
    );
    // Today, from local midnight in Brussels, in one page.
    const url = new URL(`http://x${server.callsTo('GET /api/services')[0]!.url}`);
    expect(url.searchParams.get('pageSize')).toBe('100');
    expect(
      Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!),
    ).toBeGreaterThan(22 * 3_600_000);
  });

  it('says when nothing is waiting and no session is planned today', async () => {
    api({
      'GET /api/reviews': () => json(200, { items: [], total: 0, page: 1, pageSize: 1 }),
      'GET /api/services': () => json(200, { items: [], total: 0, page: 1, pageSize: 100 }),
      'GET /api/organizations/org_demo/warnings': () => json(200, []),
    });
    renderToDo();
    expect(await screen.findByText('Rien en attente')).toBeInTheDocument();
    expect(await screen.findByText("Aucune séance aujourd'hui.")).toBeInTheDocument();
    expect(screen.queryByText('Informations à compléter')).toBeNull();
  });

  it('shows no accounting figures to the manager of a secondary establishment', async () => {
    const server = api();
    renderToDo(makeUser({ id: 'usr_est', role: 'est-manager', establishment: 'est_piscine' }));
    expect(await screen.findByRole('link', { name: /Demandes à traiter/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Impayés/ })).toBeNull();
    expect(server.callsTo('GET /api/invoices/outstanding')).toHaveLength(0);
    expect(server.callsTo('GET /api/organizations/org_demo/warnings')).toHaveLength(0);
  });

  it("offers to retry today's sessions when they cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    api({
      'GET /api/services': () =>
        fail
          ? json(500, { message: 'Erreur interne du serveur.' })
          : json(200, { items: [], total: 0, page: 1, pageSize: 100 }),
    });
    renderToDo();
    expect(
      await screen.findByText('Impossible de charger les séances du jour.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText("Aucune séance aujourd'hui.")).toBeInTheDocument();
  });
});
