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
import { page, participant, session } from '../testing/fixtures';
import { RegistryPage } from './registry-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const PERIODS = page([
  {
    id: 'per_1',
    name: 'Automne 2026',
    startDate: '2026-09-01',
    endDate: '2026-12-31',
    previousPeriodId: null,
  },
]);
const ACTIVITIES = page([
  { id: 'bp_judo', name: 'Judo' },
  { id: 'bp_private', name: 'Compétition (privée)' },
]);

function renderAt(path = '/registry') {
  const router = createMemoryRouter([{ path: paths.registry.pattern, element: <RegistryPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const baseRoutes = {
  'GET /api/periods': () => json(200, PERIODS),
  'GET /api/blueprints': () => json(200, ACTIVITIES),
  'GET /api/reviews': () => json(200, page([], 3)),
};

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  vi.mocked(toast.success).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the registry', { timeout: 20_000 }, () => {
  it('lists registrations with their status badge and the count of requests to review', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /api/participants': () =>
        json(
          200,
          page([
            participant(),
            participant({ id: 'reg_2', status: 'cancelled', canCancel: false, orderId: 'ord_1' }),
          ]),
        ),
    });
    renderAt();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Confirmé')).toHaveAttribute('data-participant-status', 'confirmed');
    expect(within(rows[0]!).getByText('02/12/2026 17:00', { exact: false })).toBeInTheDocument();
    // A cancelled registration can no longer be moved nor cancelled; its order is linked.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByRole('link', { name: 'Voir la commande' })).toHaveAttribute(
      'href',
      '/orders/ord_1',
    );
    expect(await screen.findByLabelText('3 demandes à traiter')).toBeInTheDocument();
  });

  it('sends the filters to the API and keeps them in the address', { timeout: 20_000 }, async () => {
    const server = fakeApi({
      ...baseRoutes,
      'GET /api/participants': () => json(200, page([participant()])),
      'GET /api/services': () => json(200, page([session('svc_1', '2026-12-02T16:00:00.000Z')])),
    });
    const user = userEvent.setup();
    const router = renderAt();
    await screen.findByRole('table');

    await user.selectOptions(screen.getByLabelText('Statut'), 'needs-review');
    await vi.waitFor(() =>
      expect(server.callsTo('GET /api/participants').at(-1)?.url).toContain('status=needs-review'),
    );
    await user.selectOptions(screen.getByLabelText('Activité'), 'bp_judo');
    // The sessions of the chosen activity become choosable.
    const sessionFilter = screen.getByLabelText('Séance');
    await vi.waitFor(() => expect(sessionFilter).toBeEnabled());
    await within(sessionFilter).findByRole('option', { name: /02\/12\/2026 17:00/ });
    await user.selectOptions(sessionFilter, 'svc_1');
    await user.type(screen.getByLabelText('Rechercher un membre'), 'Léa');
    await vi.waitFor(() => {
      const url = server.callsTo('GET /api/participants').at(-1)?.url ?? '';
      expect(url).toContain('q=L%C3%A9a');
      expect(url).toContain('blueprintId=bp_judo');
      expect(url).toContain('serviceId=svc_1');
      expect(url).toContain('status=needs-review');
    });
    expect(router.state.location.search).toContain('serviceId=svc_1');

    // Another activity forgets the session.
    await user.selectOptions(screen.getByLabelText('Activité'), 'bp_private');
    await vi.waitFor(() => expect(router.state.location.search).not.toContain('serviceId'));
  });

  it('moves a participant to an upcoming session of the same activity with free seats', async () => {
    const server = fakeApi({
      ...baseRoutes,
      'GET /api/participants': () => json(200, page([participant()])),
      'GET /api/services': () =>
        json(
          200,
          page([
            session('svc_1', '2026-12-02T16:00:00.000Z'),
            session('svc_full', '2026-12-09T16:00:00.000Z', 0),
            session('svc_3', '2026-12-16T16:00:00.000Z', 2),
          ]),
        ),
      'POST /api/participants/reg_1/move': () =>
        json(200, participant({ service: { ...participant().service, id: 'svc_3' } })),
    });
    const user = userEvent.setup();
    renderAt();
    await screen.findByRole('table');
    await user.click(screen.getAllByRole('button', { name: 'Déplacer Léa Peeters' })[0]!);
    const dialog = await screen.findByRole('dialog');
    const choices = await within(dialog).findAllByRole('radio');
    // Neither the current session nor the full one.
    expect(choices).toHaveLength(1);
    expect(within(dialog).getByText('2 places libres')).toBeInTheDocument();
    expect(server.callsTo('GET /api/services')[0]?.url).toContain('blueprintId=bp_judo');
    await user.click(choices[0]!);
    await user.click(within(dialog).getByRole('button', { name: 'Déplacer' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/participants/reg_1/move')[0]?.body).toEqual({ serviceId: 'svc_3' });
    expect(toast.success).toHaveBeenCalledWith(
      expect.stringContaining('Léa Peeters a été déplacé(e) vers la séance du'),
    );
  });

  it('cancels with an optional reason, and shows the API refusal in the dialog', async () => {
    let refuse = true;
    const server = fakeApi({
      ...baseRoutes,
      'GET /api/participants': () => json(200, page([participant()])),
      'POST /api/participants/reg_1/cancel': () =>
        refuse
          ? json(409, {
              statusCode: 409,
              error: 'registration_not_cancellable',
              message: 'Cette inscription est déjà annulée.',
            })
          : json(200, participant({ status: 'cancelled' })),
    });
    const user = userEvent.setup();
    renderAt();
    await screen.findByRole('table');
    await user.click(screen.getAllByRole('button', { name: "Annuler l'inscription de Léa Peeters" })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Motif (facultatif)'), 'Blessure');
    await user.click(within(dialog).getByRole('button', { name: "Annuler l'inscription" }));
    expect(await within(dialog).findByText('Cette inscription est déjà annulée.')).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: "Annuler l'inscription" }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/participants/reg_1/cancel').at(-1)?.body).toEqual({
      reason: 'Blessure',
    });
    expect(toast.success).toHaveBeenCalledWith("L'inscription de Léa Peeters a été annulée.");
  });

  it('offers the refund only for a registration bought in an order, and sends it', async () => {
    const server = fakeApi({
      ...baseRoutes,
      'GET /api/participants': () => json(200, page([participant({ orderId: 'ord_1' })])),
      'POST /api/participants/reg_1/cancel': () => json(200, participant({ status: 'cancelled' })),
    });
    const user = userEvent.setup();
    renderAt();
    await screen.findByRole('table');
    await user.click(screen.getAllByRole('button', { name: "Annuler l'inscription de Léa Peeters" })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /Rembourser ce qui a été payé/ }));
    await user.click(within(dialog).getByRole('button', { name: "Annuler l'inscription" }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST /api/participants/reg_1/cancel').at(-1)?.body).toEqual({ refund: true });
  });

  it('does not offer a refund for a registration made without an order', async () => {
    fakeApi({ ...baseRoutes, 'GET /api/participants': () => json(200, page([participant()])) });
    const user = userEvent.setup();
    renderAt();
    await screen.findByRole('table');
    await user.click(screen.getAllByRole('button', { name: "Annuler l'inscription de Léa Peeters" })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox', { name: /Rembourser/ })).toBeNull();
  });

  it(
    'registers a family member directly to sessions of a private activity',
    { timeout: 20_000 },
    async () => {
      const server = fakeApi({
        ...baseRoutes,
        'GET /api/participants': () => json(200, page([])),
        'GET /api/members': () =>
          json(
            200,
            page([
              {
                userId: 'usr_p',
                memberId: 'mbr_p',
                displayName: 'Claire Peeters',
                email: 'parent@demo.test',
              },
            ]),
          ),
        'GET /api/members/usr_p': () =>
          json(200, {
            userId: 'usr_p',
            memberId: 'mbr_p',
            displayName: 'Claire Peeters',
            family: [{ id: 'mbr_lea', displayName: 'Léa Peeters', ageText: '10 ans' }],
          }),
        'GET /api/services': () =>
          json(
            200,
            page([
              session('svc_a', '2026-12-04T17:00:00.000Z'),
              session('svc_b', '2026-12-11T17:00:00.000Z', 0),
            ]),
          ),
        'POST /api/participants': () => json(200, { registered: [participant()], refused: [] }),
      });
      const user = userEvent.setup();
      renderAt();
      expect(await screen.findByText("Aucune inscription pour l'instant")).toBeInTheDocument();
      await user.click(screen.getAllByRole('button', { name: 'Inscrire un membre' })[0]!);
      const dialog = await screen.findByRole('dialog');
      const confirm = within(dialog).getByRole('button', { name: 'Inscrire' });
      expect(confirm).toBeDisabled();
      await user.type(within(dialog).getByLabelText('Rechercher un compte'), 'Peeters');
      await user.click(await within(dialog).findByRole('button', { name: /Claire Peeters/ }));
      await user.click(await within(dialog).findByRole('checkbox', { name: /Léa Peeters/ }));
      await user.selectOptions(within(dialog).getByLabelText('Activité'), 'bp_private');
      const sessions = await within(dialog).findAllByRole('checkbox', { name: /2026/ });
      // A full session cannot be chosen.
      expect(sessions[1]).toBeDisabled();
      await user.click(sessions[0]!);
      await user.click(confirm);
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(server.callsTo('POST /api/participants')[0]?.body).toEqual({
        serviceIds: ['svc_a'],
        memberIds: ['mbr_lea'],
      });
      expect(server.callsTo('GET /api/services').at(-1)?.url).toContain('blueprintId=bp_private');
      expect(toast.success).toHaveBeenCalledWith('1 inscription confirmée.');
    },
  );

  it('shows the loading failure with a retry', async () => {
    fakeApi({
      ...baseRoutes,
      'GET /api/participants': () => json(403, { statusCode: 403, error: 'forbidden', message: 'Interdit.' }),
    });
    renderAt();
    expect(await screen.findByRole('alert')).toHaveTextContent('Interdit.');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
