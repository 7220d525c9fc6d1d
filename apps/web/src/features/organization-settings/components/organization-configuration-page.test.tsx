import {
  BELGIAN_VAT_EXEMPTION_MENTION,
  type MollieStatusDto,
  type OrganizationSection,
  type OrganizationSettings,
} from '@inscrio/shared';
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
import { DEMO_SETTINGS } from './organization-settings.fixture';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const ORG: OrganizationSettings = DEMO_SETTINGS;

const UPDATED = "Les informations de l'organisation ont été mises à jour avec succès.";

const warning = (section: OrganizationSection) => ({
  section,
  path: `/configuration/organizations/org_demo?step=${section}`,
});

/** `GET /organizations/{id}/warnings`, answering what `current()` says at each call. */
const warnings = (current: () => OrganizationSection[]) => () => json(200, current().map(warning));

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
      'GET /api/organizations/org_demo/warnings': () => json(403, {}),
    });
    renderAt();
    expect(
      await screen.findByText(
        "Une erreur s'est produite lors de la récupération des informations de l'organisation. Veuillez réessayer.",
      ),
    ).toBeInTheDocument();
  });

  it('validates the IBAN, saves offline payment, and the notice no longer lists the payment step', async () => {
    let saved = false;
    const server = fakeApi({
      'GET /api/organizations/org_demo': () => json(200, ORG),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('unset'),
      'GET /api/organizations/org_demo/warnings': warnings(() =>
        saved ? ['billing', 'mutual'] : ['billing', 'mutual', 'payment'],
      ),
      'PATCH /api/organizations/org_demo': () => {
        saved = true;
        return json(200, {
          organization: { ...ORG, iban: 'BE71096123456769', paymentComplete: true },
          message: UPDATED,
          paymentProviderActivated: null,
          paymentProviderDeactivated: null,
          notifications: [],
        });
      },
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

const BILLED: OrganizationSettings = {
  ...ORG,
  billingEmail: 'facturation@club.be',
  billingPhone: '+32 2 123 45 67',
  billingAddress: 'Avenue des Sports 12',
  billingCity: 'Bruxelles',
  billingPostalCode: '1050',
  billingCountry: 'BEL',
  vatNumber: 'BE0403019261',
};

describe('the billing step', { timeout: 30_000 }, () => {
  it('checks the VAT number for the country and the mention, saves with the logo, and the notice drops billing', async () => {
    let saved = false;
    const server = fakeApi({
      'GET /api/organizations/org_demo': () => json(200, ORG),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('unset'),
      'GET /api/organizations/org_demo/warnings': warnings(() =>
        saved ? ['mutual', 'payment'] : ['billing', 'mutual', 'payment'],
      ),
      'POST /api/assets': () =>
        json(201, {
          id: 'ast_logo',
          contentType: 'image/png',
          byteSize: 68,
          url: '/api/assets/serve/ast_logo?orgId=org_demo',
        }),
      'PATCH /api/organizations/org_demo': () => {
        saved = true;
        return json(200, {
          organization: {
            ...BILLED,
            vatRegime: 'exempt',
            vatExemptionMention: BELGIAN_VAT_EXEMPTION_MENTION,
          },
          message: UPDATED,
          paymentProviderActivated: null,
          paymentProviderDeactivated: null,
          notifications: [],
        });
      },
    });
    const user = userEvent.setup();
    renderAt('/configuration/organizations/org_demo?step=billing');
    const notice = await screen.findByRole('region', { name: 'Informations à compléter' });
    expect(await within(notice).findByRole('link', { name: /Facturation/ })).toHaveAttribute(
      'href',
      '/configuration/organizations/org_demo?step=billing',
    );
    expect(screen.queryByText('Bientôt disponible')).toBeNull();

    await user.type(screen.getByLabelText('E-mail de facturation'), 'facturation@club.be');
    await user.selectOptions(screen.getByLabelText('Pays'), 'BEL');
    // The phone starts with the country's dial prefix, as in the person forms.
    const phone = screen.getByLabelText('Téléphone');
    expect(phone).toHaveValue('+32 ');
    await user.type(phone, '2 123 45 67');
    await user.type(screen.getByLabelText('Adresse'), 'Avenue des Sports 12');
    await user.type(screen.getByLabelText('Code postal'), '1050');
    await user.type(screen.getByLabelText('Ville'), 'Bruxelles');
    const vat = screen.getByLabelText('Numéro de TVA');
    await user.type(vat, 'BE 0431.150.351');

    // Exempt: the Belgian article 44 mention is suggested; without any, the form says it is needed.
    expect(screen.queryByLabelText("Mention d'exonération")).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Exonéré/ }));
    const mention = screen.getByLabelText("Mention d'exonération");
    expect(mention).toHaveValue(BELGIAN_VAT_EXEMPTION_MENTION);
    await user.clear(mention);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Numéro de TVA invalide')).toBeInTheDocument();
    expect(
      screen.getByText('Indiquez la mention d’exonération imprimée sur les factures'),
    ).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/organizations/org_demo')).toHaveLength(0);

    await user.clear(vat);
    await user.type(vat, 'BE 0403.019.261');
    await user.type(mention, BELGIAN_VAT_EXEMPTION_MENTION);
    const dueDays = screen.getByLabelText('Délai de paiement (jours)');
    await user.clear(dueDays);
    await user.type(dueDays, '30');
    await user.upload(
      screen.getByLabelText('Logo des documents'),
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Logo des documents' })).toHaveAttribute(
      'src',
      '/api/assets/serve/ast_logo?orgId=org_demo',
    );

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(server.callsTo('PATCH /api/organizations/org_demo')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/organizations/org_demo')[0]?.body).toEqual({
      billingEmail: 'facturation@club.be',
      billingPhone: '+32 2 123 45 67',
      billingAddress: 'Avenue des Sports 12',
      billingCity: 'Bruxelles',
      billingPostalCode: '1050',
      billingCountry: 'BEL',
      vatNumber: 'BE 0403.019.261',
      vatRegime: 'exempt',
      vatExemptionMention: BELGIAN_VAT_EXEMPTION_MENTION,
      invoiceDueDays: 30,
      documentLogoAssetId: 'ast_logo',
    });
    expect(toast.success).toHaveBeenCalledWith(UPDATED);
    // The notice is read again: billing is done, payment is still to do.
    await vi.waitFor(() => expect(within(notice).queryByRole('link', { name: /Facturation/ })).toBeNull());
    expect(within(notice).getByRole('link', { name: /Moyen de paiement/ })).toBeInTheDocument();
    // The form shows the number as the server stored it, once its answer has been applied.
    await vi.waitFor(() => expect(screen.getByLabelText('Numéro de TVA')).toHaveValue('BE0403019261'));
  });

  it('reports a failed update with the specification text and the field message', async () => {
    fakeApi({
      'GET /api/organizations/org_demo': () => json(200, BILLED),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('unset'),
      'GET /api/organizations/org_demo/warnings': warnings(() => ['mutual', 'payment']),
      'PATCH /api/organizations/org_demo': () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Les données fournies sont invalides.',
          details: [
            {
              field: 'documentLogoAssetId',
              message: "Cet élément n'existe pas ou n'est plus disponible",
            },
          ],
        }),
    });
    const user = userEvent.setup();
    renderAt('/configuration/organizations/org_demo?step=billing');
    const city = await screen.findByLabelText('Ville');
    expect(city).toHaveValue('Bruxelles');
    await user.clear(city);
    await user.type(city, 'Ixelles');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Cet élément n'existe pas ou n'est plus disponible")).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(
      "Impossible de mettre à jour l'organisation. Veuillez réessayer.",
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('checks the postal code and the VAT number against the country', async () => {
    const server = fakeApi({
      'GET /api/organizations/org_demo': () => json(200, BILLED),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('unset'),
      'GET /api/organizations/org_demo/warnings': warnings(() => ['mutual', 'payment']),
    });
    const user = userEvent.setup();
    renderAt('/configuration/organizations/org_demo?step=billing');
    await user.selectOptions(await screen.findByLabelText('Pays'), 'FRA');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Code postal invalide pour le pays choisi')).toBeInTheDocument();
    expect(screen.getByText('Numéro de TVA invalide')).toBeInTheDocument();
    // A phone written with its international prefix is read as written (+32: Belgian, still accepted).
    expect(screen.queryByText('Numéro de téléphone invalide pour le pays choisi')).toBeNull();
    expect(server.callsTo('PATCH /api/organizations/org_demo')).toHaveLength(0);
  });

  it('shows the mutual step: the seal and the signature, then the texts the certificates print', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:mutual-image'), revokeObjectURL: vi.fn() });
    let profile = {
      seal: null as null | { id: string; url: string; contentType: string },
      signature: {
        id: 'ast_sig',
        url: '/api/organizations/org_demo/mutual-profile/signature?v=ast_sig',
        contentType: 'image/png',
      },
      recognitionText: null,
      signatoryName: null,
      signatoryRole: null,
      taxApprovalBody: null,
      complete: false,
    };
    const server = fakeApi({
      'GET /api/organizations/org_demo': () => json(200, BILLED),
      'GET /api/integrations/mollie/oauth/status/org_demo': mollie('unset'),
      'GET /api/organizations/org_demo/warnings': warnings(() => (profile.complete ? [] : ['mutual'])),
      'GET /api/organizations/org_demo/mutual-profile': () => json(200, profile),
      // The images are private: read with the session, shown from memory.
      'GET /api/organizations/org_demo/mutual-profile/signature': () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }),
      'GET /api/organizations/org_demo/mutual-profile/seal': () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }),
      'PATCH /api/organizations/org_demo/mutual-profile': (call) => {
        profile = { ...profile, ...(call.body as object) };
        return json(200, profile);
      },
      'PUT /api/organizations/org_demo/mutual-profile/seal': () => {
        profile = {
          ...profile,
          seal: {
            id: 'ast_seal',
            url: '/api/organizations/org_demo/mutual-profile/seal?v=ast_seal',
            contentType: 'image/png',
          },
          complete: true,
        };
        return json(200, profile);
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/configuration/organizations/org_demo?step=mutual');
    expect(await screen.findByText('Attestations de mutuelle et fiscales')).toBeInTheDocument();
    // The steps say which sections are complete, from the warnings.
    const nav = screen.getByRole('navigation', { name: 'Étapes de la configuration' });
    expect(await within(nav).findByLabelText('À compléter')).toBeInTheDocument();
    expect(within(nav).getAllByLabelText('Complet')).toHaveLength(2);
    expect(await screen.findByRole('img', { name: 'Signature du signataire' })).toHaveAttribute(
      'src',
      'blob:mutual-image',
    );

    // A file that is not PNG nor JPEG is refused before it is sent.
    const sealInput = screen.getByLabelText("Cachet de l'organisation");
    await user.upload(sealInput, new File(['<svg/>'], 'cachet.svg', { type: 'image/svg+xml' }));
    expect(
      await screen.findByText('Le cachet et la signature doivent être des images PNG ou JPEG.'),
    ).toBeInTheDocument();
    expect(server.callsTo('PUT /api/organizations/org_demo/mutual-profile/seal')).toHaveLength(0);
    await user.upload(
      sealInput,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cachet.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: "Cachet de l'organisation" })).toBeInTheDocument();
    expect(await within(nav).findAllByLabelText('Complet')).toHaveLength(3);

    await user.type(screen.getByLabelText('Nom du signataire'), 'Anne Martin');
    await user.type(screen.getByLabelText('Qualité du signataire'), 'Présidente');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() =>
      expect(server.callsTo('PATCH /api/organizations/org_demo/mutual-profile')).toHaveLength(1),
    );
    expect(server.callsTo('PATCH /api/organizations/org_demo/mutual-profile')[0]!.body).toMatchObject({
      signatoryName: 'Anne Martin',
      signatoryRole: 'Présidente',
    });
  });
});
