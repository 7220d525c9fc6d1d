import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { catalogDetail } from '../testing/fixtures';
import { CatalogBlueprintPage } from './catalog-blueprint-page';

function renderDetail(id = 'bp_dance') {
  const router = createMemoryRouter(
    [{ path: '/catalog/blueprints/:id', element: <CatalogBlueprintPage /> }],
    {
      initialEntries: [`/catalog/blueprints/${id}`],
    },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
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

describe("an activity's page", () => {
  it('shows its details, supplements and sessions, and says registration opens soon', async () => {
    fakeApi({ 'GET /api/catalog/blueprints/bp_dance': () => json(200, catalogDetail()) });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Danse moderne' })).toBeInTheDocument();
    expect(screen.getByText('dès 9,00 €')).toBeInTheDocument();
    expect(screen.getByText('Salle de danse')).toBeInTheDocument();
    expect(screen.getByText('0 %')).toBeInTheDocument();

    expect(screen.getByText('Les inscriptions ouvrent bientôt.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "S'inscrire" })).toBeDisabled();

    const supplements = screen.getByText('Costume du spectacle').closest('ul') as HTMLElement;
    expect(within(supplements).getByText('+ 25,00 €')).toBeInTheDocument();
    expect(within(supplements).getByText('Pour tous les âges')).toBeInTheDocument();
    expect(within(supplements).getByText('Entre 6 ans et 8 ans')).toBeInTheDocument();

    const sessions = document.querySelectorAll<HTMLElement>('[data-session]');
    expect(sessions).toHaveLength(3);
    const [confirmed, postponed, cancelled] = [...sessions] as [HTMLElement, HTMLElement, HTMLElement];
    // In the organisation's time zone: 16:00 UTC is 17:00 in Brussels.
    expect(within(confirmed).getAllByText('17:00 – 18:00', { exact: false })).not.toHaveLength(0);
    expect(within(confirmed).getByText('Confirmée')).toBeInTheDocument();
    expect(within(confirmed).getByText('12 places libres')).toBeInTheDocument();
    expect(within(postponed).getByText('Reportée')).toBeInTheDocument();
    expect(within(postponed).getByText('Complet')).toBeInTheDocument();
    expect(
      within(postponed).getByText('Reportée : initialement prévue le 01/12/2026 17:00'),
    ).toBeInTheDocument();
    expect(within(cancelled).getByText('Annulée')).toBeInTheDocument();
  });

  it("shows 'En ligne' for an online activity and 'Illimité' for unlimited seats", async () => {
    const detail = catalogDetail({ locationType: 'online', location: null });
    detail.sessions = [
      { ...detail.sessions[0]!, seats: { maxSeats: -1, reservedSeats: 4, freeSeats: -1, fillingRate: 0 } },
    ];
    fakeApi({ 'GET /api/catalog/blueprints/bp_dance': () => json(200, detail) });
    renderDetail();
    expect(await screen.findByText('En ligne')).toBeInTheDocument();
    expect(
      within(document.querySelector('[data-session]') as HTMLElement).getByText('Illimité'),
    ).toBeInTheDocument();
  });

  it('says the activity cannot be found, without a pointless retry', async () => {
    fakeApi({});
    renderDetail('nope');
    expect(await screen.findByText('Les données fournies sont introuvables.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour au catalogue' })).toHaveAttribute('href', '/catalog');
  });
});
