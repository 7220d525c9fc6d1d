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
import type { Blueprint } from '../api/types';
import { BlueprintPage } from './blueprint-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const ESTABLISHMENTS = {
  items: [
    { id: 'est_default', name: 'Complexe sportif principal', isDefault: true },
    { id: 'est_piscine', name: 'Piscine communale', isDefault: false },
  ],
  total: 2,
  page: 1,
  pageSize: 100,
};

const CREATED: Blueprint = {
  id: 'bp_new',
  establishmentId: 'est_default',
  establishmentName: 'Complexe sportif principal',
  name: 'Judo',
  description: null,
  privateDescription: null,
  imageAssetId: null,
  imageUrl: null,
  duration: 90,
  price: 1250,
  taxPercentage: 600,
  maxSeats: -1,
  colorCode: '#2563EB',
  locationType: 'physical',
  location: null,
  onlineLocation: null,
  minAge: 72,
  maxAge: 144,
  visibility: 'public',
  archivedAt: null,
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
  supplements: [],
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.blueprint.pattern, element: <BlueprintPage /> },
      { path: paths.blueprints.pattern, element: <p>Liste</p> },
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
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the activity form', () => {
  it(
    "shows the spec's French messages under each field, then creates the activity in cents",
    { timeout: 45_000 },
    async () => {
      const server = fakeApi({
        'GET /api/establishments': () => json(200, ESTABLISHMENTS),
        'POST /api/blueprints': () => json(201, CREATED),
        'GET /api/blueprints/bp_new': () => json(200, CREATED),
        'GET /api/services': () => json(200, { items: [], total: 0, page: 1, pageSize: 8 }),
      });
      const user = userEvent.setup();
      const router = renderAt('/managing/blueprints/new');

      const name = await screen.findByLabelText('Nom');
      const colour = screen.getByLabelText('Couleur');
      await user.clear(colour);
      await user.type(colour, 'bleu');
      await user.type(screen.getByLabelText('Âge minimum (facultatif)'), '30');
      await user.type(screen.getByLabelText('Âge maximum (facultatif)'), '12');
      await user.click(screen.getByRole('button', { name: "Créer l'activité" }));

      expect(await screen.findAllByText('Ce champs est requis')).toHaveLength(3); // name, price, seats
      expect(screen.getByText('Respectez le format de la valeur')).toBeInTheDocument();
      expect(
        screen.getByText("L'âge minimum ne peut pas être supérieur à l'âge maximum"),
      ).toBeInTheDocument();
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(server.callsTo('POST /api/blueprints')).toHaveLength(0);

      await user.type(name, 'Judo');
      await user.type(screen.getByLabelText('Prix'), '12,50');
      await user.clear(screen.getByLabelText('TVA'));
      await user.type(screen.getByLabelText('TVA'), '6');
      await user.clear(screen.getByLabelText('Durée'));
      await user.type(screen.getByLabelText('Durée'), '90');
      expect(screen.getByText('1h30')).toBeInTheDocument();
      await user.click(screen.getByLabelText('Illimité'));
      await user.clear(colour);
      await user.type(colour, '#2563EB');
      await user.clear(screen.getByLabelText('Âge minimum (facultatif)'));
      await user.type(screen.getByLabelText('Âge minimum (facultatif)'), '6');
      await user.clear(screen.getByLabelText('Âge maximum (facultatif)'));
      await user.type(screen.getByLabelText('Âge maximum (facultatif)'), '12');
      expect(screen.getByText('Entre 6 ans et 12 ans')).toBeInTheDocument();
      expect(screen.getByText("Inclus : jusqu'à la veille de ses 13 ans.")).toBeInTheDocument();
      await user.click(screen.getByLabelText(/^Publique/));
      await user.click(screen.getByRole('button', { name: 'Ajouter un supplément' }));
      const row = screen.getByLabelText('Nom du supplément').closest('li')!;
      await user.type(within(row).getByLabelText('Nom du supplément'), 'Kimono');
      await user.type(within(row).getByLabelText('Prix'), '25');
      await user.click(screen.getByRole('button', { name: "Créer l'activité" }));

      await vi.waitFor(() => expect(server.callsTo('POST /api/blueprints')).toHaveLength(1));
      expect(server.callsTo('POST /api/blueprints')[0]?.body).toMatchObject({
        name: 'Judo',
        price: 1250,
        taxPercentage: 600,
        duration: 90,
        maxSeats: -1,
        colorCode: '#2563EB',
        minAge: 72,
        maxAge: 144,
        visibility: 'public',
        establishmentId: 'est_default',
        supplements: [{ name: 'Kimono', price: 2500, minAge: null, maxAge: null }],
      });
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/managing/blueprints/bp_new'));
      expect(toast.success).toHaveBeenCalledWith("L'activité a été créée avec succès.");
    },
  );

  it(
    "takes ages in years, months for toddlers, and shows an activity's ages back in those units",
    {
      timeout: 20_000,
    },
    async () => {
      const server = fakeApi({
        'GET /api/establishments': () => json(200, ESTABLISHMENTS),
        'GET /api/blueprints/bp_new': () =>
          json(200, {
            ...CREATED,
            supplements: [
              { id: 'sup_1', name: 'Matériel', price: 800, minAge: 72, maxAge: 96, frequency: 'once' },
            ],
          }),
        'GET /api/services': () => json(200, { items: [], total: 0, page: 1, pageSize: 8 }),
        'PATCH /api/blueprints/bp_new': () => json(200, CREATED),
      });
      const user = userEvent.setup();
      renderAt('/managing/blueprints/bp_new');
      const min = await screen.findByLabelText('Âge minimum (facultatif)');
      const max = screen.getByLabelText('Âge maximum (facultatif)');
      expect(min).toHaveValue('6');
      expect(max).toHaveValue('12');
      expect(screen.getByLabelText("Unité de l'âge minimum")).toHaveValue('years');
      expect(screen.getByLabelText("Unité de l'âge maximum")).toHaveValue('years');
      const row = screen.getByLabelText('Nom du supplément').closest('li')!;
      expect(within(row).getByLabelText('Âge min.')).toHaveValue('6');
      expect(within(row).getByLabelText('Âge max.')).toHaveValue('8');
      expect(screen.getByText("Inclus : jusqu'à la veille de ses 13 ans.")).toBeInTheDocument();

      // A toddlers' activity: 2 years must be given in months.
      await user.clear(min);
      await user.type(min, '1');
      await user.clear(max);
      await user.type(max, '2');
      await user.click(screen.getAllByRole('button', { name: 'Enregistrer' })[0]!);
      expect(await screen.findAllByText("Sous 3 ans, indiquez l'âge en mois.")).toHaveLength(2);
      expect(server.callsTo('PATCH /api/blueprints/bp_new')).toHaveLength(0);
      await user.selectOptions(screen.getByLabelText("Unité de l'âge minimum"), 'months');
      await user.clear(min);
      await user.type(min, '6');
      await user.selectOptions(screen.getByLabelText("Unité de l'âge maximum"), 'months');
      await user.clear(max);
      await user.type(max, '30');
      expect(screen.getByText('Entre 6 mois et 30 mois')).toBeInTheDocument();
      expect(screen.getByText("Inclus : jusqu'à la veille de ses 31 mois.")).toBeInTheDocument();
      await user.click(screen.getAllByRole('button', { name: 'Enregistrer' })[0]!);
      await vi.waitFor(() => expect(server.callsTo('PATCH /api/blueprints/bp_new')).toHaveLength(1));
      expect(server.callsTo('PATCH /api/blueprints/bp_new')[0]?.body).toMatchObject({
        minAge: 6,
        maxAge: 30,
        supplements: [{ id: 'sup_1', minAge: 72, maxAge: 96 }],
      });
    },
  );

  it('lets the manager choose how often each supplement is charged', { timeout: 20_000 }, async () => {
    const withMeal: Blueprint = {
      ...CREATED,
      supplements: [
        { id: 'sup_meal', name: 'Repas', price: 800, minAge: null, maxAge: null, frequency: 'per-session' },
      ],
    };
    const server = fakeApi({
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'GET /api/blueprints/bp_new': () => json(200, withMeal),
      'GET /api/services': () => json(200, { items: [], total: 0, page: 1, pageSize: 8 }),
      'PATCH /api/blueprints/bp_new': () => json(200, withMeal),
    });
    const user = userEvent.setup();
    renderAt('/managing/blueprints/bp_new');

    const meal = (await screen.findByDisplayValue('Repas')).closest('li')!;
    const mealFrequency = within(meal).getByLabelText('Fréquence');
    expect(mealFrequency).toHaveDisplayValue('À chaque séance');
    expect(
      within(mealFrequency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Une fois par période', 'À chaque séance']);

    // A new supplement is charged once per period unless the manager says otherwise.
    await user.click(screen.getByRole('button', { name: 'Ajouter un supplément' }));
    const rows = screen.getAllByLabelText('Nom du supplément').map((input) => input.closest('li')!);
    const tshirt = rows[1]!;
    expect(within(tshirt).getByLabelText('Fréquence')).toHaveDisplayValue('Une fois par période');
    await user.type(within(tshirt).getByLabelText('Nom du supplément'), 'T-shirt du club');
    await user.type(within(tshirt).getByLabelText('Prix'), '15');
    await user.selectOptions(mealFrequency, 'Une fois par période');
    await user.selectOptions(mealFrequency, 'À chaque séance');
    await user.click(screen.getAllByRole('button', { name: 'Enregistrer' })[0]!);

    await vi.waitFor(() => expect(server.callsTo('PATCH /api/blueprints/bp_new')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/blueprints/bp_new')[0]?.body).toMatchObject({
      supplements: [
        { id: 'sup_meal', name: 'Repas', price: 800, frequency: 'per-session' },
        { name: 'T-shirt du club', price: 1500, frequency: 'once' },
      ],
    });
  });

  it('says the update failed and puts the API field messages under their fields', async () => {
    fakeApi({
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'GET /api/blueprints/bp_new': () => json(200, CREATED),
      'GET /api/services': () => json(200, { items: [], total: 0, page: 1, pageSize: 8 }),
      'PATCH /api/blueprints/bp_new': () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Les données fournies sont invalides.',
          details: [
            {
              field: 'minAge',
              rule: 'custom',
              message: "L'âge minimum ne peut pas être supérieur à l'âge maximum",
            },
          ],
        }),
    });
    const user = userEvent.setup();
    renderAt('/managing/blueprints/bp_new');
    const name = await screen.findByLabelText('Nom');
    await user.clear(name);
    await user.type(name, 'Judo adultes');
    await user.click(screen.getAllByRole('button', { name: 'Enregistrer' })[0]!);
    expect(
      await screen.findByText("L'âge minimum ne peut pas être supérieur à l'âge maximum"),
    ).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith("Une erreur est survenue lors de la mise à jour de l'activité.");
  });

  it('offers deletion only while the activity has no session, and explains a refusal', async () => {
    fakeApi({
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'GET /api/blueprints/bp_new': () => json(200, CREATED),
      'GET /api/services': () => json(200, { items: [], total: 0, page: 1, pageSize: 1 }),
      'DELETE /api/blueprints/bp_new': () =>
        json(409, {
          statusCode: 409,
          error: 'blueprint_has_sessions',
          message: 'Cette activité a déjà des séances : elle ne peut pas être supprimée. Archivez-la plutôt.',
        }),
    });
    const user = userEvent.setup();
    renderAt('/managing/blueprints/bp_new');
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(
      await within(dialog).findByText(
        'Cette activité a déjà des séances : elle ne peut pas être supprimée. Archivez-la plutôt.',
      ),
    ).toBeInTheDocument();
  });
});
