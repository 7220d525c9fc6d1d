import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import type { ServiceDetail } from '../api/types';
import { CreateServicesPage } from './create-services-page';
import { PrestationPage } from './prestation-page';
import { ServicePage } from './service-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });

const BLUEPRINT = {
  id: 'bp_swim',
  name: 'Natation enfants',
  colorCode: '#0EA5E9',
  establishmentId: 'est_piscine',
  establishmentName: 'Piscine communale',
  duration: 60,
  maxSeats: 12,
  archivedAt: null,
};

const SERVICE: ServiceDetail = {
  id: 'svc_1',
  blueprintId: 'bp_swim',
  blueprintName: 'Natation enfants',
  colorCode: '#0EA5E9',
  establishmentId: 'est_piscine',
  periodId: null,
  seriesId: null,
  startDateTime: '2026-11-04T16:00:00.000Z',
  originalStartDateTime: '2026-10-28T16:00:00.000Z',
  duration: 60,
  status: 'postponed',
  seats: { maxSeats: 12, reservedSeats: 3, freeSeats: 9, fillingRate: 25 },
  holders: [{ id: 'usr_h', displayName: 'Hugo Martin' }],
  attendees: [],
  prestations: [
    { id: 'prs_1', holderUserId: 'usr_h', holderName: 'Hugo Martin', status: 'assigned', absenceNote: null },
  ],
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.createService.pattern, element: <CreateServicesPage /> },
      { path: paths.managedService.pattern, element: <ServicePage /> },
      { path: paths.managedPrestation.pattern, element: <PrestationPage /> },
      { path: paths.blueprint.pattern, element: <p>Fiche de l'activité</p> },
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
  vi.mocked(toast.success).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('scheduling sessions', () => {
  it(
    'prefills from the activity, previews a weekly series in the time zone, then creates it',
    { timeout: 20_000 },
    async () => {
      const preview = {
        preview: true,
        seriesId: null,
        duration: 60,
        maxSeats: 12,
        count: 2,
        items: [
          { id: null, startDateTime: '2026-10-21T15:00:00.000Z', date: '2026-10-21', time: '17:00' },
          { id: null, startDateTime: '2026-10-28T16:00:00.000Z', date: '2026-10-28', time: '17:00' },
        ],
      };
      const server = fakeApi({
        'GET /api/blueprints': () => json(200, page([BLUEPRINT])),
        'GET /api/periods': () => json(200, page([])),
        'GET /api/holders': () =>
          json(200, page([{ id: 'usr_h', displayName: 'Hugo Martin', email: 'holder@demo.test' }])),
        'POST /api/services': (call) =>
          (call.body as { preview?: boolean }).preview
            ? json(200, preview)
            : json(201, {
                ...preview,
                preview: false,
                seriesId: 'ser_1',
                items: preview.items.map((item, i) => ({ ...item, id: `svc_${i}` })),
              }),
      });
      const user = userEvent.setup();
      const router = renderAt('/services/create?blueprintId=bp_swim');

      expect(await screen.findByLabelText('Durée (minutes)')).toHaveValue('60');
      expect(screen.getByLabelText('Nombre de places')).toHaveValue('12');
      await user.click(screen.getByRole('button', { name: "Voir l'aperçu" }));
      expect(await screen.findByText('Choisissez au moins un jour de la semaine')).toBeInTheDocument();

      await user.click(screen.getByLabelText('Mercredi'));
      await user.type(screen.getByLabelText('Heure'), '17:00');
      await user.type(screen.getByLabelText('Du'), '2026-10-19');
      await user.type(screen.getByLabelText('Au'), '2026-11-01');
      await user.type(screen.getByLabelText('Jours exclus (facultatif)'), '2026-10-14');
      await user.click(screen.getByRole('button', { name: 'Exclure' }));
      await user.click(screen.getByLabelText(/Hugo Martin/));
      await user.click(screen.getByRole('button', { name: "Voir l'aperçu" }));

      const dates = await screen.findAllByText(/\/2026 17:00$/);
      expect(dates.map((item) => item.textContent)).toEqual([
        'mer. 21/10/2026 17:00',
        'mer. 28/10/2026 17:00',
      ]);
      expect(server.callsTo('POST /api/services')[0]?.body).toEqual({
        blueprintId: 'bp_swim',
        series: {
          daysOfWeek: [3],
          time: '17:00',
          fromDate: '2026-10-19',
          toDate: '2026-11-01',
          skipDates: ['2026-10-14'],
        },
        duration: 60,
        maxSeats: 12,
        periodId: null,
        holderIds: ['usr_h'],
        preview: true,
      });

      await user.click(screen.getByRole('button', { name: 'Créer 2 séances' }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/managing/blueprints/bp_swim'));
      expect(server.callsTo('POST /api/services')[1]?.body).toMatchObject({ preview: false });
      expect(toast.success).toHaveBeenCalledWith('2 séances ont été créées.');
    },
  );
});

describe('the session page', () => {
  it('shows a postponed session with its first date struck through, its seats and its empty attendee list', async () => {
    fakeApi({ 'GET /api/services/svc_1': () => json(200, SERVICE) });
    renderAt('/managing/services/svc_1');
    expect(await screen.findByText('Reportée')).toBeInTheDocument();
    const original = document.querySelector('[data-original-date] s');
    expect(original?.textContent).toBe('28/10/2026 17:00');
    expect(screen.getByText('Aucun participant pour le moment')).toBeInTheDocument();
    expect(screen.getByText('25 %')).toBeInTheDocument();
    expect(screen.getByText(/04\/11\/2026/)).toBeInTheDocument();
  });

  it('cancels the session after a confirmation', async () => {
    const server = fakeApi({
      'GET /api/services/svc_1': () => json(200, SERVICE),
      'POST /api/services/svc_1/cancel': () => json(200, { ...SERVICE, status: 'cancelled' }),
    });
    const user = userEvent.setup();
    renderAt('/managing/services/svc_1');
    await user.click(await screen.findByRole('button', { name: 'Annuler la séance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la séance ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la séance' }));
    expect(await screen.findByText('Cette séance est annulée.')).toBeInTheDocument();
    expect(server.callsTo('POST /api/services/svc_1/cancel')).toHaveLength(1);
  });

  it('assigns a holder from the picker', async () => {
    const server = fakeApi({
      'GET /api/services/svc_1': () => json(200, { ...SERVICE, prestations: [] }),
      'GET /api/holders': () =>
        json(200, page([{ id: 'usr_h', displayName: 'Hugo Martin', email: 'holder@demo.test' }])),
      'POST /api/services/svc_1/prestations': () => json(201, {}),
    });
    const user = userEvent.setup();
    renderAt('/managing/services/svc_1');
    await user.click(await screen.findByRole('button', { name: 'Assigner un titulaire' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Assigner' }));
    await vi.waitFor(() => expect(server.callsTo('POST /api/services/svc_1/prestations')).toHaveLength(1));
    expect(server.callsTo('POST /api/services/svc_1/prestations')[0]?.body).toEqual({
      holderUserId: 'usr_h',
    });
  });
});

describe('the prestation page', () => {
  it('records the holder absence with a note', async () => {
    const prestation = {
      id: 'prs_1',
      status: 'assigned',
      absenceNote: null,
      service: { ...SERVICE, status: 'confirmed' },
      holder: { id: 'usr_h', displayName: 'Hugo Martin', email: 'holder@demo.test' },
    };
    const server = fakeApi({
      'GET /api/prestations/prs_1': () => json(200, prestation),
      'PATCH /api/prestations/prs_1/absence': () =>
        json(200, { ...prestation, status: 'absent', absenceNote: 'Malade' }),
    });
    const user = userEvent.setup();
    renderAt('/managing/prestations/prs_1');
    await user.type(await screen.findByLabelText('Note (facultatif)'), 'Malade');
    await user.click(screen.getByRole('button', { name: "Signaler l'absence" }));
    expect(await screen.findByText('Titulaire absent')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/prestations/prs_1/absence')[0]?.body).toEqual({
      absent: true,
      note: 'Malade',
    });
  });
});
