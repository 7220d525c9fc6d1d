import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicOrganization, SignInResult } from '@/lib/api-types';
import { clearSession, getAuthState, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { queryClient } from '@/lib/query-client';
import { DEMO, fakeAccessToken, fakeApi, json, makeUser, signInResult, SYSTEM } from '@/test/fake-api';
import { rememberCommittedLocation } from './guards';
import { organizationRoutes, trackNavigations } from './router';

/*
 * The guards and fallbacks of spec section 2, through the real route table in a memory router and a
 * scripted API. The page runs on demo.localhost (see vitest.config.ts).
 */

interface Scenario {
  /** What `GET /organizations/directory/key/demo` answers. */
  organization?: PublicOrganization | null;
  /** Whether `GET /auth/session` accepts the token. */
  sessionValid?: boolean;
  /** What `POST /auth/refresh-token` answers. */
  refresh?: SignInResult | null;
}

function api({ organization = DEMO, sessionValid = true, refresh = null }: Scenario = {}) {
  return fakeApi({
    'POST /api/auth/sign-in/password': () => json(200, signInResult()),
    'GET /api/organizations/directory/key/demo': () =>
      organization
        ? json(200, organization)
        : json(404, {
            error: 'organization_not_found',
            message: "Cette organisation n'existe pas ou n'est plus accessible.",
          }),
    'GET /api/organizations/directory': () => json(200, [DEMO]),
    'GET /api/auth/session': (call) =>
      sessionValid || (refresh && call.headers.authorization === `Bearer ${refresh.accessToken}`)
        ? json(200, {
            authenticated: true,
            user: getAuthState().user,
            isSystemAdmin: false,
            organizationId: 'org_demo',
            impersonated: false,
          })
        : json(401, { error: 'session_expired', message: 'Votre session a expiré' }),
    'POST /api/auth/refresh-token': () =>
      refresh
        ? json(200, refresh)
        : json(401, { error: 'session_expired', message: 'Votre session a expiré' }),
    'GET /api/me/member': () =>
      json(200, { id: 'mbr_parent', isHolder: false, firstName: 'Claire', lastName: 'Peeters' }),
    // The unread count beside « Messages » in the family's menu.
    'GET /api/communications/inbox/unread-count': () => json(200, { unread: 0 }),
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(organizationRoutes(), { initialEntries: [path] });
  trackNavigations(router);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const where = (router: ReturnType<typeof renderAt>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

async function settled(router: ReturnType<typeof renderAt>, expected: string) {
  await vi.waitFor(() => expect(where(router)).toBe(expected), { timeout: 3000 });
}

const signedIn = (overrides: Partial<SignInResult> = {}) => startSession(signInResult(overrides));

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  clearSession();
  queryClient.clear();
  setAddressOrganization(null);
  rememberCommittedLocation('');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signed-in screens', () => {
  it('send a signed-out visitor to the login with the full original path', async () => {
    api();
    const router = renderAt('/members/participants?status=active');
    await settled(router, `/login?redirect=${encodeURIComponent('/members/participants?status=active')}`);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  });

  it('let a signed-in user through after checking the session with the API', async () => {
    const server = api();
    signedIn();
    const router = renderAt('/communications');
    // The page's chunk loads lazily: slower than the default second on a busy machine.
    await screen.findByRole('heading', { name: 'Communications' }, { timeout: 5000 });
    expect(where(router)).toBe('/communications');
    expect(server.callsTo('GET /api/auth/session')).toHaveLength(1);
  });

  it('check the session again at each navigation', async () => {
    const user = userEvent.setup();
    const server = api();
    signedIn();
    renderAt('/orders');
    await screen.findByRole('heading', { name: 'Commandes' });
    // jsdom is a narrow screen: the menu is a drawer.
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    await user.click(await screen.findByRole('link', { name: 'Documents' }));
    await screen.findByRole('heading', { name: 'Documents' });
    expect(server.callsTo('GET /api/auth/session')).toHaveLength(2);
  });

  it('send an expired session to the login with authError session-expired and its message', async () => {
    api({ sessionValid: false, refresh: null });
    signedIn({ accessToken: fakeAccessToken(-60) });
    const router = renderAt('/profile?tab=security');
    await settled(
      router,
      `/login?redirect=${encodeURIComponent('/profile?tab=security')}&authError=session-expired`,
    );
    expect(await screen.findByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeInTheDocument();
    expect(getAuthState().tokens).toBeNull();
  });

  it('do not add authError when the failure comes from the login page', async () => {
    api({ sessionValid: false, refresh: null });
    signedIn();
    rememberCommittedLocation('/login');
    const router = createMemoryRouter(organizationRoutes(), { initialEntries: ['/orders'] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await settled(router as ReturnType<typeof renderAt>, `/login?redirect=${encodeURIComponent('/orders')}`);
  });

  it('go on with a refreshed session when the access token had expired', async () => {
    const fresh = signInResult({ accessToken: fakeAccessToken(900, 'fresh'), refreshToken: 'refresh-2' });
    api({ sessionValid: false, refresh: fresh });
    signedIn({ accessToken: fakeAccessToken(-60, 'stale') });
    const router = renderAt('/documents');
    await screen.findByRole('heading', { name: 'Documents' });
    expect(where(router)).toBe('/documents');
    expect(getAuthState().tokens?.refreshToken).toBe('refresh-2');
  });

  it('send a system administrator on the index of the system organisation to the organisations list', async () => {
    api({ organization: { ...SYSTEM, key: 'demo' } });
    signedIn({
      user: makeUser({ organizationId: 'org_sysadmin', role: 'admin', isSystemAdmin: true }),
      organization: { ...SYSTEM, key: 'demo' },
    });
    const router = renderAt('/');
    await settled(router, '/organizations-list');
    expect(await screen.findByRole('heading', { name: 'Organisations' })).toBeInTheDocument();
  });

  it('show the dashboard to a system administrator inside a club', async () => {
    const user = userEvent.setup();
    api();
    signedIn({ user: makeUser({ organizationId: 'org_sysadmin', role: 'admin', isSystemAdmin: true }) });
    const router = renderAt('/');
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }));
    await screen.findByText('Connecté à');
    expect(where(router)).toBe('/');
  });
});

describe('unknown paths', () => {
  it('signed out: login with redirect and error page-not-found', async () => {
    api();
    const router = renderAt('/nowhere/at-all?x=1');
    await settled(
      router,
      `/login?redirect=${encodeURIComponent('/nowhere/at-all?x=1')}&error=page-not-found`,
    );
    expect(
      await screen.findByText("La page demandée n'existe pas. Connectez-vous pour continuer."),
    ).toBeInTheDocument();
  });

  it('signed in: the index with error page-not-found', async () => {
    api();
    signedIn();
    const router = renderAt('/nowhere');
    await settled(router, '/?error=page-not-found');
    expect(
      await screen.findByText("La page demandée n'existe pas : vous voici sur l'accueil."),
    ).toBeInTheDocument();
  });
});

describe('organisations', () => {
  it('an unknown organisation key leads to the organisation-error page', async () => {
    api({ organization: null });
    const router = renderAt('/login');
    await settled(router, '/error/organization');
    expect(await screen.findByRole('heading', { name: 'Organisation introuvable' })).toBeInTheDocument();
    expect(screen.getByText("Cette organisation n'existe pas ou n'est plus accessible.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voir les organisations/ })).toHaveAttribute(
      'href',
      'http://localhost:3000/',
    );
  });

  it('clears a user whose selected organisation is another one', async () => {
    api();
    signedIn({ organization: { ...DEMO, id: 'org_other', key: 'other' } });
    renderAt('/orders');
    await vi.waitFor(() => expect(getAuthState().tokens).toBeNull());
    // Sent to their own organisation's address, another origin: a full page load the router leaves to
    // the browser; the screen never shows.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('heading', { name: 'Commandes' })).toBeNull();
  });

  it('lets platform staff switch to the organisation of the address', async () => {
    api();
    signedIn({
      user: makeUser({ organizationId: 'org_sysadmin', role: 'support' }),
      organization: SYSTEM,
    });
    const router = renderAt('/login');
    await settled(router, '/');
    expect(getAuthState().organization?.id).toBe('org_demo');
  });
});

describe('authentication pages', () => {
  it('send a signed-in user on to where they were heading', async () => {
    api();
    signedIn();
    const router = renderAt(`/login?redirect=${encodeURIComponent('/orders?page=2')}`);
    await settled(router, '/orders?page=2');
  });

  it('sign in and come back to the full original path', async () => {
    const user = userEvent.setup();
    api();
    const router = renderAt('/orders?page=2');
    await screen.findByRole('heading', { name: 'Connexion' });
    await user.type(screen.getByLabelText('Adresse e-mail'), 'parent@demo.test');
    await user.type(screen.getByLabelText('Mot de passe'), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await settled(router, '/orders?page=2');
    expect(getAuthState().user?.email).toBe('parent@demo.test');
  });
});

describe('/redirect-message', () => {
  it('has no guard: no organisation lookup, no session check', async () => {
    const server = api({ organization: null });
    signedIn();
    renderAt('/redirect-message?type=payment-received');
    expect(await screen.findByRole('heading', { name: 'Paiement reçu' })).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
