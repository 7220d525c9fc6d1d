import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImpersonationBanner } from '@/components/layouts/impersonation-banner';
import { clearSession, getAuthState, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { clearImpersonation, savedImpersonation } from '@/lib/impersonation';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeAccessToken, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { page, participant } from '@/features/registry/testing/fixtures';
import { ESTABLISHMENTS, memberDetail } from '../testing/fixtures';
import { MemberPage } from './member-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const MANAGER = makeUser({
  id: 'usr_manager',
  memberId: 'mbr_manager',
  email: 'manager@demo.test',
  firstName: 'Marc',
  lastName: 'Lambert',
  role: 'org-manager',
});
const MANAGER_TOKEN = fakeAccessToken(900, 'manager');
const PARENT_TOKEN = fakeAccessToken(900, 'parent');

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        // The layouts show the banner on every signed-in page.
        element: (
          <>
            <ImpersonationBanner />
            <Outlet />
          </>
        ),
        children: [
          { path: paths.home.pattern, element: <p>Accueil</p> },
          { path: paths.participant.pattern, element: <MemberPage /> },
          { path: paths.holder.pattern, element: <MemberPage /> },
          { path: paths.participants.pattern, element: <p>Participants</p> },
          { path: paths.login.pattern, element: <p>Connexion</p> },
        ],
      },
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
  clearSession();
  clearImpersonation();
  startSession(signInResult({ user: MANAGER, accessToken: MANAGER_TOKEN, refreshToken: 'refresh-manager' }));
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearImpersonation();
  window.sessionStorage.clear();
});

describe("a member's page", () => {
  it("lists the family's registrations and orders, and retries a tab that failed", async () => {
    let ordersFail = true;
    const api = fakeApi({
      'GET /api/members/usr_parent': () => json(200, memberDetail()),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'GET /api/participants': () =>
        json(
          200,
          page([
            participant(),
            participant({
              id: 'reg_2',
              status: 'reserved',
              member: { id: 'mbr_tom', firstName: 'Tom', lastName: 'Peeters' },
            }),
          ]),
        ),
      'GET /api/orders': () =>
        ordersFail
          ? json(403, { statusCode: 403, error: 'forbidden', message: 'Accès refusé' })
          : json(
              200,
              page([
                {
                  id: 'ord_1',
                  status: 'pending',
                  paymentProvider: 'offline',
                  totalAmount: 9550,
                  paidAmount: 0,
                  creditedAmount: 0,
                  amountDue: 9550,
                  family: { id: 'fam_parent', name: 'Famille Peeters' },
                  linesCount: 2,
                  liveLinesCount: 2,
                  createdAt: '2026-11-20T10:00:00.000Z',
                  paidAt: null,
                },
              ]),
            ),
    });
    const user = userEvent.setup();
    renderAt('/members/participants/usr_parent');
    const registrations = await screen.findByText(
      (_, element) => element?.getAttribute('data-family-registrations') === '',
    );
    const rows = within(registrations).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Léa PeetersJudo'),
      expect.stringContaining('Tom PeetersJudo'),
    ]);
    expect(within(rows[0]!).getByText('Confirmé')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Réservé')).toBeInTheDocument();
    expect(screen.getByText('2 inscriptions')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/participants')!.url).toContain('familyId=fam_parent');

    await user.click(screen.getByRole('tab', { name: 'Commandes' }));
    ordersFail = false;
    await user.click(await screen.findByRole('button', { name: 'Réessayer' }));
    const order = await screen.findByRole('link', { name: /95,50/ });
    expect(order).toHaveAttribute('href', paths.order.to('ord_1'));
    expect(within(order).getByText('En attente')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/orders')!.url).toContain('familyId=fam_parent');
  });

  it('shows the person, the family with ages, the representatives and the empty tabs', async () => {
    fakeApi({
      'GET /api/members/usr_parent': () => json(200, memberDetail()),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'GET /api/participants': () => json(200, page([])),
      'GET /api/orders': () => json(200, page([])),
    });
    const user = userEvent.setup();
    renderAt('/members/participants/usr_parent');
    expect(await screen.findByRole('heading', { level: 1, name: 'Claire Peeters' })).toBeInTheDocument();
    expect(screen.getByText('12/04/1985')).toBeInTheDocument();
    expect(screen.getByText('Chaussée de Wavre 210, 1040 Etterbeek, Belgique')).toBeInTheDocument();
    const family = screen.getByText('Léa Peeters').closest('li')!;
    expect(within(family).getByText('10 ans')).toBeInTheDocument();
    expect(within(family).getByText('Femme · Naissance : 14/03/2016')).toBeInTheDocument();
    expect(screen.getByText('Aucun autre représentant pour cette famille.')).toBeInTheDocument();
    // 16:05 UTC is 17:05 in Brussels.
    expect(screen.getByText('20/11/2026 17:05')).toBeInTheDocument();

    expect(screen.getByRole('tab', { name: 'Inscriptions' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Aucune inscription')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Commandes' }));
    expect(screen.getByText('Aucune commande')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Documents' })).toHaveFocus();
    expect(screen.getByText('Aucun document à afficher')).toBeInTheDocument();
  });

  it('changes the role within what the manager may grant, and grants the holder flag', async () => {
    const server = fakeApi({
      'GET /api/members/usr_parent': () => json(200, memberDetail()),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'PATCH /api/members/usr_parent': () =>
        json(200, memberDetail({ role: 'est-manager', roleLabel: "Gérant d'établissement" })),
      'POST /api/members/usr_parent/holder': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    const router = renderAt('/members/participants/usr_parent');
    const role = await screen.findByLabelText('Rôle');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Utilisateur basique', "Gérant d'établissement", "Gérant d'organisation"]);
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Désigner comme titulaire' }));
    // A holder's page lives under Titulaires.
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/holders/usr_parent'));
    expect(server.callsTo('POST /api/members/usr_parent/holder')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Le membre est maintenant titulaire.');

    await user.selectOptions(await screen.findByLabelText('Rôle'), 'est-manager');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(server.callsTo('PATCH /api/members/usr_parent')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/members/usr_parent')[0]?.body).toEqual({ role: 'est-manager' });
    expect(toast.success).toHaveBeenCalledWith('Le compte du membre a été mis à jour avec succès.');
    // A manager is no holder: the page moves back under Participants.
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/participants/usr_parent'));
    expect(screen.getByText('Seul un utilisateur basique peut être titulaire')).toBeInTheDocument();
  });

  it("edits the member's person with the profile rules", { timeout: 20_000 }, async () => {
    const server = fakeApi({
      'GET /api/members/usr_parent': () => json(200, memberDetail()),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'PATCH /api/members/usr_parent': () => json(200, memberDetail()),
    });
    const user = userEvent.setup();
    renderAt('/members/participants/usr_parent');
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    const drawer = await screen.findByRole('dialog', { name: 'Modifier les informations de Claire Peeters' });
    const postalCode = within(drawer).getByLabelText('Code postal');
    await user.clear(postalCode);
    await user.type(postalCode, '75001');
    await user.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(drawer).findByText('Code postal invalide pour le pays choisi')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/members/usr_parent')).toHaveLength(0);

    await user.clear(postalCode);
    await user.type(postalCode, '1050');
    await user.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(server.callsTo('PATCH /api/members/usr_parent')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/members/usr_parent')[0]?.body).toMatchObject({
      person: { postalCode: '1050', city: 'Etterbeek', country: 'BEL', email: 'parent@demo.test' },
    });
    expect(toast.success).toHaveBeenCalledWith(
      'Les informations du membre ont été mises à jour avec succès.',
    );
  });

  it('keeps the role and establishment read-only, with the reason, on an account of a higher role', async () => {
    fakeApi({
      'GET /api/members/usr_admin': () =>
        json(
          200,
          memberDetail({
            userId: 'usr_admin',
            displayName: 'Alice Dubois',
            role: 'admin',
            roleLabel: 'Administrateur',
            permissions: { canEdit: false, canChangeRole: false },
          }),
        ),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
    });
    renderAt('/members/participants/usr_admin');
    const role = await screen.findByLabelText('Rôle');
    expect(role).toBeDisabled();
    expect(role).toHaveValue('admin');
    expect(screen.getByLabelText('Établissement')).toBeDisabled();
    expect(screen.getByText(/Ce compte a un rôle que vous ne pouvez pas attribuer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    // Only a basic user's session may be opened by a manager.
    expect(screen.queryByRole('button', { name: 'Se connecter en tant que ce membre' })).toBeNull();
    expect(screen.getByText('Seul un utilisateur basique peut être titulaire')).toBeInTheDocument();
  });

  it('shows a failed load', async () => {
    fakeApi({
      'GET /api/members/usr_gone': () =>
        json(404, {
          statusCode: 404,
          error: 'not_found',
          message: 'Les données fournies sont introuvables.',
        }),
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
    });
    renderAt('/members/participants/usr_gone');
    expect(await screen.findByText('Les données fournies sont introuvables.')).toBeInTheDocument();
  });
});

describe('signing in as a member', () => {
  it(
    "asks the manager's password, switches to the member's session with a banner, and comes back",
    { timeout: 20_000 },
    async () => {
      const parent = makeUser({ id: 'usr_parent', memberId: 'mbr_parent' });
      const server = fakeApi({
        'GET /api/members/usr_parent': () => json(200, memberDetail()),
        'GET /api/establishments': () => json(200, ESTABLISHMENTS),
        'POST /api/auth/sign-in/overAdmin': (call) =>
          (call.body as { password: string }).password === 'Demo1234'
            ? json(
                200,
                signInResult({ user: parent, accessToken: PARENT_TOKEN, refreshToken: 'refresh-parent' }),
              )
            : json(400, {
                statusCode: 400,
                error: 'validation_failed',
                message: 'Les données fournies sont invalides.',
                details: [
                  {
                    field: 'password',
                    rule: 'invalid_credentials',
                    message: 'Identifiants non valides. Veuillez réessayer.',
                  },
                ],
              }),
        'GET /api/me/member': () => json(200, { id: 'mbr_parent' }),
        'POST /api/auth/sign-out': () => new Response(null, { status: 204 }),
      });
      const user = userEvent.setup();
      const router = renderAt('/members/participants/usr_parent');
      await user.click(await screen.findByRole('button', { name: 'Se connecter en tant que ce membre' }));
      const dialog = await screen.findByRole('dialog', { name: 'Se connecter en tant que Claire Peeters' });
      expect(within(dialog).getByText('manager@demo.test')).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
      expect(await within(dialog).findByText('Ce champs est requis')).toBeInTheDocument();
      expect(server.callsTo('POST /api/auth/sign-in/overAdmin')).toHaveLength(0);

      await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'wrong');
      await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
      expect(
        await within(dialog).findByText('Identifiants non valides. Veuillez réessayer.'),
      ).toBeInTheDocument();

      await user.clear(within(dialog).getByLabelText('Votre mot de passe'));
      await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'Demo1234');
      await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(server.callsTo('POST /api/auth/sign-in/overAdmin').at(-1)?.body).toEqual({
        idMember: 'mbr_parent',
        email: 'manager@demo.test',
        password: 'Demo1234',
      });
      expect(getAuthState().user?.id).toBe('usr_parent');
      expect(getAuthState().tokens?.accessToken).toBe(PARENT_TOKEN);
      // The manager's session waits in this tab's session storage, never in local storage.
      expect(savedImpersonation()?.manager.user?.id).toBe('usr_manager');
      expect(window.sessionStorage.getItem('inscrio.impersonation')).toContain('refresh-manager');
      expect(window.localStorage.getItem('inscrio.tokens')).not.toContain('refresh-manager');

      const banner = await screen.findByRole('region', { name: 'Connexion en tant que membre' });
      expect(banner).toHaveTextContent('Vous êtes connecté en tant que Claire Peeters');

      await user.click(within(banner).getByRole('button', { name: 'Revenir à mon compte' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/members/participants/usr_parent'));
      const signOut = server.callsTo('POST /api/auth/sign-out');
      expect(signOut).toHaveLength(1);
      expect(signOut[0]?.headers.authorization).toBe(`Bearer ${PARENT_TOKEN}`);
      expect(getAuthState().user?.id).toBe('usr_manager');
      expect(getAuthState().tokens?.refreshToken).toBe('refresh-manager');
      expect(savedImpersonation()).toBeNull();
      expect(screen.queryByRole('region', { name: 'Connexion en tant que membre' })).toBeNull();
      expect(await screen.findByRole('heading', { level: 1, name: 'Claire Peeters' })).toBeInTheDocument();
    },
  );
});
