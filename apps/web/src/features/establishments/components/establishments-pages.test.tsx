import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import type { Establishment } from '../api/types';
import { CreateEstablishmentPage } from './create-establishment-page';
import { EstablishmentConfigurationPage } from './establishment-configuration-page';
import { EstablishmentsPage } from './establishments-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const establishment = (overrides: Partial<Establishment> = {}): Establishment => ({
  id: 'est_piscine',
  organizationId: 'org_demo',
  name: 'Piscine communale',
  address: 'Rue du Bassin 3',
  city: 'Ixelles',
  postalCode: '1050',
  country: 'BEL',
  contactEmail: null,
  contactPhone: null,
  timeZone: 'Europe/Brussels',
  isDefault: false,
  activityCount: 4,
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
  ...overrides,
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.establishments.pattern, element: <EstablishmentsPage /> },
      { path: paths.createEstablishment.pattern, element: <CreateEstablishmentPage /> },
      { path: paths.establishmentConfiguration.pattern, element: <EstablishmentConfigurationPage /> },
      { path: paths.establishment.pattern, element: <p>Fiche</p> },
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

const signInAs = (role: 'org-manager' | 'est-manager') =>
  startSession(signInResult({ user: makeUser({ role, establishment: 'est_piscine' }) }));

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  clearSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the establishments', () => {
  it('lists them with their activity counts; only organisation managers get the create button', async () => {
    fakeApi({
      'GET /api/establishments': () =>
        json(200, {
          items: [
            establishment({ id: 'est_default', name: 'Complexe', isDefault: true, activityCount: 1 }),
            establishment(),
          ],
          total: 2,
          page: 1,
          pageSize: 100,
        }),
    });
    signInAs('org-manager');
    renderAt('/establishments');
    expect(await screen.findByText('Piscine communale')).toBeInTheDocument();
    expect(screen.getByText('4 activités')).toBeInTheDocument();
    expect(screen.getByText('1 activité')).toBeInTheDocument();
    expect(screen.getByText('Par défaut')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nouvel établissement' })).toHaveAttribute(
      'href',
      '/establishments/create',
    );
  });

  it('hides the create button from an establishment manager', async () => {
    fakeApi({
      'GET /api/establishments': () =>
        json(200, { items: [establishment()], total: 1, page: 1, pageSize: 100 }),
    });
    signInAs('est-manager');
    renderAt('/establishments');
    expect(await screen.findByText('Piscine communale')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nouvel établissement' })).toBeNull();
  });

  it('creates one with the shared rules (phone digits, e-mail)', { timeout: 20_000 }, async () => {
    const server = fakeApi({ 'POST /api/establishments': () => json(201, establishment({ id: 'est_new' })) });
    signInAs('org-manager');
    const user = userEvent.setup();
    const router = renderAt('/establishments/create');
    await user.type(screen.getByLabelText('E-mail de contact'), 'pas-un-email');
    await user.type(screen.getByLabelText('Téléphone de contact'), '0470');
    await user.click(screen.getByRole('button', { name: "Créer l'établissement" }));
    expect(await screen.findByText('Ce champs est requis')).toBeInTheDocument();
    expect(screen.getByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(screen.getByText('Le numéro de téléphone doit contenir au moins 9 chiffres')).toBeInTheDocument();
    expect(screen.getByLabelText('Fuseau horaire')).toHaveValue('Europe/Brussels');

    await user.type(screen.getByLabelText('Nom'), 'Salle omnisports');
    await user.clear(screen.getByLabelText('E-mail de contact'));
    await user.type(screen.getByLabelText('E-mail de contact'), 'salle@club.be');
    await user.type(screen.getByLabelText('Téléphone de contact'), ' 12 34 56');
    await user.selectOptions(screen.getByLabelText('Pays'), 'BEL');
    await user.click(screen.getByRole('button', { name: "Créer l'établissement" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/establishments/est_new'));
    expect(server.callsTo('POST /api/establishments')[0]?.body).toMatchObject({
      name: 'Salle omnisports',
      contactEmail: 'salle@club.be',
      contactPhone: '0470 12 34 56',
      country: 'BEL',
    });
  });

  it('never offers to delete the default establishment', async () => {
    fakeApi({
      'GET /api/establishments/est_default': () =>
        json(200, establishment({ id: 'est_default', isDefault: true })),
    });
    signInAs('org-manager');
    renderAt('/configuration/establishments/est_default');
    expect(await screen.findByRole('button', { name: 'Enregistrer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Supprimer l'établissement" })).toBeNull();
    expect(screen.getByText(/ne peut pas être supprimé/)).toBeInTheDocument();
  });

  it('explains why an establishment in use cannot be deleted', async () => {
    const text = 'Cet établissement ne peut pas être supprimé : il est encore utilisé par des activités.';
    fakeApi({
      'GET /api/establishments/est_piscine': () => json(200, establishment()),
      'DELETE /api/establishments/est_piscine': () =>
        json(409, { statusCode: 409, error: 'establishment_in_use', message: text }),
    });
    signInAs('org-manager');
    const user = userEvent.setup();
    renderAt('/configuration/establishments/est_piscine');
    await user.click(await screen.findByRole('button', { name: "Supprimer l'établissement" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
