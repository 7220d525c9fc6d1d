import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json } from '@/test/fake-api';
import type { PublicWebsite, WebsiteSettings } from '../api/website';
import { WebsiteStep } from './website-step';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

/*
 * The « Site web » configuration step (issue #19): every website field of spec section 3 with a live
 * preview of `/discover`, the custom button shown only when enabled with a name and an address (https
 * added), checked before it is sent, the server's field messages under their fields.
 */

const SETTINGS: WebsiteSettings = {
  enabled: true,
  title: 'Club Sportif Démo',
  description: '<p>Bienvenue au club.</p>',
  faviconAsset: null,
  logoAsset: null,
  backgroundAsset: null,
  faviconUrl: null,
  logoUrl: null,
  backgroundUrl: null,
  contactEmail: 'contact@club-demo.be',
  contactPhone: null,
  contactFacebook: null,
  contactInstagram: null,
  showCustomButton: false,
  customButtonName: null,
  customButtonURL: null,
};

const DATA: PublicWebsite = {
  ...SETTINGS,
  title: 'Club Sportif Démo',
  customButton: null,
  establishments: [],
  activities: [
    {
      id: 'bp_natation',
      name: 'Natation enfants',
      description: null,
      imageUrl: null,
      colorCode: '#2563EB',
      price: 8500,
      durationText: '45 min',
      ageRestrictionText: 'Aucune restriction d’âge.',
      establishmentId: 'est_default',
      nextSessions: [],
    },
  ],
};

function renderStep() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WebsiteStep />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const preview = () => within(screen.getByRole('region', { name: 'Aperçu' }));

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  setAddressOrganization({ ...DEMO });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAddressOrganization(null);
});

describe('the website step', { timeout: 20_000 }, () => {
  it('shows a placeholder while loading, and says when the settings cannot be read', async () => {
    fakeApi({
      'GET /api/website/settings': () =>
        json(500, { statusCode: 500, error: 'internal', message: 'Erreur interne du serveur.' }),
    });
    renderStep();
    expect(document.querySelector('[data-website-card] .animate-pulse')).not.toBeNull();
    expect(
      await screen.findByText('Impossible de charger les réglages du site web.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Réessayer/ })).toBeInTheDocument();
  });

  it('previews what is typed, the custom button only once enabled with a name and an address', async () => {
    fakeApi({
      'GET /api/website/settings': () => json(200, SETTINGS),
      'GET /api/website/data': () => json(200, DATA),
    });
    const user = userEvent.setup();
    renderStep();
    const title = await screen.findByLabelText('Titre');
    expect(title).toHaveValue('Club Sportif Démo');
    expect(preview().getByRole('heading', { level: 1, name: 'Club Sportif Démo' })).toBeInTheDocument();
    // The club's activities as they are now, their links inert in the preview.
    expect(await preview().findByText('Natation enfants')).toBeInTheDocument();
    expect(preview().getByRole('link', { name: "S'inscrire" })).toHaveAttribute('tabindex', '-1');

    await user.clear(title);
    await user.type(title, 'Cercle de natation');
    expect(preview().getByRole('heading', { level: 1, name: 'Cercle de natation' })).toBeInTheDocument();
    // An empty title previews the organisation's name, as the public page shows it.
    await user.clear(title);
    expect(preview().getByRole('heading', { level: 1, name: 'Club Sportif Démo' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nom du bouton'), 'Boutique');
    await user.type(screen.getByLabelText('Adresse du bouton'), 'boutique.club-demo.be');
    expect(preview().queryByRole('link', { name: 'Boutique' })).toBeNull();
    await user.click(screen.getByLabelText(/^Afficher le bouton personnalisé/));
    expect(preview().getByRole('link', { name: 'Boutique' })).toHaveAttribute(
      'href',
      'https://boutique.club-demo.be',
    );
    await user.clear(screen.getByLabelText('Nom du bouton'));
    expect(preview().queryByRole('link', { name: 'Boutique' })).toBeNull();

    // Offline: said beside the preview.
    await user.click(screen.getByLabelText(/^Site web en ligne/));
    expect(screen.getByText(/le site est hors ligne/)).toBeInTheDocument();
  });

  it('checks the fields before sending, then saves and says so', async () => {
    const server = fakeApi({
      'GET /api/website/settings': () => json(200, SETTINGS),
      'GET /api/website/data': () => json(200, DATA),
      'PATCH /api/website/settings': (call) => json(200, { ...SETTINGS, ...(call.body as object) }),
    });
    const user = userEvent.setup();
    renderStep();
    const email = await screen.findByLabelText('E-mail de contact');
    await user.clear(email);
    await user.type(email, 'contact@');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/website/settings')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'bonjour@club-demo.be');
    await user.type(screen.getByLabelText('Instagram'), 'instagram.com/clubdemo');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Le site web a été mis à jour.'));
    expect(server.callsTo('PATCH /api/website/settings')[0]!.body).toMatchObject({
      enabled: true,
      title: 'Club Sportif Démo',
      contactEmail: 'bonjour@club-demo.be',
      contactInstagram: 'instagram.com/clubdemo',
      logoAsset: null,
    });
    expect(screen.queryByText('Adresse e-mail invalide')).toBeNull();
  });

  it('shows the server’s field message under its field', async () => {
    fakeApi({
      'GET /api/website/settings': () => json(200, SETTINGS),
      'GET /api/website/data': () => json(200, DATA),
      'PATCH /api/website/settings': () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Les données fournies sont invalides.',
          details: [
            { field: 'title', rule: 'max', message: 'Ce champ doit contenir au plus 200 caractères' },
          ],
        }),
    });
    const user = userEvent.setup();
    renderStep();
    await screen.findByLabelText('Titre');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ doit contenir au plus 200 caractères')).toBeInTheDocument();
    expect(screen.getByLabelText('Titre')).toHaveAttribute('aria-invalid', 'true');
  });
});
