import type { MollieStatusDto, OrganizationSettings } from '@inscrio/shared';
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
import { OrganizationConfigurationPage } from './organization-configuration-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const ORG: OrganizationSettings = {
  id: 'org_demo',
  key: 'demo',
  name: 'Club Sportif Démo',
  timeZone: 'Europe/Brussels',
  logoAsset: null,
  paymentProvider: 'offline',
  iban: null,
  bic: null,
  buckarooWebsiteKey: null,
  buckarooSecretKeySet: false,
  mollieStatus: 'unset',
  paymentComplete: false,
};

const mollie =
  (status: MollieStatusDto['status'], dashboardUrl: string | null = null) =>
  () =>
    json(200, { status, dashboardUrl });

function renderAt(path = '/configuration/organizations/org_demo?step=payment') {
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

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the payment settings', { timeout: 20_000 }, () => {
  it('says when the organisation cannot be read', async () => {
    fakeApi({
      'GET /api/organizations/org_demo': () => json(403, {}),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('unset'),
    });
    renderAt();
    expect(
      await screen.findByText(
        "Une erreur s'est produite lors de la récupération des informations de l'organisation. Veuillez réessayer.",
      ),
    ).toBeInTheDocument();
  });

  it('validates the IBAN, saves offline payment, and the notice no longer lists the payment step', async () => {
    const server = fakeApi({
      'GET /api/organizations/org_demo': () => json(200, ORG),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('unset'),
      'PATCH /api/organizations/org_demo': () =>
        json(200, {
          organization: { ...ORG, iban: 'BE71096123456769', paymentComplete: true },
          message: "Les informations de l'organisation ont été mises à jour avec succès.",
          paymentProviderActivated: null,
          paymentProviderDeactivated: null,
          notifications: [],
        }),
    });
    const user = userEvent.setup();
    renderAt();
    const notice = await screen.findByRole('region', { name: 'Informations à compléter' });
    // The notice's payment link lands on this page's payment step.
    expect(within(notice).getByRole('link', { name: /Moyen de paiement/ })).toHaveAttribute(
      'href',
      '/configuration/organizations/org_demo?step=payment',
    );

    const iban = screen.getByLabelText('IBAN');
    await user.type(iban, 'BE71 0961 2345 6760');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('IBAN invalide')).toBeInTheDocument();
    await user.clear(iban);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Renseignez un IBAN pour recevoir les paiements par virement'),
    ).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/organizations/org_demo')).toHaveLength(0);

    await user.type(iban, 'be71096123456769');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(server.callsTo('PATCH /api/organizations/org_demo')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/organizations/org_demo')[0]?.body).toEqual({
      paymentProvider: 'offline',
      iban: 'BE71 0961 2345 6769',
      bic: null,
      buckarooWebsiteKey: null,
    });
    expect(toast.success).toHaveBeenCalledWith(
      "Les informations de l'organisation ont été mises à jour avec succès.",
    );
    await vi.waitFor(() =>
      expect(within(notice).queryByRole('link', { name: /Moyen de paiement/ })).toBeNull(),
    );
    expect(within(notice).getByRole('link', { name: /Facturation/ })).toBeInTheDocument();
  });

  it('never shows the Buckaroo secret, sends it only when replaced, and notifies the activation', async () => {
    const buckaroo = {
      ...ORG,
      paymentProvider: 'buckaroo' as const,
      buckarooWebsiteKey: 'WEBKEY1234',
      buckarooSecretKeySet: true,
    };
    const server = fakeApi({
      'GET /api/organizations/org_demo': () => json(200, buckaroo),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('unset'),
      'PATCH /api/organizations/org_demo': () =>
        json(200, {
          organization: buckaroo,
          message: "Les informations de l'organisation ont été mises à jour avec succès.",
          paymentProviderActivated: 'buckaroo',
          paymentProviderDeactivated: 'offline',
          notifications: [
            'Le moyen de paiement Buckaroo a été activé.',
            'Le moyen de paiement Virement bancaire a été désactivé.',
          ],
        }),
    });
    const user = userEvent.setup();
    renderAt();
    expect(await screen.findByText('Clé secrète enregistrée')).toBeInTheDocument();
    expect(document.body.querySelector('input[type="password"]')).toBeNull();
    expect(screen.getByLabelText('Clé du site (website key)')).toHaveValue('WEBKEY1234');

    await user.type(screen.getByLabelText('BIC (facultatif)'), 'GEBABEBB');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(server.callsTo('PATCH /api/organizations/org_demo')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/organizations/org_demo')[0]?.body).not.toHaveProperty(
      'buckarooSecretKey',
    );
    expect(toast.success).toHaveBeenCalledWith('Le moyen de paiement Buckaroo a été activé.');
    expect(toast.success).toHaveBeenCalledWith('Le moyen de paiement Virement bancaire a été désactivé.');

    await user.click(screen.getByRole('button', { name: 'Remplacer' }));
    const secret = screen.getByLabelText('Clé secrète');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    await user.type(secret, 'new-secret-key');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(server.callsTo('PATCH /api/organizations/org_demo')).toHaveLength(2));
    expect(server.callsTo('PATCH /api/organizations/org_demo')[1]?.body).toMatchObject({
      paymentProvider: 'buckaroo',
      buckarooSecretKey: 'new-secret-key',
    });
  });

  it('reports a failed update with the specification text and the field message', async () => {
    fakeApi({
      'GET /api/organizations/org_demo': () => json(200, { ...ORG, iban: 'BE71096123456769' }),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('unset'),
      'PATCH /api/organizations/org_demo': () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Les données fournies sont invalides.',
          details: [{ field: 'body.bic', message: 'BIC invalide' }],
        }),
    });
    const user = userEvent.setup();
    renderAt();
    await user.type(await screen.findByLabelText('BIC (facultatif)'), 'GEBABEBB');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('BIC invalide')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(
      "Impossible de mettre à jour l'organisation. Veuillez réessayer.",
    );
  });

  it('shows what Mollie still needs', async () => {
    fakeApi({
      'GET /api/organizations/org_demo': () => json(200, { ...ORG, paymentProvider: 'mollie' }),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie(
        'onboarding',
        'https://my.mollie.test/dashboard',
      ),
    });
    renderAt();
    expect(
      await screen.findByText('Action requise', { selector: '[data-mollie-status]' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Complétez les étapes de conformité dans le tableau de bord Mollie'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Tableau de bord Mollie/ })).toHaveAttribute(
      'href',
      'https://my.mollie.test/dashboard',
    );
    expect(screen.getByRole('button', { name: 'Déconnecter' })).toBeInTheDocument();
  });

  it('connects Mollie: the browser goes to the authorisation page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fakeApi({
      'GET /api/organizations/org_demo': () => json(200, { ...ORG, paymentProvider: 'mollie' }),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('disconnected'),
      'GET /api/integrations/mollie/oauth/connect/org_demo': () =>
        json(200, { url: 'https://mollie.test/oauth2/authorize?x=1' }),
    });
    const user = userEvent.setup();
    renderAt();
    expect(await screen.findByText('Déconnecté', { selector: '[data-mollie-status]' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reconnecter Mollie' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://mollie.test/oauth2/authorize?x=1'));
  });

  it('tells how the Mollie connection went when Mollie sends the manager back', async () => {
    fakeApi({
      'GET /api/organizations/org_demo': () => json(200, { ...ORG, paymentProvider: 'mollie' }),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('ready'),
    });
    const router = renderAt('/configuration/organizations/org_demo?step=payment&mollie=connected');
    expect(await screen.findByText('Connecté', { selector: '[data-mollie-status]' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Votre compte Mollie est connecté.');
    expect(toast.success).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?step=payment'));
  });
});
