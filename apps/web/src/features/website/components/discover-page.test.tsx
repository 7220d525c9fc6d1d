import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json } from '@/test/fake-api';
import type { PublicWebsite } from '../api/website';
import { DiscoverPage } from './discover-page';

/*
 * `/discover` (issue #19, spec sections 2, 3, 5 and 8): the club's public page for visitors not signed
 * in; a short page when the website is off; the index when its data cannot be read.
 */

const WEBSITE: PublicWebsite = {
  enabled: true,
  title: 'Club Sportif Démo',
  description: '<p>Natation et <strong>multisport</strong> pour tous.</p><script>alert(1)</script>',
  faviconAsset: null,
  logoAsset: 'ast_logo',
  backgroundAsset: null,
  faviconUrl: null,
  logoUrl: '/api/assets/serve/ast_logo?orgId=org_demo',
  backgroundUrl: null,
  contactEmail: 'contact@club-demo.be',
  contactPhone: '+32 2 123 45 67',
  contactFacebook: 'https://facebook.com/clubdemo',
  contactInstagram: null,
  showCustomButton: true,
  customButtonName: 'Boutique',
  customButtonURL: 'https://boutique.club-demo.be',
  customButton: { name: 'Boutique', url: 'https://boutique.club-demo.be' },
  establishments: [
    {
      id: 'est_default',
      name: 'Piscine communale',
      address: 'Rue du Bassin 3',
      city: 'Namur',
      postalCode: '5000',
      country: 'BEL',
    },
  ],
  activities: [
    {
      id: 'bp_natation',
      name: 'Natation enfants',
      description: null,
      imageUrl: null,
      colorCode: '#2563EB',
      price: 8500,
      durationText: '45 min',
      ageRestrictionText: 'Entre 6 ans et 12 ans',
      establishmentId: 'est_default',
      nextSessions: [
        { id: 'srv_1', startDateTime: '2026-12-02T15:00:00.000Z', freeSeats: 2 },
        { id: 'srv_2', startDateTime: '2026-12-09T15:00:00.000Z', freeSeats: 0 },
        { id: 'srv_3', startDateTime: '2026-12-16T15:00:00.000Z', freeSeats: null },
      ],
    },
  ],
};

function renderDiscover() {
  const router = createMemoryRouter(
    [
      { path: paths.discover.pattern, element: <DiscoverPage /> },
      { path: paths.home.pattern, element: <p>Accueil</p> },
      { path: paths.login.pattern, element: <p>Connexion</p> },
    ],
    { initialEntries: ['/discover'] },
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
  setAddressOrganization({ ...DEMO });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAddressOrganization(null);
});

describe('/discover', { timeout: 20_000 }, () => {
  it('shows a loading placeholder, then the club’s page without signing in', async () => {
    let answer: (response: Response) => void = () => {};
    const server = fakeApi({
      'GET /api/website/data': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderDiscover();
    expect(await screen.findByRole('status', { name: 'Chargement du site…' })).toBeInTheDocument();
    answer(json(200, WEBSITE));

    expect(await screen.findByRole('heading', { level: 1, name: 'Club Sportif Démo' })).toBeInTheDocument();
    // Read without a session: no bearer token, the organisation named by the address.
    const call = server.callsTo('GET /api/website/data')[0]!;
    expect(call.headers.authorization).toBeUndefined();
    expect(call.headers['x-organization-id']).toBe('org_demo');
    expect(document.title).toBe('Club Sportif Démo');
    expect(screen.getByRole('img', { name: 'Logo de Club Sportif Démo' })).toBeInTheDocument();
    // The description is shown formatted, never its script.
    expect(screen.getByText('multisport').tagName).toBe('STRONG');
    expect(document.querySelector('[data-website-description] script')).toBeNull();

    const card = document.querySelector<HTMLElement>('[data-public-activity="bp_natation"]')!;
    expect(within(card).getByRole('heading', { name: 'Natation enfants' })).toBeInTheDocument();
    expect(within(card).getByText('Piscine communale')).toBeInTheDocument();
    expect(within(card).getByText('Entre 6 ans et 12 ans')).toBeInTheDocument();
    expect(within(card).getByText('45 min')).toBeInTheDocument();
    expect(within(card).getByText(/85,00\s€/)).toBeInTheDocument();
    // Sessions in the organisation's time zone (Brussels: UTC+1 in December).
    expect(within(card).getByText('02/12/2026 16:00')).toBeInTheDocument();
    expect(within(card).getByText('2 places libres')).toBeInTheDocument();
    expect(within(card).getByText('Complet')).toBeInTheDocument();
    expect(within(card).getByText('Places illimitées')).toBeInTheDocument();
    // « S'inscrire » leads to sign-in (or sign-up from there), then back to the activity.
    expect(within(card).getByRole('link', { name: "S'inscrire" })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fcatalog%2Fblueprints%2Fbp_natation',
    );

    expect(screen.getByText('Rue du Bassin 3, 5000 Namur')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact@club-demo.be' })).toHaveAttribute(
      'href',
      'mailto:contact@club-demo.be',
    );
    expect(screen.getByRole('link', { name: '+32 2 123 45 67' })).toHaveAttribute('href', 'tel:+3221234567');
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/clubdemo',
    );
    expect(screen.queryByRole('link', { name: 'Instagram' })).toBeNull();
    const button = screen.getByRole('link', { name: 'Boutique' });
    expect(button).toHaveAttribute('href', 'https://boutique.club-demo.be');
    expect(button).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says when the club offers no activity yet, and hides the custom button it does not show', async () => {
    fakeApi({
      'GET /api/website/data': () =>
        json(200, { ...WEBSITE, activities: [], customButton: null, showCustomButton: false }),
    });
    renderDiscover();
    expect(await screen.findByText("Aucune activité n'est proposée pour le moment.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Boutique' })).toBeNull();
  });

  it('when the website is off: a short French page with the way to sign in', async () => {
    fakeApi({ 'GET /api/website/data': () => json(200, { ...WEBSITE, enabled: false }) });
    renderDiscover();
    expect(await screen.findByRole('heading', { name: 'Site indisponible' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Le site de Club Sportif Démo n'est pas encore en ligne. Connectez-vous pour voir les activités et vous inscrire.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('heading', { name: 'Nos activités' })).toBeNull();
  });

  it('sends the visitor to the index when the website data cannot be read (spec section 8)', async () => {
    fakeApi({
      'GET /api/website/data': () =>
        json(500, { statusCode: 500, error: 'internal', message: 'Erreur interne du serveur.' }),
    });
    const router = renderDiscover();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
    expect(screen.getByText('Accueil')).toBeInTheDocument();
  });
});
