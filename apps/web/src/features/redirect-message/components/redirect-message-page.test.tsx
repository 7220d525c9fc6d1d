import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { RedirectMessagePage } from './redirect-message-page';

const TOKEN = 'abcdefghijklmnopqrstuvwx';
const INVITATION = {
  organizationName: 'Club Sportif Démo',
  inviterName: 'Claire Peeters',
  memberFirstNames: ['Léa', 'Tom'],
  email: 'marc@demo.test',
  status: 'pending',
  expiresAt: '2026-12-06T10:00:00.000Z',
};

function renderMessage(search: string) {
  const router = createMemoryRouter(
    [
      { path: '/redirect-message', element: <RedirectMessagePage /> },
      { path: '/login', element: <p>Connexion</p> },
      { path: '/delegations', element: <p>Ma famille</p> },
    ],
    { initialEntries: [`/redirect-message?${search}`] },
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
  setAddressOrganization(DEMO);
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe('the e-mail change link', () => {
  it('confirms the new address once and says so', async () => {
    const api = fakeApi({
      'POST /api/me/email/confirm': () => json(200, { email: 'claire.new@demo.test' }),
    });
    renderMessage(`type=email-change&token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Adresse e-mail modifiée' })).toBeVisible();
    expect(screen.getByText(/votre adresse e-mail est désormais claire\.new@demo\.test/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/login?email=claire.new%40demo.test',
    );
    expect(api.callsTo('POST /api/me/email/confirm')).toHaveLength(1);
    expect(api.calls[0]!.body).toEqual({ token: TOKEN });
  });

  it("shows the API's explanation for an invalid or expired link", async () => {
    fakeApi({
      'POST /api/me/email/confirm': () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Ce lien de confirmation est invalide ou a expiré.',
        }),
    });
    renderMessage(`type=email-change&token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Confirmation impossible' })).toBeVisible();
    expect(screen.getByText('Ce lien de confirmation est invalide ou a expiré.')).toBeVisible();
  });
});

describe('the representative invitation link', () => {
  it('shows who invites and sends a signed-out visitor to sign in, then back here', async () => {
    fakeApi({ [`GET /api/representative-invitations/${TOKEN}`]: () => json(200, INVITATION) });
    renderMessage(`type=representative-invitation&token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Invitation à rejoindre une famille' })).toBeVisible();
    expect(screen.getByText(/Claire Peeters vous invite à gérer sa famille/)).toBeVisible();
    expect(screen.getByText('Membres de la famille : Léa, Tom')).toBeVisible();
    expect(screen.getByText(/valable jusqu'au 06\/12\/2026/)).toBeVisible();
    const signIn = screen.getByRole('link', { name: 'Se connecter pour accepter' });
    const target = new URL(signIn.getAttribute('href')!, 'http://demo.localhost:3000');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('redirect')).toBe(
      `/redirect-message?type=representative-invitation&token=${TOKEN}`,
    );
    expect(target.searchParams.get('email')).toBe('marc@demo.test');
  });

  it('lets a signed-in family account accept', async () => {
    const user = userEvent.setup();
    startSession(signInResult({ user: makeUser({ email: 'marc@demo.test' }), organization: DEMO }));
    const api = fakeApi({
      [`GET /api/representative-invitations/${TOKEN}`]: () => json(200, INVITATION),
      [`POST /api/representative-invitations/${TOKEN}/accept`]: () => json(204),
    });
    const router = renderMessage(`type=representative-invitation&token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: "Accepter l'invitation" }));
    expect(await screen.findByRole('heading', { name: 'Bienvenue dans la famille' })).toBeVisible();
    expect(api.callsTo(`POST /api/representative-invitations/${TOKEN}/accept`)).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Voir ma famille' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/delegations'));
  });

  it("shows the API's reason when the invitation cannot be accepted, and lets anyone decline", async () => {
    const user = userEvent.setup();
    startSession(signInResult({ user: makeUser({ email: 'Marc@demo.test' }), organization: DEMO }));
    const api = fakeApi({
      [`GET /api/representative-invitations/${TOKEN}`]: () => json(200, INVITATION),
      [`POST /api/representative-invitations/${TOKEN}/accept`]: () =>
        json(409, {
          statusCode: 409,
          error: 'already_in_family',
          message: 'Vous faites déjà partie de cette famille.',
        }),
      [`POST /api/representative-invitations/${TOKEN}/decline`]: () => json(204),
    });
    renderMessage(`type=representative-invitation&token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: "Accepter l'invitation" }));
    expect(await screen.findByText('Vous faites déjà partie de cette famille.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Décliner l'invitation" }));
    expect(await screen.findByRole('heading', { name: 'Invitation déclinée' })).toBeVisible();
    expect(api.callsTo(`POST /api/representative-invitations/${TOKEN}/decline`)).toHaveLength(1);
  });

  it('tells an account of another address that the invitation is not for it, and offers the invited one', async () => {
    const user = userEvent.setup();
    startSession(signInResult({ user: makeUser({ email: 'parent@demo.test' }), organization: DEMO }));
    const api = fakeApi({
      [`GET /api/representative-invitations/${TOKEN}`]: () => json(200, INVITATION),
      'POST /api/auth/sign-out': () => json(204),
    });
    const router = renderMessage(`type=representative-invitation&token=${TOKEN}`);
    expect(
      await screen.findByText(
        "Cette invitation a été envoyée à une autre adresse e-mail. Connectez-vous avec l'adresse qui l'a reçue.",
      ),
    ).toBeVisible();
    expect(screen.getByText('Vous êtes connecté avec parent@demo.test.')).toBeVisible();
    expect(screen.queryByRole('button', { name: "Accepter l'invitation" })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Se connecter avec marc@demo.test' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('email')).toBe('marc@demo.test');
    expect(query.get('redirect')).toBe(`/redirect-message?type=representative-invitation&token=${TOKEN}`);
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(api.callsTo(`POST /api/representative-invitations/${TOKEN}/accept`)).toHaveLength(0);
  });

  it('offers a signed-out visitor to sign up with the invited address, then come back', async () => {
    fakeApi({ [`GET /api/representative-invitations/${TOKEN}`]: () => json(200, INVITATION) });
    renderMessage(`type=representative-invitation&token=${TOKEN}`);
    const register = await screen.findByRole('link', { name: 'Créer un compte' });
    const target = new URL(register.getAttribute('href')!, 'http://demo.localhost:3000');
    expect(target.pathname).toBe('/register');
    expect(target.searchParams.get('email')).toBe('marc@demo.test');
    expect(target.searchParams.get('redirect')).toBe(
      `/redirect-message?type=representative-invitation&token=${TOKEN}`,
    );
  });

  it('says when the invitation is no longer open', async () => {
    fakeApi({
      [`GET /api/representative-invitations/${TOKEN}`]: () => json(200, { ...INVITATION, status: 'expired' }),
    });
    renderMessage(`type=representative-invitation&token=${TOKEN}`);
    expect(await screen.findByText(/Cette invitation a expiré/)).toBeVisible();
    expect(screen.queryByRole('button', { name: "Accepter l'invitation" })).toBeNull();
  });

  it('says when the link is unknown', async () => {
    fakeApi({});
    renderMessage(`type=representative-invitation&token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Invitation introuvable' })).toBeVisible();
  });
});
