import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/api-types';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import type { Prestation, Service, ServiceDetail } from '../api/types';
import { HoldingServicePage, HoldingServicesPage } from './holding-pages';
import { HoldingPrestationPage } from './holding-prestation-page';

const HOLDER = makeUser({ id: 'usr_holder', isHolder: true, firstName: 'Hugo', lastName: 'Martin' });

function service(overrides: Partial<Service> = {}): Service {
  return {
    id: 'svc_1',
    blueprintId: 'bp_football',
    blueprintName: 'Football 6-12 ans',
    colorCode: '#16A34A',
    establishmentId: 'est_default',
    periodId: null,
    seriesId: null,
    // 13:00 UTC is 14:00 in Brussels in November.
    startDateTime: '2026-11-25T13:00:00.000Z',
    originalStartDateTime: null,
    duration: 90,
    status: 'confirmed',
    seats: { maxSeats: 20, reservedSeats: 8, freeSeats: 12, fillingRate: 40 },
    holders: [{ id: 'usr_holder', displayName: 'Hugo Martin' }],
    ...overrides,
  };
}

const DETAIL: ServiceDetail = {
  ...service(),
  attendees: [],
  prestations: [
    {
      id: 'prs_1',
      holderUserId: 'usr_holder',
      holderName: 'Hugo Martin',
      status: 'assigned',
      absenceNote: null,
    },
    {
      id: 'prs_2',
      holderUserId: 'usr_other',
      holderName: 'Julie Dubois',
      status: 'absent',
      absenceNote: 'Malade',
    },
  ],
};

const PRESTATION: Prestation = {
  id: 'prs_1',
  status: 'assigned',
  absenceNote: null,
  service: {
    id: 'svc_1',
    blueprintId: 'bp_football',
    blueprintName: 'Football 6-12 ans',
    colorCode: '#16A34A',
    establishmentId: 'est_default',
    startDateTime: '2026-11-25T13:00:00.000Z',
    duration: 90,
    status: 'confirmed',
  },
  holder: { id: 'usr_holder', displayName: 'Hugo Martin', email: 'holder@demo.test' },
};

function renderAt(path: string, user: User = HOLDER) {
  startSession(signInResult({ user, organization: DEMO }));
  setAddressOrganization(DEMO);
  const router = createMemoryRouter(
    [
      { path: '/holdings/services', element: <HoldingServicesPage /> },
      { path: '/holdings/services/:id', element: <HoldingServicePage /> },
      { path: '/holdings/prestations/:id', element: <HoldingPrestationPage /> },
      { path: '*', element: <p>Ailleurs</p> },
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

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe("a holder's sessions", () => {
  it('are listed by day from today, each linking to its page', async () => {
    const api = fakeApi({
      'GET /api/services': () =>
        json(200, {
          items: [
            service(),
            service({
              id: 'svc_2',
              startDateTime: '2026-11-25T16:30:00.000Z',
              blueprintName: 'Tennis',
              status: 'cancelled',
            }),
            service({ id: 'svc_3', startDateTime: '2026-11-28T09:00:00.000Z' }),
          ],
          total: 3,
          page: 1,
          pageSize: 20,
        }),
    });
    renderAt('/holdings/services?from=2026-11-25');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes séances' })).toBeInTheDocument();
    const wednesday = (await screen.findByText('Mercredi 25 novembre 2026')).closest('li') as HTMLElement;
    expect(within(wednesday).getAllByRole('link')).toHaveLength(2);
    expect(within(wednesday).getByText('14:00')).toBeInTheDocument();
    expect(within(wednesday).getByText('Annulée')).toBeInTheDocument();
    expect(within(wednesday).getAllByRole('link')[0]).toHaveAttribute('href', '/holdings/services/svc_1');
    expect(screen.getByText('Samedi 28 novembre 2026')).toBeInTheDocument();
    expect(screen.getByText('3 séances')).toBeInTheDocument();
    // From midnight of the chosen day in Brussels.
    expect(api.callsTo('GET /api/services')[0]?.url).toBe(
      '/api/services?from=2026-11-24T23%3A00%3A00.000Z&page=1&pageSize=20',
    );
  });

  it("show the session's seats and holders, and lead the holder to their own assignment", async () => {
    fakeApi({
      'GET /api/services/svc_1': () => json(200, DETAIL),
      'GET /api/attendance/services/svc_1': () =>
        json(200, { service: DETAIL, participants: [], counts: { present: 0, absent: 0, unmarked: 0 } }),
    });
    renderAt('/holdings/services/svc_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Football 6-12 ans' })).toBeInTheDocument();
    expect(screen.getByText('Mercredi 25 novembre 2026')).toBeInTheDocument();
    expect(screen.getByText('14:00 – 15:30', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('40 %')).toBeInTheDocument();
    expect(screen.getByText('(vous)')).toBeInTheDocument();
    expect(screen.getByText('Malade')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Déclarer une absence' })).toHaveAttribute(
      'href',
      '/holdings/prestations/prs_1',
    );
    expect(await screen.findByText('Aucun participant confirmé pour cette séance.')).toBeInTheDocument();
  });
});

describe("a holder's absence", () => {
  it('is declared with a note after a confirmation', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      'GET /api/prestations/prs_1': () => json(200, PRESTATION),
      'PATCH /api/prestations/prs_1/absence': (call) =>
        json(200, { ...PRESTATION, status: 'absent', absenceNote: (call.body as { note: string }).note }),
    });
    renderAt('/holdings/prestations/prs_1');
    await user.type(await screen.findByLabelText('Note (facultative)'), 'Malade, remplacé par Julie');
    await user.click(screen.getByRole('button', { name: 'Déclarer mon absence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Déclarer votre absence ?' });
    expect(api.callsTo('PATCH /api/prestations/prs_1/absence')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Déclarer mon absence' }));
    expect(await screen.findByText('Vous avez déclaré votre absence pour cette séance.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/prestations/prs_1/absence')[0]?.body).toEqual({
      absent: true,
      note: 'Malade, remplacé par Julie',
    });
    expect(success).toHaveBeenCalledWith('Votre absence a été enregistrée.');
    expect(
      screen.getByText('Pour annuler cette déclaration, contactez un gestionnaire.'),
    ).toBeInTheDocument();
  });

  it('refuses a note longer than the shared rule allows, with its message', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/prestations/prs_1': () => json(200, PRESTATION) });
    renderAt('/holdings/prestations/prs_1');
    const note = await screen.findByLabelText('Note (facultative)');
    await user.click(note);
    await user.paste('x'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Déclarer mon absence' }));
    await waitFor(() =>
      expect(screen.getByText(/Ce champ doit contenir au plus 1\s?000 caractères/)).toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
