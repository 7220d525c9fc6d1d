import type { CalendarItem } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/lib/api-types';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { CalendarPage } from './calendar-page';

const seats = { maxSeats: 20, reservedSeats: 5, freeSeats: 15, fillingRate: 25 };

function item(overrides: Partial<CalendarItem>): CalendarItem {
  return {
    id: 'svc_football',
    serviceName: 'Football 6-12 ans',
    status: 'confirmed',
    colorCode: '#16A34A',
    startDateTime: '2026-11-25T13:00:00.000Z',
    duration: 90,
    seats,
    attendees: [],
    blueprintId: 'bp_football',
    establishmentId: 'est_default',
    originalStartDateTime: null,
    ...overrides,
  };
}

const ITEMS: CalendarItem[] = [
  item({}),
  item({
    id: 'svc_tennis',
    serviceName: 'Tennis',
    startDateTime: '2026-11-26T16:30:00.000Z',
    status: 'cancelled',
  }),
  item({
    id: 'svc_dance',
    serviceName: 'Danse moderne',
    startDateTime: '2026-11-24T16:00:00.000Z',
    status: 'postponed',
    originalStartDateTime: '2026-11-23T16:00:00.000Z',
    seats: { maxSeats: -1, reservedSeats: 2, freeSeats: -1, fillingRate: 0 },
  }),
];

function setup(user: User, items: CalendarItem[], path = '/calendar?date=2026-11-25') {
  startSession(signInResult({ user, organization: DEMO }));
  setAddressOrganization(DEMO);
  const api = fakeApi({
    'GET /api/calendar/items': () => json(200, { items, timeZone: 'Europe/Brussels', truncated: false }),
    'GET /api/calendar/feed': () => json(200, { url: null }),
  });
  const router = createMemoryRouter(
    [
      { path: '/calendar', element: <CalendarPage /> },
      { path: '*', element: <p>Ailleurs</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, router };
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe('the calendar', () => {
  it('lists a week day by day on phones, Monday first, in the organisation time zone', async () => {
    const { api } = setup(makeUser({ role: 'org-manager' }), ITEMS);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Calendrier des séances' }),
    ).toBeInTheDocument();
    expect(screen.getByText('23 – 29 novembre 2026')).toBeInTheDocument();
    await screen.findByText('Football 6-12 ans');
    const days = [...document.querySelectorAll<HTMLElement>('[data-day]')].map((day) => day.dataset.day);
    expect(days).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    // Midnight in Brussels, sent as UTC instants.
    expect(api.callsTo('GET /api/calendar/items')[0]?.url).toBe(
      '/api/calendar/items?from=2026-11-22T23%3A00%3A00.000Z&to=2026-11-29T23%3A00%3A00.000Z',
    );

    const wednesday = document.querySelector('[data-day="2026-11-25"]') as HTMLElement;
    expect(await within(wednesday).findByText('Football 6-12 ans')).toBeInTheDocument();
    expect(within(wednesday).getByText('14:00')).toBeInTheDocument();
    expect(within(wednesday).getByText('15 places libres')).toBeInTheDocument();
    expect(within(wednesday).getByText('25 %')).toBeInTheDocument();
    expect(screen.getByText('Tennis')).toHaveClass('line-through');
    const tuesday = document.querySelector('[data-day="2026-11-24"]') as HTMLElement;
    expect(within(tuesday).getByText('Reportée')).toBeInTheDocument();
    expect(within(tuesday).getByText('Illimité')).toBeInTheDocument();
    expect(
      within(document.querySelector('[data-day="2026-11-23"]') as HTMLElement).getByText('Aucune séance'),
    ).toBeInTheDocument();
  });

  it("opens an item's details in a drawer, with the way to the session's page for managers", async () => {
    const user = userEvent.setup();
    setup(makeUser({ role: 'org-manager' }), ITEMS);
    await user.click(await screen.findByRole('button', { name: /Danse moderne/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Danse moderne' });
    expect(within(drawer).getByText('Mardi 24 novembre 2026')).toBeInTheDocument();
    expect(
      within(drawer).getByText('Séance reportée : initialement prévue le 23/11/2026 17:00.'),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Gérer la séance' })).toHaveAttribute(
      'href',
      '/managing/services/svc_dance',
    );
  });

  it('goes to the next week, back to today, and to the month padded to whole weeks', async () => {
    const user = userEvent.setup();
    const { api, router } = setup(makeUser({ role: 'org-manager' }), ITEMS);
    await screen.findByText('Football 6-12 ans');
    await user.click(screen.getByRole('button', { name: 'Semaine suivante' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-12-02'));
    expect(screen.getByText('30 nov. – 6 déc. 2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mois' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-12-02&view=month'));
    expect(screen.getByText('décembre 2026')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET /api/calendar/items').map((call) => call.url)).toContain(
        // December 2026: Monday 30 November to Sunday 3 January.
        '/api/calendar/items?from=2026-11-29T23%3A00%3A00.000Z&to=2027-01-03T23%3A00%3A00.000Z',
      ),
    );

    await user.click(screen.getByRole('button', { name: "Aujourd'hui" }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=month'));
  });

  it('draws the week on a time grid on wide screens, and the month with its items', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: true,
          media: query,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const user = userEvent.setup();
    setup(makeUser({ role: 'org-manager' }), ITEMS);
    const grid = await screen.findByText('Football 6-12 ans');
    expect(grid.closest('[data-calendar-view]')).toHaveAttribute('data-calendar-view', 'week');
    expect(screen.getByText('14:00 – 15:30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mois' }));
    const month = await screen.findByText('Football 6-12 ans');
    expect(month.closest('[data-calendar-view]')).toHaveAttribute('data-calendar-view', 'month');
  });

  it('tells a family without sessions where to find activities', async () => {
    setup(makeUser(), []);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes activités' })).toBeInTheDocument();
    expect(await screen.findByText('Aucune séance à venir pour votre famille')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parcourir le catalogue' })).toHaveAttribute('href', '/catalog');
  });

  it('names the family members attending each session and shows a family no seat figures', async () => {
    const user = userEvent.setup();
    const family = [
      item({ seats: null, attendees: ['Léa', 'Tom'] }),
      item({
        id: 'svc_swim',
        serviceName: 'Natation',
        startDateTime: '2026-11-26T16:30:00.000Z',
        seats: null,
        attendees: ['Léa'],
      }),
    ];
    setup(makeUser(), family);
    expect(await screen.findByText('Football 6-12 ans — Léa et Tom')).toBeInTheDocument();
    expect(screen.getByText('Natation — Léa')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/places libres|Complet|Illimité|%/);

    await user.click(screen.getByRole('button', { name: /Natation — Léa/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Natation — Léa' });
    expect(within(drawer).getByText('Participant de votre famille')).toBeInTheDocument();
    expect(within(drawer).getByText('Léa')).toBeInTheDocument();
    expect(within(drawer).queryByText('Places')).toBeNull();
    expect(within(drawer).queryByText('Taux de remplissage')).toBeNull();
    expect(within(drawer).getByRole('link', { name: "Voir l'activité" })).toBeInTheDocument();
  });
});
