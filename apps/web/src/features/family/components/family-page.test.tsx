import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@/lib/api-types';
import { clearSession, setMember, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { FamilyPage } from './family-page';

const child = (overrides: Partial<Member> = {}): Member => ({
  id: 'mbr_lea',
  isHolder: false,
  firstName: 'Léa',
  lastName: 'Peeters',
  email: null,
  gender: 'F',
  birthdate: '2016-03-14',
  address: null,
  city: null,
  postalCode: null,
  country: null,
  phoneNumber: null,
  ...overrides,
});

const list = (items: Member[]) => ({ items, total: items.length, page: 1, pageSize: 100 });
const noRepresentatives = { items: [], total: 0, page: 1, pageSize: 100, pendingInvitations: [] };

function renderFamily(path = '/delegations') {
  const router = createMemoryRouter([{ path: '/delegations', element: <FamilyPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  startSession(signInResult({ user: makeUser(), organization: DEMO }));
  setMember({
    ...child({ id: 'mbr_parent', firstName: 'Claire', birthdate: '1985-04-12', gender: 'F' }),
    address: 'Chaussée de Wavre 210',
    city: 'Etterbeek',
    postalCode: '1040',
    country: 'BEL',
  });
  setAddressOrganization(DEMO);
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
  clearSession();
  setAddressOrganization(null);
});

describe('Ma famille', () => {
  it('lists the members with their age and birthdate, and the representatives', async () => {
    fakeApi({
      'GET /api/me/delegated': () =>
        json(
          200,
          list([child(), child({ id: 'mbr_tom', firstName: 'Tom', gender: 'M', birthdate: '2026-05-02' })]),
        ),
      'GET /api/me/representatives': () =>
        json(200, {
          ...noRepresentatives,
          items: [
            {
              userId: 'usr_marc',
              memberId: 'mbr_marc',
              firstName: 'Marc',
              lastName: 'Peeters',
              email: 'marc@demo.test',
              displayName: 'Marc Peeters',
            },
          ],
          pendingInvitations: [
            {
              id: 'inv_1',
              email: 'mamie@demo.test',
              status: 'pending',
              createdAt: '2026-11-20T09:00:00.000Z',
              expiresAt: '2026-12-04T09:00:00.000Z',
              invitedBy: { userId: 'usr_parent', displayName: 'Claire Peeters' },
            },
          ],
        }),
    });
    renderFamily();
    const lea = await screen.findByText('Léa Peeters');
    const leaCard = lea.closest('[data-family-member]') as HTMLElement;
    expect(within(leaCard).getByText('10 ans · Femme')).toBeInTheDocument();
    expect(within(leaCard).getByText('Née le 14/03/2016')).toBeInTheDocument();
    const tomCard = screen.getByText('Tom Peeters').closest('[data-family-member]') as HTMLElement;
    expect(within(tomCard).getByText('6 mois · Homme')).toBeInTheDocument();
    expect(within(tomCard).getByText('Né le 02/05/2026')).toBeInTheDocument();
    expect(screen.getByText('2 membres')).toBeInTheDocument();

    expect(await screen.findByText('Marc Peeters')).toBeInTheDocument();
    expect(screen.getByText('mamie@demo.test')).toBeInTheDocument();
    expect(
      screen.getByText("Invitation envoyée le 20/11/2026 par Claire Peeters, valable jusqu'au 04/12/2026"),
    ).toBeInTheDocument();
  });

  it('opens the add form from the onboarding, shows the French messages, then creates the child', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      'GET /api/me/delegated': () => json(200, list([])),
      'GET /api/me/representatives': () => json(200, noRepresentatives),
      'POST /api/me/delegated': (call) =>
        json(201, child({ id: 'mbr_new', ...(call.body as Partial<Member>) })),
    });
    const router = renderFamily('/delegations?onboarding-action=add-family-members');

    const drawer = await screen.findByRole('dialog', { name: 'Ajouter un membre de la famille' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(drawer).getByLabelText('Nom')).toHaveValue('Peeters');
    expect(within(drawer).queryByLabelText('Mot de passe')).toBeNull();

    await user.type(within(drawer).getByLabelText('Prénom'), 'L');
    await user.type(within(drawer).getByLabelText('Code postal'), '99');
    await user.click(within(drawer).getByRole('button', { name: 'Ajouter à ma famille' }));
    expect(await within(drawer).findByText('Ce champ doit contenir au moins 2 caractères')).toBeVisible();
    expect(within(drawer).getAllByText('Ce champs est requis')).toHaveLength(2);
    expect(within(drawer).getByText('Ce champ doit contenir au moins 4 caractères')).toBeVisible();
    expect(api.callsTo('POST /api/me/delegated')).toHaveLength(0);

    await user.clear(within(drawer).getByLabelText('Prénom'));
    await user.type(within(drawer).getByLabelText('Prénom'), 'Lina');
    await user.selectOptions(within(drawer).getByLabelText('Genre'), 'F');
    await user.type(within(drawer).getByLabelText('Date de naissance'), '2017-05-12');
    await user.click(within(drawer).getByRole('button', { name: 'Reprendre mon adresse' }));
    expect(within(drawer).getByLabelText('Code postal')).toHaveValue('1040');
    await user.click(within(drawer).getByRole('button', { name: 'Ajouter à ma famille' }));

    await waitFor(() => expect(api.callsTo('POST /api/me/delegated')).toHaveLength(1));
    expect(api.callsTo('POST /api/me/delegated')[0]!.body).toMatchObject({
      gender: 'F',
      firstName: 'Lina',
      lastName: 'Peeters',
      birthdate: '2017-05-12',
      address: 'Chaussée de Wavre 210',
      postalCode: '1040',
      city: 'Etterbeek',
      country: 'BEL',
      email: '',
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Le membre délégué a été créé avec succès.'));
  });

  it('edits a member with the spec message', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      'GET /api/me/delegated': () => json(200, list([child()])),
      'GET /api/me/representatives': () => json(200, noRepresentatives),
      'PATCH /api/me/delegated/mbr_lea': () => json(200, child({ firstName: 'Léane' })),
    });
    renderFamily();
    await user.click(await screen.findByRole('button', { name: 'Modifier Léa Peeters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Modifier Léa Peeters' });
    expect(within(drawer).getByLabelText('Date de naissance')).toHaveValue('2016-03-14');
    await user.clear(within(drawer).getByLabelText('Prénom'));
    await user.type(within(drawer).getByLabelText('Prénom'), 'Léane');
    await user.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Le membre délégué a été mis à jour avec succès.'),
    );
    expect(api.callsTo('PATCH /api/me/delegated/mbr_lea')[0]!.body).toMatchObject({ firstName: 'Léane' });
  });

  it('explains the registrations to come before removing a member, then confirms', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      'GET /api/me/delegated': () => json(200, list([child()])),
      'GET /api/me/representatives': () => json(200, noRepresentatives),
      'DELETE /api/me/delegated/mbr_lea': (call) =>
        call.url.includes('confirm=true')
          ? json(204)
          : json(409, {
              statusCode: 409,
              error: 'member_has_future_registrations',
              message:
                'Ce membre est inscrit à 1 séance à venir. Si vous le retirez de votre famille, cette inscription sera annulée.',
              details: [
                {
                  field: 'registrations',
                  rule: 'future_registration',
                  message: 'Natation enfants (2026-11-24T16:00:00.000Z)',
                },
              ],
            }),
    });
    renderFamily();
    await user.click(await screen.findByRole('button', { name: 'Retirer Léa Peeters de la famille' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer Léa Peeters de votre famille ?' });
    expect(dialog).toHaveTextContent('Son historique (inscriptions passées, commandes, factures');
    expect(dialog).toHaveTextContent('nous vous les montrerons avant de retirer');

    await user.click(within(dialog).getByRole('button', { name: 'Retirer de ma famille' }));
    expect(await within(dialog).findByText(/Ce membre est inscrit à 1 séance à venir/)).toBeVisible();
    expect(within(dialog).getByText('Natation enfants · 24/11/2026 17:00')).toBeVisible();
    expect(success).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Le membre délégué a été supprimé avec succès.'),
    );
    const calls = api.callsTo('DELETE /api/me/delegated/mbr_lea');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/me/delegated/mbr_lea',
      '/api/me/delegated/mbr_lea?confirm=true',
    ]);
  });

  it('invites a representative by e-mail with the spec message', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = fakeApi({
      'GET /api/me/delegated': () => json(200, list([child()])),
      'GET /api/me/representatives': () => json(200, noRepresentatives),
      'POST /api/me/representatives': () =>
        json(201, {
          id: 'inv_2',
          email: 'marc@demo.test',
          status: 'pending',
          createdAt: '2026-11-22T10:00:00.000Z',
          expiresAt: '2026-12-06T10:00:00.000Z',
          invitedBy: { userId: 'usr_parent', displayName: 'Claire Peeters' },
        }),
    });
    renderFamily();
    expect(
      await screen.findByText("Aucun autre adulte ne gère votre famille pour l'instant."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter un représentant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un représentant' });
    await user.type(within(dialog).getByLabelText('Adresse e-mail'), 'marc');
    await user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    expect(await within(dialog).findByText('Ce champ doit contenir au moins 6 caractères')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Adresse e-mail'), '@demo.test');
    await user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Le représentant a été ajouté avec succès.'));
    expect(api.callsTo('POST /api/me/representatives')[0]!.body).toMatchObject({
      email: 'marc@demo.test',
    });
  });

  it('tells a manager that families manage their own members', async () => {
    startSession(signInResult({ user: makeUser({ role: 'org-manager' }), organization: DEMO }));
    const api = fakeApi({});
    renderFamily();
    expect(await screen.findByText('Pas de famille pour ce compte')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
