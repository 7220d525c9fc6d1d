import { createMemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleSessionEnd } from '@/app/session-end';
import { DEMO, fakeAccessToken, fakeApi, json, signInResult } from '@/test/fake-api';
import { ApiError } from './api-error';
import {
  api,
  type ApiFile,
  createApiClient,
  dispositionFilename,
  setSessionEndedHandler,
} from './api-client';
import { clearSession, getAuthState, startSession } from './auth-store';
import { i18n } from './i18n';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const OLD_TOKEN = fakeAccessToken(900, 'old');
const NEW_TOKEN = fakeAccessToken(900, 'new');

function signIn() {
  startSession(signInResult({ accessToken: OLD_TOKEN, refreshToken: 'refresh-old' }));
}

/** Answers 401 to the old token and 200 to the new one. */
const protectedRoute = (body: unknown) => (call: { headers: Record<string, string> }) =>
  call.headers.authorization === `Bearer ${NEW_TOKEN}`
    ? json(200, body)
    : json(401, { message: 'Votre session a expiré' });

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  clearSession();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionEndedHandler(() => clearSession());
});

describe('the API client', () => {
  it('sends the bearer token, the organisation and the language on every call', async () => {
    signIn();
    const server = fakeApi({ 'GET /api/me/user': () => json(200, { ok: true }) });
    await api.get('/me/user');
    expect(server.calls[0]?.headers).toMatchObject({
      authorization: `Bearer ${OLD_TOKEN}`,
      'x-organization-id': 'org_demo',
      'accept-language': 'fr',
    });
    await i18n.changeLanguage('en');
    await api.get('/me/user');
    expect(server.calls[1]?.headers['accept-language']).toBe('en');
  });

  it('refreshes once for concurrent 401s, queues the requests and retries each exactly once', async () => {
    signIn();
    let releaseRefresh: () => void = () => undefined;
    const server = fakeApi({
      'GET /api/me/user': protectedRoute({ who: 'user' }),
      'GET /api/me/member': protectedRoute({ who: 'member' }),
      'GET /api/auth/session': protectedRoute({ who: 'session' }),
      'POST /api/auth/refresh-token': async () => {
        await new Promise<void>((resolve) => (releaseRefresh = resolve));
        return json(200, signInResult({ accessToken: NEW_TOKEN, refreshToken: 'refresh-new' }));
      },
    });

    const first = Promise.all([api.get('/me/user'), api.get('/me/member'), api.get('/auth/session')]);
    await vi.waitFor(() => expect(server.callsTo('POST /api/auth/refresh-token')).toHaveLength(1));
    // A request starting while the refresh runs waits for it instead of failing with the old token.
    const late = api.get('/me/user');
    releaseRefresh();

    await expect(first).resolves.toEqual([{ who: 'user' }, { who: 'member' }, { who: 'session' }]);
    await expect(late).resolves.toEqual({ who: 'user' });

    expect(server.callsTo('POST /api/auth/refresh-token')).toHaveLength(1);
    expect(server.callsTo('POST /api/auth/refresh-token')[0]?.body).toEqual({ refreshToken: 'refresh-old' });
    // Each of the three: one failed attempt with the old token, one retry with the new one.
    for (const path of ['GET /api/me/member', 'GET /api/auth/session']) {
      expect(server.callsTo(path).map((call) => call.headers.authorization)).toEqual([
        `Bearer ${OLD_TOKEN}`,
        `Bearer ${NEW_TOKEN}`,
      ]);
    }
    expect(server.callsTo('GET /api/me/user').map((call) => call.headers.authorization)).toEqual([
      `Bearer ${OLD_TOKEN}`,
      `Bearer ${NEW_TOKEN}`,
      `Bearer ${NEW_TOKEN}`,
    ]);
    expect(getAuthState().tokens).toMatchObject({ accessToken: NEW_TOKEN, refreshToken: 'refresh-new' });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is an error, not another refresh', async () => {
    signIn();
    const server = fakeApi({
      'GET /api/me/user': () => json(401, { message: 'Votre session a expiré' }),
      'POST /api/auth/refresh-token': () => json(200, signInResult({ accessToken: NEW_TOKEN })),
    });
    const error = await api.get('/me/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(server.callsTo('GET /api/me/user')).toHaveLength(2);
    expect(server.callsTo('POST /api/auth/refresh-token')).toHaveLength(1);
  });

  it('keeps the selected organisation when the refresh answer names the home organisation', async () => {
    startSession(signInResult({ accessToken: OLD_TOKEN, organization: DEMO, user: signInResult().user }));
    fakeApi({
      'GET /api/me/user': protectedRoute({}),
      'POST /api/auth/refresh-token': () =>
        json(
          200,
          signInResult({
            accessToken: NEW_TOKEN,
            organization: { ...DEMO, id: 'org_sysadmin', key: 'admin' },
          }),
        ),
    });
    await api.get('/me/user');
    expect(getAuthState().organization?.id).toBe('org_demo');
  });

  describe('when the refresh fails', () => {
    function routerOn(path: string) {
      const router = createMemoryRouter(
        [
          { path: '/login', element: null },
          { path: '*', element: null },
        ],
        { initialEntries: [path] },
      );
      handleSessionEnd(router);
      return router;
    }

    it("signs out and says 'Votre session a expiré' when the API refuses the refresh token", async () => {
      signIn();
      const router = routerOn('/orders?page=2');
      const server = fakeApi({
        'GET /api/me/user': protectedRoute({}),
        'GET /api/me/member': protectedRoute({}),
        'POST /api/auth/refresh-token': () => json(401, { message: 'Votre session a expiré' }),
      });

      const results = await Promise.allSettled([api.get('/me/user'), api.get('/me/member')]);

      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      expect(server.callsTo('POST /api/auth/refresh-token')).toHaveLength(1);
      expect(getAuthState()).toEqual({ tokens: null, user: null, member: null, organization: null });
      expect(window.localStorage.getItem('inscrio.tokens')).toBeNull();
      // Notifications are shown once their library has loaded (it is not in the page's first JavaScript).
      await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
      expect(toast.error).toHaveBeenCalledWith('Votre session a expiré');
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      const query = new URLSearchParams(router.state.location.search);
      expect(query.get('redirect')).toBe('/orders?page=2');
      expect(query.get('authError')).toBe('session-expired');
    });

    it("says 'Erreur lors du rafraîchissement de votre session' when the refresh itself breaks", async () => {
      signIn();
      routerOn('/orders');
      fakeApi({
        'GET /api/me/user': protectedRoute({}),
        'POST /api/auth/refresh-token': () => json(500, { message: 'Erreur interne du serveur.' }),
      });
      await expect(api.get('/me/user')).rejects.toBeInstanceOf(ApiError);
      await vi.waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith('Erreur lors du rafraîchissement de votre session'),
      );
      expect(getAuthState().tokens).toBeNull();
    });

    it('stays quiet when the caller reports the end itself (the navigation guard)', async () => {
      signIn();
      routerOn('/orders');
      fakeApi({
        'GET /api/auth/session': protectedRoute({}),
        'POST /api/auth/refresh-token': () => json(401, {}),
      });
      await expect(api.get('/auth/session', { quietSessionEnd: true })).rejects.toMatchObject({
        status: 401,
      });
      expect(toast.error).not.toHaveBeenCalled();
      expect(getAuthState().tokens).toBeNull();
    });
  });
});

describe('responses', () => {
  const client = () =>
    createApiClient({
      getAccessToken: () => null,
      getRefreshToken: () => null,
      getOrganizationId: () => 'org_demo',
      getLocale: () => 'fr',
      onRefreshed: () => undefined,
      onSessionEnded: () => undefined,
    });

  it('sends a FormData body as multipart, leaving its content type to the browser', async () => {
    const fetchMock = vi.fn(async () => json(201, { id: 'ast_1' }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'photo.png');
    await expect(client().post('/assets', form)).resolves.toEqual({ id: 'ast_1' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('gives no body for 204, DELETE 200 and an empty 201', async () => {
    fakeApi({
      'POST /api/no-content': () => new Response(null, { status: 204 }),
      'DELETE /api/thing': () => json(200, { deleted: true }),
      'POST /api/created': () => new Response('', { status: 201 }),
      'POST /api/created-with-body': () => json(201, { id: 'x' }),
    });
    await expect(client().post('/no-content', {})).resolves.toBeUndefined();
    await expect(client().delete('/thing')).resolves.toBeUndefined();
    await expect(client().post('/created', {})).resolves.toBeUndefined();
    await expect(client().post('/created-with-body', {})).resolves.toEqual({ id: 'x' });
  });

  it('raises a typed error with the message of the body, or HTTP error! status: N', async () => {
    fakeApi({
      'POST /api/auth/sign-up': () =>
        json(400, {
          statusCode: 400,
          error: 'validation_failed',
          message: 'Les données fournies sont invalides.',
          details: [{ field: 'email', rule: 'email', message: 'Adresse e-mail invalide' }],
        }),
      'GET /api/broken': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const withBody = (await client()
      .post('/auth/sign-up', {})
      .catch((error: unknown) => error)) as ApiError;
    expect(withBody).toBeInstanceOf(ApiError);
    expect(withBody).toMatchObject({
      status: 400,
      message: 'Les données fournies sont invalides.',
      code: 'validation_failed',
    });
    expect(withBody.details).toEqual([{ field: 'email', rule: 'email', message: 'Adresse e-mail invalide' }]);

    const withoutBody = (await client()
      .get('/broken')
      .catch((error: unknown) => error)) as ApiError;
    expect(withoutBody).toMatchObject({
      status: 502,
      message: 'HTTP error! status: 502',
      hasBodyMessage: false,
      details: [],
    });
  });

  it('answers a download as a file with its name (a CSV export)', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('\uFEFFPrénom;Nom\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="membres-2026-11-22.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await client().get<ApiFile>('/members/export.csv', { responseType: 'file' });
    expect(file.filename).toBe('membres-2026-11-22.csv');
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await file.blob.text()).toContain('Prénom;Nom');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ accept: '*/*' });
  });

  it('reads the file name of a content-disposition header', () => {
    expect(dispositionFilename('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(dispositionFilename("attachment; filename*=UTF-8''membres%20%C3%A9t%C3%A9.csv")).toBe(
      'membres été.csv',
    );
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });

  it('does not refresh for a 401 on a call made without a session (a wrong password)', async () => {
    const server = fakeApi({
      'POST /api/auth/sign-in/password': () =>
        json(401, { message: 'Identifiants non valides. Veuillez réessayer.' }),
    });
    const error = (await client()
      .post('/auth/sign-in/password', {})
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({
      status: 401,
      authenticated: false,
      message: 'Identifiants non valides. Veuillez réessayer.',
    });
    expect(server.callsTo('POST /api/auth/refresh-token')).toHaveLength(0);
  });
});
