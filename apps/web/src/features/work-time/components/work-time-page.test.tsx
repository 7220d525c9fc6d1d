import type { WorkMonthDto, WorkMonthOverview } from '@inscrio/shared';
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
import { WorkTimePage } from './work-time-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

function monthDto(overrides: Partial<WorkMonthDto> = {}): WorkMonthDto {
  return {
    month: '2026-10',
    holder: { id: 'usr_coach', displayName: 'Hugo Martin', volunteer: false },
    status: 'draft',
    submittedAt: null,
    decidedAt: null,
    decidedBy: null,
    managerNote: null,
    editable: true,
    days: [
      {
        day: '2026-10-14',
        minutes: 120,
        sessions: [
          {
            prestationId: 'prs_1',
            serviceId: 'svc_foot',
            activityName: 'Football U10',
            startDateTime: '2026-10-14T15:00:00.000Z',
            duration: 90,
            minutes: 90,
            excludedBecause: null,
          },
          {
            prestationId: 'prs_2',
            serviceId: 'svc_off',
            activityName: 'Tennis',
            startDateTime: '2026-10-14T17:00:00.000Z',
            duration: 60,
            minutes: 0,
            excludedBecause: 'session-cancelled',
          },
        ],
        corrections: [{ id: 'wtc_1', day: '2026-10-14', minutes: 30, note: 'Réunion des entraîneurs' }],
      },
    ],
    weeks: [{ weekStart: '2026-10-12', minutes: 120 }],
    totals: { sessionMinutes: 90, correctionMinutes: 30, totalMinutes: 120, sessions: 1, daysWorked: 1 },
    allowance: null,
    warnings: [],
    ...overrides,
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/work-time', element: <WorkTimePage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
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

describe('« Heures prestées » for a holder', { timeout: 20_000 }, () => {
  beforeEach(() =>
    startSession(signInResult({ user: makeUser({ role: 'user', isHolder: true }), organization: DEMO })),
  );

  it('shows the month day by day, each session linked to its page, and what does not count', async () => {
    fakeApi({ 'GET /api/work-time': () => json(200, monthDto()) });
    renderAt('/work-time?month=2026-10');
    const day = await screen.findByRole('heading', { name: 'mercredi 14 octobre' });
    const card = day.closest('li')!;
    expect(within(card).getByRole('link', { name: /Football U10/ })).toHaveAttribute(
      'href',
      '/holdings/services/svc_foot',
    );
    expect(within(card).getByText('Non comptée : Séance annulée')).toBeInTheDocument();
    expect(within(card).getByText('Réunion des entraîneurs')).toBeInTheDocument();
    expect(within(card).getByText('+30 min')).toBeInTheDocument();
    expect(screen.getByText('Semaine du 12/10/2026')).toBeInTheDocument();
    expect(screen.getByText('Brouillon')).toBeInTheDocument();
  });

  it('adds a correction and submits the month', async () => {
    let current = monthDto();
    const api = fakeApi({
      'GET /api/work-time': () => json(200, current),
      'POST /api/work-time/corrections': () => json(200, current),
      'POST /api/work-time/months/2026-10/submit': () => {
        current = monthDto({ status: 'submitted', editable: false, submittedAt: '2026-11-02T09:00:00.000Z' });
        return json(200, current);
      },
    });
    const user = userEvent.setup();
    renderAt('/work-time?month=2026-10');
    await user.click(await screen.findByRole('button', { name: 'Ajouter une correction' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Jour'));
    await user.type(within(dialog).getByLabelText('Jour'), '2026-10-17');
    await user.selectOptions(within(dialog).getByLabelText('Sens'), 'Retirer du temps');
    await user.clear(within(dialog).getByLabelText('Heures'));
    await user.type(within(dialog).getByLabelText('Heures'), '0');
    await user.clear(within(dialog).getByLabelText('Minutes'));
    await user.type(within(dialog).getByLabelText('Minutes'), '45');
    await user.type(within(dialog).getByLabelText('Note'), 'Séance écourtée');
    // A day of another month is refused under the field, before anything is sent.
    await user.clear(within(dialog).getByLabelText('Jour'));
    await user.type(within(dialog).getByLabelText('Jour'), '2026-11-03');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(dialog).findByText('Choisissez un jour du mois que vous corrigez'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/work-time/corrections')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Jour'));
    await user.type(within(dialog).getByLabelText('Jour'), '2026-10-17');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('POST /api/work-time/corrections')).toHaveLength(1));
    expect(api.callsTo('POST /api/work-time/corrections')[0]!.body).toEqual({
      day: '2026-10-17',
      minutes: -45,
      note: 'Séance écourtée',
      month: '2026-10',
    });

    await user.click(await screen.findByRole('button', { name: 'Soumettre le mois' }));
    await user.click(await screen.findByRole('button', { name: 'Soumettre' }));
    await waitFor(() => expect(api.callsTo('POST /api/work-time/months/2026-10/submit')).toHaveLength(1));
    expect(await screen.findByText('Soumis le 02/11/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ajouter une correction' })).toBeNull();
  });

  it("shows the manager's note when the month was sent back, and the API's field messages", async () => {
    fakeApi({
      'GET /api/work-time': () =>
        json(
          200,
          monthDto({ status: 'rejected', decidedBy: 'Marc Lambert', managerNote: 'Il manque le tournoi.' }),
        ),
      'POST /api/work-time/corrections': () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Les données fournies sont invalides.',
          details: [{ field: 'note', rule: 'required', message: 'Ce champs est requis' }],
        }),
    });
    const user = userEvent.setup();
    renderAt('/work-time?month=2026-10');
    expect(await screen.findByText('Refusé par Marc Lambert : Il manque le tournoi.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter une correction' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champs est requis')).toBeInTheDocument();
  });

  it('says when the month has no hours, and when loading fails', async () => {
    fakeApi({ 'GET /api/work-time': () => json(200, monthDto({ days: [], weeks: [] })) });
    renderAt('/work-time?month=2026-10');
    expect(await screen.findByText('Aucune heure ce mois-ci')).toBeInTheDocument();
    vi.unstubAllGlobals();
    fakeApi({
      'GET /api/work-time': () =>
        json(403, {
          statusCode: 403,
          error: 'forbidden',
          message: 'Vous n’avez pas la permission d’effectuer cette action.',
        }),
    });
    renderAt('/work-time?month=2026-09');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('« Heures prestées » for a manager', { timeout: 20_000 }, () => {
  beforeEach(() =>
    startSession(signInResult({ user: makeUser({ role: 'org-manager' }), organization: DEMO })),
  );

  const overview: WorkMonthOverview = {
    month: '2026-10',
    items: [
      {
        holderId: 'usr_coach',
        displayName: 'Hugo Martin',
        volunteer: false,
        status: 'submitted',
        submittedAt: '2026-11-02T09:00:00.000Z',
        decidedAt: null,
        decidedBy: null,
        managerNote: null,
        totals: { sessionMinutes: 90, correctionMinutes: 30, totalMinutes: 120, sessions: 1, daysWorked: 1 },
        allowance: null,
        warnings: [],
      },
    ],
    total: 1,
    page: 1,
    pageSize: 20,
  };

  it("lists every holder's month and validates one from its detail", async () => {
    let detail = monthDto({ status: 'submitted', editable: false });
    const api = fakeApi({
      'GET /api/work-time/months/2026-10': () => json(200, overview),
      'GET /api/work-time': () => json(200, detail),
      'POST /api/work-time/months/2026-10/holders/usr_coach/validate': () => {
        detail = monthDto({
          status: 'validated',
          editable: false,
          decidedBy: 'Marc Lambert',
          decidedAt: '2026-11-03T09:00:00.000Z',
        });
        return json(200, detail);
      },
    });
    const user = userEvent.setup();
    const router = renderAt('/work-time?month=2026-10');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Hugo Martin')).toBeInTheDocument();
    expect(within(table).getByText('2h00')).toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: 'Voir les heures de Hugo Martin' }));
    expect(router.state.location.search).toBe('?month=2026-10&holderId=usr_coach');
    const session = await screen.findByRole('link', { name: /Football U10/ });
    expect(session).toHaveAttribute('href', '/managing/services/svc_foot');
    expect(screen.queryByRole('button', { name: /Modifier la correction/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/work-time/months/2026-10/holders/usr_coach/validate')).toHaveLength(1),
    );
    expect(await screen.findByText('Validé le 03/11/2026 par Marc Lambert')).toBeInTheDocument();
  });
});
