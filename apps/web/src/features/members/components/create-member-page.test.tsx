import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@inscrio/shared';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { ESTABLISHMENTS, memberDetail } from '../testing/fixtures';
import { CreateMemberPage } from './create-member-page';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: paths.membersCreate.pattern, element: <CreateMemberPage /> },
      { path: paths.participant.pattern, element: <p>Fiche participant</p> },
      { path: paths.holder.pattern, element: <p>Fiche titulaire</p> },
      { path: paths.membersAll.pattern, element: <p>Liste</p> },
    ],
    { initialEntries: ['/members/create'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const signInAs = (role: Role, establishment = 'est_default') =>
  startSession(signInResult({ user: makeUser({ role, establishment, email: 'manager@demo.test' }) }));

const roleOptions = () =>
  within(screen.getByLabelText('Rôle'))
    .getAllByRole('option')
    .map((option) => option.textContent);

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  clearSession();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('creating a member', () => {
  it('offers only the roles the manager may grant', async () => {
    fakeApi({ 'GET /api/establishments': () => json(200, ESTABLISHMENTS) });
    signInAs('org-manager');
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('Établissement')).toHaveValue('est_default'));
    expect(roleOptions()).toEqual(['Utilisateur basique', "Gérant d'établissement", "Gérant d'organisation"]);
    expect(roleOptions()).not.toContain('Administrateur');
  });

  it("keeps an establishment manager's accounts in their establishment, as basic users", async () => {
    fakeApi({
      'GET /api/establishments': () =>
        json(200, { ...ESTABLISHMENTS, items: [ESTABLISHMENTS.items[1]], total: 1 }),
    });
    signInAs('est-manager', 'est_piscine');
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('Établissement')).toHaveValue('est_piscine'));
    expect(screen.getByLabelText('Établissement')).toBeDisabled();
    expect(roleOptions()).toEqual(['Utilisateur basique']);
  });

  it(
    'shows the shared messages, then creates the account with a child living at its address',
    { timeout: 30_000 },
    async () => {
      const server = fakeApi({
        'GET /api/establishments': () => json(200, ESTABLISHMENTS),
        'POST /api/members': () =>
          json(
            201,
            memberDetail({
              userId: 'usr_new',
              displayName: 'Nora Declercq',
              isHolder: true,
              hasPassword: false,
            }),
          ),
      });
      signInAs('admin');
      const user = userEvent.setup();
      const router = renderPage();
      await waitFor(() => expect(screen.getByLabelText('Établissement')).toHaveValue('est_default'));
      expect(roleOptions()).toContain('Administrateur');

      await user.click(screen.getByRole('button', { name: 'Ajouter un membre de la famille' }));
      await user.click(screen.getByRole('button', { name: 'Créer le membre' }));
      expect((await screen.findAllByText('Ce champs est requis')).length).toBeGreaterThan(10);
      expect(server.callsTo('POST /api/members')).toHaveLength(0);

      await user.type(screen.getAllByLabelText('Prénom')[0]!, 'Nora');
      await user.type(screen.getAllByLabelText('Nom')[0]!, 'Declercq');
      await user.selectOptions(screen.getAllByLabelText('Genre')[0]!, 'F');
      await user.type(screen.getAllByLabelText('Date de naissance')[0]!, '1988-05-20');
      await user.type(screen.getByLabelText('Adresse (rue et numéro)'), 'Rue Haute 12');
      await user.type(screen.getByLabelText('Code postal'), '0999');
      await user.type(screen.getByLabelText('Ville'), 'Bruxelles');
      await user.selectOptions(screen.getByLabelText('Pays'), 'BEL');
      // Picking the country starts the phone number with its prefix.
      expect(screen.getByLabelText('Téléphone')).toHaveValue('+32 ');
      await user.type(screen.getByLabelText('Téléphone'), '470 11 22 33');
      await user.type(screen.getByLabelText('Adresse e-mail'), 'nora@demo.test');
      await user.click(screen.getByRole('checkbox', { name: /^Titulaire/ }));

      const row = screen.getByRole('listitem');
      await user.type(within(row).getByLabelText('Prénom'), 'Lina');
      await user.type(within(row).getByLabelText('Nom'), 'Declercq');
      await user.selectOptions(within(row).getByLabelText('Genre'), 'F');
      await user.type(within(row).getByLabelText('Date de naissance'), '2017-09-01');

      await user.click(screen.getByRole('button', { name: 'Créer le membre' }));
      // A Belgian postal code is 1000 to 9999.
      expect(await screen.findByText('Code postal invalide pour le pays choisi')).toBeInTheDocument();
      expect(server.callsTo('POST /api/members')).toHaveLength(0);
      await user.clear(screen.getByLabelText('Code postal'));
      await user.type(screen.getByLabelText('Code postal'), '1000');

      await user.click(screen.getByRole('button', { name: 'Créer le membre' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/members/holders/usr_new'));
      expect(server.callsTo('POST /api/members')[0]?.body).toEqual({
        person: {
          gender: 'F',
          firstName: 'Nora',
          lastName: 'Declercq',
          birthdate: '1988-05-20',
          address: 'Rue Haute 12',
          postalCode: '1000',
          city: 'Bruxelles',
          country: 'BEL',
          phoneNumber: '+32 470 11 22 33',
          email: 'nora@demo.test',
        },
        role: 'user',
        isHolder: true,
        establishmentId: 'est_default',
        sendInvitation: true,
        familyMembers: [
          {
            gender: 'F',
            firstName: 'Lina',
            lastName: 'Declercq',
            birthdate: '2017-09-01',
            address: 'Rue Haute 12',
            postalCode: '1000',
            city: 'Bruxelles',
            country: 'BEL',
          },
        ],
      });
      expect(toast.success).toHaveBeenCalledWith('Le compte de Nora Declercq a été créé avec succès.');
    },
  );

  it('puts a taken e-mail address under its field', { timeout: 30_000 }, async () => {
    fakeApi({
      'GET /api/establishments': () => json(200, ESTABLISHMENTS),
      'POST /api/members': () =>
        json(409, {
          statusCode: 409,
          error: 'email_taken',
          message: 'Un compte existe déjà avec cette adresse e-mail.',
        }),
    });
    signInAs('org-manager');
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('Établissement')).toHaveValue('est_default'));
    await user.type(screen.getByLabelText('Prénom'), 'Claire');
    await user.type(screen.getByLabelText('Nom'), 'Peeters');
    await user.selectOptions(screen.getByLabelText('Genre'), 'F');
    await user.type(screen.getByLabelText('Date de naissance'), '1985-04-12');
    await user.type(screen.getByLabelText('Adresse (rue et numéro)'), 'Chaussée de Wavre 210');
    await user.type(screen.getByLabelText('Code postal'), '1040');
    await user.type(screen.getByLabelText('Ville'), 'Etterbeek');
    await user.selectOptions(screen.getByLabelText('Pays'), 'BEL');
    await user.type(screen.getByLabelText('Téléphone'), '470 12 34 56');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'parent@demo.test');
    await user.click(screen.getByRole('button', { name: 'Créer le membre' }));
    const email = screen.getByLabelText('Adresse e-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getByText('Un compte existe déjà avec cette adresse e-mail.', { selector: 'p' }),
    ).toBeVisible();
    expect(toast.error).toHaveBeenCalledWith('Un compte existe déjà avec cette adresse e-mail.');
  });
});
