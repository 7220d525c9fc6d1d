import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@/lib/api-types';
import { clearSession, getAuthState, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { ProfilePage } from './profile-page';

const ME: Member = {
  id: 'mbr_parent',
  isHolder: false,
  firstName: 'Claire',
  lastName: 'Peeters',
  email: 'parent@demo.test',
  gender: 'F',
  birthdate: '1985-04-12',
  address: 'Rue de la Loi 16',
  city: 'Bruxelles',
  postalCode: '1000',
  country: 'BEL',
  phoneNumber: '+32 470 12 34 56',
};

const CONDITIONS = {
  roi: { publishedAt: null, acceptedAt: null, mustAccept: false },
  legalMentions: { publishedAt: null, acceptedAt: null, mustAccept: false },
};

function routes(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/me/user': () => json(200, { ...makeUser(), pendingEmail: null }),
    'GET /api/me/member': () => json(200, ME),
    'GET /api/me/company': () => json(200, { company: null }),
    'GET /api/me/conditions': () => json(200, CONDITIONS),
    ...overrides,
  });
}

function renderProfile() {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/login', element: <p>Connexion</p> },
    ],
    { initialEntries: ['/profile'] },
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
  startSession(signInResult({ user: makeUser(), organization: DEMO }));
  setAddressOrganization(DEMO);
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe('the profile', () => {
  it('updates the name with the profile text, and keeps a new e-mail pending until its link is used', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = routes({
      'PATCH /api/users/me': (call) => {
        const body = call.body as { firstName?: string; email?: string };
        return json(200, {
          ...makeUser({ firstName: body.firstName ?? 'Claire' }),
          pendingEmail: body.email ?? null,
        });
      },
    });
    renderProfile();
    const account = await screen.findByRole('form', { name: 'Mon compte' });
    await user.clear(within(account).getByLabelText('Prénom'));
    await user.type(within(account).getByLabelText('Prénom'), 'Clara');
    await user.click(within(account).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Votre profil a été mis à jour avec succès.'));
    // The address was not changed: it is not sent (sending it would cancel a pending change).
    expect(api.callsTo('PATCH /api/users/me')[0]!.body).toEqual({ firstName: 'Clara', lastName: 'Peeters' });
    expect(getAuthState().user?.firstName).toBe('Clara');
    expect(getAuthState().user).not.toHaveProperty('pendingEmail');

    await user.clear(within(account).getByLabelText('Adresse e-mail'));
    await user.type(within(account).getByLabelText('Adresse e-mail'), 'claire.new@demo.test');
    await user.click(within(account).getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(/Un lien de confirmation a été envoyé à claire\.new@demo\.test\./),
    ).toBeVisible();
    expect(within(account).getByLabelText('Adresse e-mail')).toHaveValue('parent@demo.test');
    expect(api.callsTo('PATCH /api/users/me')[1]!.body).toMatchObject({ email: 'claire.new@demo.test' });
  });

  it('checks the person form with the shared rules, then saves it with the information text', async () => {
    const user = userEvent.setup();
    const success = vi.spyOn(toast, 'success');
    const api = routes({
      'PATCH /api/me/member': (call) =>
        json(200, { ...ME, ...(call.body as Partial<Member>), pendingEmail: null }),
    });
    renderProfile();
    const person = await screen.findByRole('form', { name: 'Mes coordonnées' });
    await waitFor(() => expect(within(person).getByLabelText('Ville')).toHaveValue('Bruxelles'));

    await user.clear(within(person).getByLabelText('Code postal'));
    await user.type(within(person).getByLabelText('Code postal'), '75001');
    await user.clear(within(person).getByLabelText('Téléphone'));
    await user.type(within(person).getByLabelText('Téléphone'), '+32 123 456');
    await user.click(within(person).getByRole('button', { name: 'Enregistrer mes coordonnées' }));
    expect(await within(person).findByText('Code postal invalide pour le pays choisi')).toBeVisible();
    expect(within(person).getByText('Numéro de téléphone invalide pour le pays choisi')).toBeVisible();

    // The same postal code is right for France: the rules follow the chosen country.
    await user.selectOptions(within(person).getByLabelText('Pays'), 'FRA');
    expect(within(person).getByRole('option', { name: 'France (+33)' })).toBeInTheDocument();
    await user.clear(within(person).getByLabelText('Téléphone'));
    await user.type(within(person).getByLabelText('Téléphone'), '+33 6 12 34 56 78');
    await user.clear(within(person).getByLabelText('Ville'));
    await user.type(within(person).getByLabelText('Ville'), 'Paris');
    await user.click(within(person).getByRole('button', { name: 'Enregistrer mes coordonnées' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Vos informations ont été mises à jour avec succès.'),
    );
    expect(api.callsTo('PATCH /api/me/member')[0]!.body).toMatchObject({
      postalCode: '75001',
      country: 'FRA',
      city: 'Paris',
      phoneNumber: '+33 6 12 34 56 78',
    });
  });

  it('asks every company field once a company is given', async () => {
    const user = userEvent.setup();
    const api = routes({
      'PUT /api/me/company': (call) => json(200, { company: call.body }),
    });
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Ajouter une société' }));
    const company = screen.getByRole('form', { name: 'Facturation à une société' });
    await user.type(within(company).getByLabelText('Nom de la société'), 'Peeters SRL');
    await user.click(within(company).getByRole('button', { name: 'Enregistrer la société' }));
    expect(await within(company).findAllByText('Ce champs est requis')).toHaveLength(5);
    expect(api.callsTo('PUT /api/me/company')).toHaveLength(0);
  });

  it('shows when the rules of procedure were accepted, and asks again for a new version', async () => {
    const user = userEvent.setup();
    const api = routes({
      'GET /api/me/conditions': () =>
        json(200, {
          roi: {
            publishedAt: '2026-11-01T09:00:00.000Z',
            acceptedAt: '2026-09-15T08:30:00.000Z',
            mustAccept: true,
          },
          legalMentions: {
            publishedAt: '2026-01-01T09:00:00.000Z',
            acceptedAt: '2026-02-01T10:00:00.000Z',
            mustAccept: false,
          },
        }),
      'PATCH /api/me/conditions/accept-roi': () =>
        json(200, {
          roi: {
            publishedAt: '2026-11-01T09:00:00.000Z',
            acceptedAt: '2026-11-22T10:00:00.000Z',
            mustAccept: false,
          },
          legalMentions: {
            publishedAt: '2026-01-01T09:00:00.000Z',
            acceptedAt: '2026-02-01T10:00:00.000Z',
            mustAccept: false,
          },
        }),
    });
    renderProfile();
    const roi = (await screen.findByText("Règlement d'ordre intérieur")).closest('[data-condition]')!;
    expect(roi).toHaveTextContent('Accepté le 15/09/2026 10:30');
    expect(roi).toHaveTextContent('Une nouvelle version a été publiée le 01/11/2026.');
    const legal = screen.getByText('Mentions légales').closest('[data-condition]')!;
    expect(legal).toHaveTextContent('Accepté le 01/02/2026 11:00');
    expect(within(legal as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: "J'accepte le règlement d'ordre intérieur" }));
    await waitFor(() => expect(roi).toHaveTextContent('Accepté le 22/11/2026 11:00'));
    expect(api.callsTo('PATCH /api/me/conditions/accept-roi')).toHaveLength(1);
    expect(getAuthState().user?.hasAcceptedROIAt).toBe('2026-11-22T10:00:00.000Z');
  });

  it('downloads the data export as a JSON file', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    routes({ 'GET /api/me/export': () => json(200, { exportedAt: '2026-11-22T10:00:00.000Z' }) });
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Télécharger mes données' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^mes-donnees-demo-\d{4}-\d{2}-\d{2}\.json$/);
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('deletes the account with the password and the French phrase, then signs out', async () => {
    const user = userEvent.setup();
    const api = routes({ 'DELETE /api/me/account': () => json(204) });
    const router = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
    expect(dialog).toHaveTextContent('10 ans en Belgique et en France');
    await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'Demo1234');
    await user.type(within(dialog).getByLabelText('Pour confirmer, saisissez SUPPRIMER'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(
      await within(dialog).findByText('Saisissez SUPPRIMER pour confirmer la suppression'),
    ).toBeVisible();
    expect(api.callsTo('DELETE /api/me/account')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Pour confirmer, saisissez SUPPRIMER'));
    await user.type(within(dialog).getByLabelText('Pour confirmer, saisissez SUPPRIMER'), 'SUPPRIMER');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('DELETE /api/me/account')[0]!.body).toEqual({
      password: 'Demo1234',
      confirmation: 'SUPPRIMER',
    });
    expect(getAuthState().tokens).toBeNull();
  });

  it('asks for the English phrase in English', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    routes();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    expect(within(dialog).getByLabelText('To confirm, type DELETE')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('SUPPRIMER');
  });

  it('offers no company, conditions or account deletion to a manager', async () => {
    startSession(signInResult({ user: makeUser({ role: 'org-manager' }), organization: DEMO }));
    routes();
    renderProfile();
    await screen.findByRole('form', { name: 'Mon compte' });
    expect(screen.queryByText('Facturation à une société')).toBeNull();
    expect(screen.queryByText("Conditions de l'organisation")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supprimer mon compte' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Télécharger mes données' })).toBeInTheDocument();
  });
});
