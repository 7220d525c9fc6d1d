import type { OrganizationSettings, OrganizationSettingsResult } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState, setSelectedOrganization } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { addressOrganization, setAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json } from '@/test/fake-api';
import { OrganizationConfigurationPage } from './organization-configuration-page';
import { DEMO_SETTINGS } from './organization-settings.fixture';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

/*
 * The « Général » step of `/configuration/organizations/{id}` (issue #19): the organisation's name,
 * logo, time zone, language, contact, hold minutes and invitation hours, checked with their French
 * messages before anything is sent, saved through `PATCH /organizations/{id}`, the header's organisation
 * renamed at once.
 */

const ORG: OrganizationSettings = {
  ...DEMO_SETTINGS,
  contactEmail: 'contact@club-demo.be',
  iban: 'BE71096123456769',
  paymentComplete: true,
};

const UPDATED = "Les informations de l'organisation ont été mises à jour avec succès.";

function renderAt(path = '/configuration/organizations/org_demo') {
  const router = createMemoryRouter(
    [{ path: paths.organizationConfiguration.pattern, element: <OrganizationConfigurationPage /> }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** The API: the organisation as saved, PATCH merging what it is sent. */
function organizationApi(options: { patch?: (body: Record<string, unknown>) => Response } = {}) {
  let saved = { ...ORG };
  return fakeApi({
    'GET /api/organizations/org_demo': () => json(200, saved),
    'GET /api/organizations/org_demo/warnings': () => json(200, []),
    'GET /api/integrations/mollie/oauth/status/org_demo': () =>
      json(200, { status: 'unset', dashboardUrl: null }),
    'PATCH /api/organizations/org_demo': (call) => {
      const body = call.body as Record<string, unknown>;
      if (options.patch) return options.patch(body);
      saved = { ...saved, ...(body as Partial<OrganizationSettings>) };
      const result: OrganizationSettingsResult = {
        organization: saved,
        message: UPDATED,
        paymentProviderActivated: null,
        paymentProviderDeactivated: null,
        notifications: [],
      };
      return json(200, result);
    },
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  setAddressOrganization({ ...DEMO });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAddressOrganization(null);
  setSelectedOrganization(null);
});

describe('the general step', { timeout: 20_000 }, () => {
  it('is the first step, opened when none is asked, with the organisation’s values', async () => {
    organizationApi();
    renderAt();
    const nav = await screen.findByRole('navigation', { name: 'Étapes de la configuration' });
    const steps = within(nav).getAllByRole('link');
    expect(steps[0]).toHaveTextContent('Général');
    expect(steps[0]).toHaveAttribute('aria-current', 'step');

    expect(screen.getByLabelText('Nom de l’organisation')).toHaveValue('Club Sportif Démo');
    expect(screen.getByLabelText('Fuseau horaire')).toHaveValue('Europe/Brussels');
    expect(screen.getByRole('option', { name: 'Bruxelles (Belgique)' })).toBeInTheDocument();
    // Every IANA zone is offered, beyond the three countries'.
    expect(screen.getByRole('option', { name: 'America/New York' })).toBeInTheDocument();
    expect(screen.getByLabelText('Langue par défaut')).toHaveValue('fr');
    expect(screen.getByLabelText('E-mail de contact')).toHaveValue('contact@club-demo.be');
    expect(screen.getByLabelText('Téléphone de contact')).toHaveValue('');
    expect(screen.getByLabelText('Durée de réservation d’un panier (minutes)')).toHaveValue(20);
    expect(screen.getByLabelText('Validité d’une invitation (heures)')).toHaveValue(72);
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    // The recovery and cancellation rules stay in their own step.
    expect(screen.getByRole('link', { name: /Récupérations et annulations/ })).toHaveAttribute(
      'href',
      '/configuration/organizations/org_demo?step=recovery',
    );
  });

  it('shows each bad field’s French message and sends nothing', async () => {
    const server = organizationApi();
    const user = userEvent.setup();
    renderAt('/configuration/organizations/org_demo?step=general');
    const name = await screen.findByLabelText('Nom de l’organisation');
    await user.clear(name);
    await user.type(name, 'Club');
    await user.clear(screen.getByLabelText('E-mail de contact'));
    await user.type(screen.getByLabelText('E-mail de contact'), 'contact@');
    await user.type(screen.getByLabelText('Téléphone de contact'), '02 12');
    await user.clear(screen.getByLabelText('Durée de réservation d’un panier (minutes)'));
    await user.type(screen.getByLabelText('Durée de réservation d’un panier (minutes)'), '2');
    await user.clear(screen.getByLabelText('Validité d’une invitation (heures)'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Ce champ doit contenir au moins 5 caractères')).toBeInTheDocument();
    expect(screen.getByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Le numéro de téléphone doit compter au moins 9 chiffres (+ . - ( ) et espaces permis)',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('La durée de réservation doit être un nombre entier de minutes entre 5 et 1440'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('La validité d’une invitation doit être un nombre entier d’heures entre 1 et 720'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Nom de l’organisation')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PATCH /api/organizations/org_demo')).toHaveLength(0);
  });

  it('shows the server’s field message under its field', async () => {
    organizationApi({
      patch: () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Les données fournies sont invalides.',
          details: [
            {
              field: 'logoAsset',
              rule: 'unknown_asset',
              message: "Cet élément n'existe pas ou n'est plus disponible",
            },
          ],
        }),
    });
    const user = userEvent.setup();
    renderAt();
    await user.type(await screen.findByLabelText('Téléphone de contact'), '+32 2 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Cet élément n'existe pas ou n'est plus disponible")).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(
      "Impossible de mettre à jour l'organisation. Veuillez réessayer.",
    );
  });

  it('saves, says so, and renames the organisation of the header at once', async () => {
    const server = organizationApi();
    const user = userEvent.setup();
    setSelectedOrganization({ ...DEMO });
    renderAt();
    const name = await screen.findByLabelText('Nom de l’organisation');
    await user.clear(name);
    await user.type(name, 'Cercle Sportif Renommé');
    await user.selectOptions(screen.getByLabelText('Fuseau horaire'), 'Europe/Paris');
    await user.selectOptions(screen.getByLabelText('Langue par défaut'), 'en');
    await user.clear(screen.getByLabelText('E-mail de contact'));
    await user.type(screen.getByLabelText('Téléphone de contact'), '+32 2 123 45 67');
    await user.clear(screen.getByLabelText('Durée de réservation d’un panier (minutes)'));
    await user.type(screen.getByLabelText('Durée de réservation d’un panier (minutes)'), '45');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith(UPDATED));
    expect(server.callsTo('PATCH /api/organizations/org_demo')[0]!.body).toEqual({
      name: 'Cercle Sportif Renommé',
      logoAsset: null,
      timeZone: 'Europe/Paris',
      defaultLocale: 'en',
      contactEmail: null,
      contactPhone: '+32 2 123 45 67',
      holdMinutes: 45,
      invitationHours: 72,
    });
    // The header, the menu and the dates read these.
    expect(addressOrganization()).toMatchObject({ name: 'Cercle Sportif Renommé', timeZone: 'Europe/Paris' });
    expect(getAuthState().organization).toMatchObject({ name: 'Cercle Sportif Renommé' });
    // The browser's copy of the lookup by key is refreshed, so a reload shows the new name too.
    expect(server.fetchMock).toHaveBeenCalledWith(
      '/api/organizations/directory/key/demo',
      expect.objectContaining({ cache: 'reload' }),
    );
    // Saved: the form is the saved organisation again.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled());
    expect(screen.getByLabelText('Nom de l’organisation')).toHaveValue('Cercle Sportif Renommé');
  });
});
