import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import type { Period, PeriodService, PlanNextPreview } from '../api/types';
import { CreatePeriodPage } from './create-period-page';
import { ManageServicesPage } from './manage-services-page';
import { PeriodPage } from './period-page';
import { PlanNextPage } from './plan-next-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });
const ESTABLISHMENTS = page([{ id: 'est_default', name: 'Complexe sportif principal', isDefault: true }]);

const PERIOD: Period = {
  id: 'per_1',
  name: 'Automne 2026',
  establishmentId: 'est_default',
  establishmentName: 'Complexe sportif principal',
  startDate: '2026-09-01',
  endDate: '2026-12-31',
  registrationOpensAt: '2026-08-11T07:00:00.000Z',
  previousPeriodId: null,
  servicesCount: 0,
  registrationsCount: 0,
};

const session = (id: string, start: string, seriesId: string | null): PeriodService => ({
  id,
  blueprintId: 'bp_judo',
  blueprintName: 'Judo',
  colorCode: '#2563EB',
  establishmentId: 'est_default',
  periodId: null,
  seriesId,
  startDateTime: start,
  originalStartDateTime: null,
  duration: 60,
  status: 'confirmed',
  seats: { maxSeats: 10, reservedSeats: 0, freeSeats: 10, fillingRate: 0 },
  holders: [],
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.createPeriod.pattern, element: <CreatePeriodPage /> },
      { path: paths.period.pattern, element: <PeriodPage /> },
      { path: paths.periodManageServices.pattern, element: <ManageServicesPage /> },
      { path: paths.periodPlanNext.pattern, element: <PlanNextPage /> },
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

describe('creating a period', () => {
  it(
    'validates with the shared rules and sends the opening as an instant of the organisation time zone',
    { timeout: 20_000 },
    async () => {
      const server = fakeApi({
        'GET /api/establishments': () => json(200, ESTABLISHMENTS),
        'POST /api/periods': () => json(201, PERIOD),
        'GET /api/periods/per_1': () => json(200, PERIOD),
        'GET /api/services': () => json(200, page([])),
      });
      const user = userEvent.setup();
      const router = renderAt('/periods/create');
      await user.click(await screen.findByRole('button', { name: 'Créer la période' }));
      expect(await screen.findAllByText('Ce champs est requis')).toHaveLength(3);

      await user.type(screen.getByLabelText('Nom'), 'Automne 2026');
      await user.type(screen.getByLabelText('Date de début'), '2026-12-31');
      await user.type(screen.getByLabelText('Date de fin'), '2026-09-01');
      await user.click(screen.getByRole('button', { name: 'Créer la période' }));
      expect(
        await screen.findByText('La date de fin ne peut pas être antérieure à la date de début'),
      ).toBeInTheDocument();

      await user.clear(screen.getByLabelText('Date de début'));
      await user.type(screen.getByLabelText('Date de début'), '2026-09-01');
      await user.clear(screen.getByLabelText('Date de fin'));
      await user.type(screen.getByLabelText('Date de fin'), '2026-12-31');
      await user.type(screen.getByLabelText('Date'), '2026-08-11');
      await user.type(screen.getByLabelText('Heure'), '09:00');
      await user.click(screen.getByRole('button', { name: 'Créer la période' }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/managing/periods/per_1'));
      expect(server.callsTo('POST /api/periods')[0]?.body).toEqual({
        name: 'Automne 2026',
        startDate: '2026-09-01',
        endDate: '2026-12-31',
        registrationOpensAt: '2026-08-11T07:00:00.000Z',
        establishmentId: 'est_default',
      });
    },
  );
});

describe('the sessions of a period', () => {
  it('adds a whole series in one click', async () => {
    const server = fakeApi({
      'GET /api/periods/per_1': () => json(200, PERIOD),
      'GET /api/blueprints': () => json(200, page([{ id: 'bp_judo', name: 'Judo' }])),
      'GET /api/services': (call) =>
        call.url.includes('periodId=none')
          ? json(
              200,
              page([
                session('s1', '2026-10-19T15:00:00.000Z', 'ser_1'),
                session('s2', '2026-10-26T16:00:00.000Z', 'ser_1'),
              ]),
            )
          : json(200, page([])),
      'POST /api/periods/per_1/services': () => json(200, { updated: 2 }),
    });
    const user = userEvent.setup();
    renderAt('/periods/per_1/manage-services');
    expect(
      await screen.findByText('2 séances, du 19/10/2026 au 26/10/2026 · lun. 17:00'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter la série' }));
    await vi.waitFor(() => expect(server.callsTo('POST /api/periods/per_1/services')).toHaveLength(1));
    expect(server.callsTo('POST /api/periods/per_1/services')[0]?.body).toEqual({ seriesIds: ['ser_1'] });
    expect(toast.success).toHaveBeenCalledWith('2 séances ont été ajoutées à la période.');
  });

  it('offers deletion of an empty period only', async () => {
    fakeApi({
      'GET /api/periods/per_1': () => json(200, { ...PERIOD, servicesCount: 3 }),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'GET /api/services': () => json(200, page([session('s1', '2026-10-19T15:00:00.000Z', null)])),
    });
    renderAt('/managing/periods/per_1');
    expect(await screen.findByRole('link', { name: 'Gérer les séances' })).toHaveAttribute(
      'href',
      '/periods/per_1/manage-services',
    );
    expect(screen.getByRole('link', { name: 'Planifier la période suivante' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
  });
});

describe('planning the next period', () => {
  it(
    'starts from the preview, shows the copied sessions and creates the period',
    { timeout: 20_000 },
    async () => {
      const preview = (weeks: number): PlanNextPreview => ({
        sourcePeriodId: 'per_1',
        weeks,
        name: 'Automne 2026 (suite)',
        establishmentId: 'est_default',
        startDate: '2027-01-05',
        endDate: '2027-05-06',
        registrationOpensAt: '2026-12-15T08:00:00.000Z',
        services: [
          {
            sourceServiceId: 's1',
            blueprintId: 'bp_judo',
            blueprintName: 'Judo',
            colorCode: '#2563EB',
            sourceStartDateTime: '2026-10-19T15:00:00.000Z',
            startDateTime: '2027-02-15T16:00:00.000Z',
            date: '2027-02-15',
            time: '17:00',
            duration: 60,
            maxSeats: 10,
            sourceSeriesId: 'ser_1',
            holders: [{ id: 'usr_h', displayName: 'Hugo Martin' }],
          },
        ],
      });
      const server = fakeApi({
        'GET /api/periods/per_1': () => json(200, PERIOD),
        'GET /api/periods/per_1/plan-next': (call) =>
          json(200, preview(Number(new URL(call.url, 'http://x').searchParams.get('weeks') ?? 17))),
        'POST /api/periods/per_1/plan-next': () =>
          json(201, { periodId: 'per_2', servicesCount: 1, prestationsCount: 1, seriesCount: 1 }),
        'GET /api/periods/per_2': () => json(200, { ...PERIOD, id: 'per_2' }),
        'GET /api/establishments': () => json(200, ESTABLISHMENTS),
        'GET /api/services': () => json(200, page([])),
      });
      const user = userEvent.setup();
      const router = renderAt('/periods/per_1/plan-next');
      // The form is filled from the first preview once it has arrived: wait for that, not just the field.
      await vi.waitFor(() => expect(screen.getByLabelText('Décalage (semaines)')).toHaveValue('17'));
      expect(screen.getByLabelText('Nom')).toHaveValue('Automne 2026 (suite)');
      expect(screen.getAllByText('lun. 15/02/2027 17:00').length).toBeGreaterThan(0);
      expect(screen.getAllByText('Hugo Martin').length).toBeGreaterThan(0);

      await user.clear(screen.getByLabelText('Nom'));
      await user.type(screen.getByLabelText('Nom'), 'Hiver 2027');
      await user.click(screen.getByRole('button', { name: 'Créer la période et 1 séance' }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/managing/periods/per_2'));
      expect(server.callsTo('POST /api/periods/per_1/plan-next')[0]?.body).toEqual({
        weeks: 17,
        name: 'Hiver 2027',
        registrationOpensAt: '2026-12-15T08:00:00.000Z',
      });
      expect(toast.success).toHaveBeenCalledWith('La période « Hiver 2027 » a été créée avec 1 séance.');
    },
  );
});
