import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getAuthState, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { queryClient } from '@/lib/query-client';
import { startProactiveRefresh } from '@/lib/token-refresh';
import { DEMO, fakeAccessToken, fakeApi, json, signInResult } from '@/test/fake-api';
import { rememberCommittedLocation } from './guards';
import { organizationRoutes, trackNavigations } from './router';
import { handleSessionEnd } from './session-end';

/*
 * A family coming back with an expired access token and a revoked refresh token (spec sections 2, 8
 * and 9), wired as main.tsx and providers.tsx wire the app: the session-end handler and the proactive
 * refresh run while the guard of the page checks the session. Each lookup answers after a short delay,
 * as a real server does, so the two paths overlap.
 */

const later = (response: () => Response, ms = 20) =>
  new Promise<Response>((resolve) => setTimeout(() => resolve(response()), ms));

function expiredSessionApi() {
  return fakeApi({
    'GET /api/organizations/directory/key/demo': () => later(() => json(200, DEMO)),
    'GET /api/auth/session': () =>
      later(() => json(401, { error: 'session_expired', message: 'Votre session a expiré' })),
    'POST /api/auth/refresh-token': () =>
      later(() => json(401, { error: 'session_expired', message: 'Votre session a expiré' })),
  });
}

let stopRefresh: (() => void) | null = null;

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  clearSession();
  queryClient.clear();
  setAddressOrganization(null);
  rememberCommittedLocation('');
});

afterEach(() => {
  stopRefresh?.();
  stopRefresh = null;
  vi.unstubAllGlobals();
});

describe('a session that ended while the family was away', () => {
  it.each(['/orders', '/members/participants?status=active', '/'])(
    'opening %s shows the login form with the expiry message, never the crash card',
    async (path) => {
      expiredSessionApi();
      startSession(signInResult({ accessToken: fakeAccessToken(-3600) }));
      const router = createMemoryRouter(organizationRoutes(), { initialEntries: [path] });
      handleSessionEnd(router);
      trackNavigations(router);
      stopRefresh = startProactiveRefresh();
      render(
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );

      expect(
        await screen.findByText(
          'Votre session a expiré. Veuillez vous reconnecter.',
          {},
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
      expect(screen.queryByText("Cette page ne peut pas s'afficher")).toBeNull();
      const { pathname, search } = router.state.location;
      expect(pathname).toBe('/login');
      const query = new URLSearchParams(search);
      expect(query.get('redirect')).toBe(path === '/' ? null : path);
      expect(query.get('authError')).toBe('session-expired');
      expect(getAuthState().tokens).toBeNull();
    },
    // The first case loads the route modules (lazy chunks) in jsdom, slow on a busy machine.
    20_000,
  );
});
