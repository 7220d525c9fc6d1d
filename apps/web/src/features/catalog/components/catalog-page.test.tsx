import type { CatalogItem, CatalogPage as CatalogPageData } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { catalogItem } from '../testing/fixtures';
import { CatalogPage } from './catalog-page';

const page = (items: CatalogItem[], total = items.length, number = 1): CatalogPageData => ({
  items,
  total,
  page: number,
  pageSize: 12,
});

const ESTABLISHMENTS = {
  items: [
    {
      id: 'est_default',
      name: 'Complexe sportif principal',
      address: null,
      city: null,
      postalCode: null,
      country: null,
    },
    {
      id: 'est_piscine',
      name: 'Piscine communale',
      address: null,
      city: null,
      postalCode: null,
      country: null,
    },
  ],
  total: 2,
  page: 1,
  pageSize: 100,
};

function renderCatalog(path = '/catalog') {
  const router = createMemoryRouter(
    [
      { path: '/catalog', element: <CatalogPage /> },
      { path: '/catalog/blueprints/:id', element: <p>Détail</p> },
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
  startSession(signInResult({ user: makeUser(), organization: DEMO }));
  setAddressOrganization(DEMO);
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe('the catalogue', () => {
  it('shows each activity with its price, texts and next sessions in the organisation time zone', async () => {
    fakeApi({
      'GET /api/catalog/blueprints': () =>
        json(
          200,
          page([
            catalogItem(),
            catalogItem({
              id: 'bp_yoga',
              name: 'Yoga adultes',
              price: 1200,
              supplements: [],
              nextSessions: [],
            }),
          ]),
        ),
      'GET /api/establishments/public': () => json(200, ESTABLISHMENTS),
    });
    renderCatalog();
    const dance = (await screen.findByText('Danse moderne')).closest('[data-activity]') as HTMLElement;
    expect(within(dance).getByText('dès 9,00 €')).toBeInTheDocument();
    expect(within(dance).getByText('1h00')).toBeInTheDocument();
    expect(within(dance).getByText('Entre 8 ans et 14 ans')).toBeInTheDocument();
    expect(within(dance).getByText('15 places')).toBeInTheDocument();
    expect(within(dance).getByText('mar. 24/11/2026 17:00')).toBeInTheDocument();
    expect(within(dance).getByText('Complet')).toBeInTheDocument();
    expect(within(dance).getByRole('link', { name: 'Danse moderne' })).toHaveAttribute(
      'href',
      '/catalog/blueprints/bp_dance',
    );

    const yoga = screen.getByText('Yoga adultes').closest('[data-activity]') as HTMLElement;
    expect(within(yoga).getByText('12,00 €')).toBeInTheDocument();
    expect(within(yoga).getByText('Aucune séance programmée pour le moment')).toBeInTheDocument();
    expect(screen.getByText('2 activités')).toBeInTheDocument();
  });

  it('searches once typing pauses and filters by establishment and day, Monday first', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /api/catalog/blueprints': (call) =>
        json(200, call.url.includes('q=nat') ? page([]) : page([catalogItem()])),
      'GET /api/establishments/public': () => json(200, ESTABLISHMENTS),
    });
    const router = renderCatalog();
    await screen.findByText('Danse moderne');

    await user.selectOptions(await screen.findByLabelText('Établissement'), 'est_piscine');
    const day = screen.getByLabelText('Jour');
    expect([...day.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Tous les jours',
      'Lundi',
      'Mardi',
      'Mercredi',
      'Jeudi',
      'Vendredi',
      'Samedi',
      'Dimanche',
    ]);
    await user.selectOptions(day, '3');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?establishmentId=est_piscine&dayOfWeek=3'),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une activité' }), 'nat');
    expect(await screen.findByText('Aucune activité ne correspond à votre recherche')).toBeInTheDocument();
    const urls = api.callsTo('GET /api/catalog/blueprints').map((call) => call.url);
    // One request for the whole word, not one per letter.
    expect(urls.filter((url) => url.includes('q='))).toEqual([
      '/api/catalog/blueprints?q=nat&establishmentId=est_piscine&dayOfWeek=3&page=1&pageSize=12',
    ]);

    // The empty state's button clears everything, the search box included.
    await user.click(screen.getAllByRole('button', { name: 'Effacer les filtres' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Danse moderne')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Rechercher une activité' })).toHaveValue('');
  });

  it('lets a family filter by the periods not over yet', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/catalog/blueprints': () => json(200, page([catalogItem()])),
      'GET /api/establishments/public': () => json(200, ESTABLISHMENTS),
      'GET /api/catalog/periods': () =>
        json(200, [
          {
            id: 'per_1',
            name: 'Trimestre d’hiver',
            establishmentId: 'est_default',
            startDate: '2027-01-04',
            endDate: '2027-03-26',
          },
        ]),
    });
    const router = renderCatalog();
    await screen.findByText('Danse moderne');
    const period = await screen.findByLabelText('Période');
    expect(
      within(period).getByRole('option', { name: 'Trimestre d’hiver (04/01/2027 – 26/03/2027)' }),
    ).toBeInTheDocument();
    await user.selectOptions(period, 'per_1');
    await waitFor(() => expect(router.state.location.search).toBe('?periodId=per_1'));
  });

  it("loads more with 'Voir plus'", async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/catalog/blueprints': (call) =>
        json(
          200,
          call.url.includes('page=2')
            ? page([catalogItem({ id: 'bp_2', name: 'Tennis' })], 13, 2)
            : page([catalogItem()], 13, 1),
        ),
      'GET /api/establishments/public': () => json(200, ESTABLISHMENTS),
    });
    renderCatalog();
    await screen.findByText('Danse moderne');
    expect(screen.getByText('1 sur 13 activités')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voir plus' }));
    expect(await screen.findByText('Tennis')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
  });

  it('shows the error state with a retry', async () => {
    fakeApi({
      'GET /api/catalog/blueprints': () =>
        json(403, {
          statusCode: 403,
          error: 'forbidden',
          message: 'Vous n’avez pas la permission d’effectuer cette action.',
        }),
      'GET /api/establishments/public': () => json(200, ESTABLISHMENTS),
    });
    renderCatalog();
    expect(await screen.findByText("Le catalogue n'a pas pu être chargé")).toBeInTheDocument();
    expect(screen.getByText('Vous n’avez pas la permission d’effectuer cette action.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});

describe('activities open on request only', () => {
  it('carry a « Sur demande » badge on their card for a family', async () => {
    fakeApi({
      'GET /api/catalog/blueprints': () =>
        json(
          200,
          page([
            catalogItem(),
            catalogItem({ id: 'bp_tennis', name: 'Tennis', visibility: 'protected', supplements: [] }),
          ]),
        ),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
    });
    renderCatalog();
    const tennis = (await screen.findByRole('link', { name: 'Tennis' })).closest('.group') as HTMLElement;
    expect(within(tennis).getByText('Sur demande')).toBeInTheDocument();
    const dance = screen.getByRole('link', { name: 'Danse moderne' }).closest('.group') as HTMLElement;
    expect(within(dance).queryByText('Sur demande')).toBeNull();
  });
});
