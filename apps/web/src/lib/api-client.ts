import { actingOrganizationId, type Locale } from '@inscrio/shared';
import { ApiError } from './api-error';
import type { ApiErrorBody, SignInResult } from './api-types';
import { clearSession, getAuthState, storeRefreshedSession, syncSessionFromStorage } from './auth-store';
import { currentLocale } from './i18n';
import { addressOrganization } from './organization-context';
import { fetchWithPrefetch } from './organization-prefetch';

/*
 * The one API client (spec sections 7 and 8, DESIGN.md section 7). Every call sends the current
 * language; signed-in calls add the bearer token and `x-organization-id`. A 401 on a signed-in call is
 * not reported: it triggers one token refresh, shared by every request that fails or starts meanwhile,
 * and each of them is retried once with the new token. When the refresh fails the session ends.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Send the session's token (default: whenever there is one). */
  auth?: boolean;
  /** Organisation to act on instead of the selected one. */
  organizationId?: string | null;
  /**
   * The caller reports a failed refresh itself (the navigation guard sends the user to the login page
   * with its own message), so the session end is not notified.
   */
  quietSessionEnd?: boolean;
  /** `file`: the body is a download (a CSV export), answered as an `ApiFile` instead of parsed JSON. */
  responseType?: 'json' | 'file';
}

/** A downloaded body (`responseType: 'file'`) with its file name from `content-disposition`, if any. */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
  headers: Headers;
}

/** The file name of a `content-disposition` header (`attachment; filename="membres.csv"`). */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // Badly encoded: fall back to the plain parameter.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() || null;
}

export type SessionEndReason = 'expired' | 'refresh-failed';

export interface ApiClientConfig {
  /** Prefix of every path; the API lives on the same origin under /api. */
  baseUrl?: string;
  fetch?: typeof fetch;
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  getOrganizationId(): string | null;
  getLocale(): Locale;
  /** Rotated tokens to keep. */
  onRefreshed(result: SignInResult): void;
  /**
   * The refresh failed: the session is over. `expired` when the API refused the refresh token,
   * `refresh-failed` when the refresh itself could not complete.
   */
  onSessionEnded(reason: SessionEndReason, options: { notify: boolean }): void;
  /** Runs before a refresh, under a lock shared by the browser's tabs: re-read tokens another tab may have rotated. */
  syncSession?(): void;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  patch<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  put<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions, 'method'>): Promise<T>;
  /**
   * Rotates the tokens now (proactive refresh). Resolves true when the session goes on; joins a
   * refresh already under way instead of starting a second one.
   */
  refreshSession(options?: { quiet?: boolean }): Promise<boolean>;
}

function buildUrl(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  let url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const text = search.toString();
    if (text) url += `${url.includes('?') ? '&' : '?'}${text}`;
  }
  return url;
}

/** The session ended (its refresh failed): the code the API gives it, so screens branch on codes alone. */
const sessionEnded = () => new ApiError(401, { error: 'session_expired' }, { authenticated: true });

async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    const text = await response.text();
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ApiErrorBody) : null;
  } catch {
    return null;
  }
}

/** 204, a DELETE answered 200 and an empty 201 carry no body (spec section 7). */
async function readBody<T>(
  response: Response,
  method: Method,
  responseType: RequestOptions['responseType'] = 'json',
): Promise<T> {
  if (responseType === 'file') {
    const file: ApiFile = {
      blob: await response.blob(),
      filename: dispositionFilename(response.headers.get('content-disposition')),
      headers: response.headers,
    };
    return file as T;
  }
  if (response.status === 204 || (method === 'DELETE' && response.status === 200)) {
    return undefined as T;
  }
  const text = await response.text();
  if (!text) return undefined as T;
  return JSON.parse(text) as T;
}

/** Runs `task` under a lock every tab of this site shares, when the browser has the Web Locks API. */
function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // `request` resolves with what the task resolves with (the lib types nest the promise).
  return locks?.request ? (locks.request(name, task) as unknown as Promise<T>) : task();
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const baseUrl = config.baseUrl ?? '/api';
  const doFetch: typeof fetch = (input, init) => (config.fetch ?? globalThis.fetch)(input, init);

  /** The refresh under way, shared by every request that needs it. */
  let refreshing: Promise<boolean> | null = null;

  async function runRefresh(quiet: boolean): Promise<boolean> {
    const before = config.getRefreshToken();
    return withTabLock('inscrio.refresh-token', async () => {
      config.syncSession?.();
      const refreshToken = config.getRefreshToken();
      // Another tab rotated the tokens while this one waited for the lock: use theirs.
      if (refreshToken && before && refreshToken !== before) return true;
      let reason: SessionEndReason = 'expired';
      if (refreshToken) {
        try {
          const response = await doFetch(buildUrl(baseUrl, '/auth/refresh-token'), {
            method: 'POST',
            headers: {
              accept: 'application/json',
              'content-type': 'application/json',
              'accept-language': config.getLocale(),
            },
            body: JSON.stringify({ refreshToken }),
          });
          if (response.ok) {
            config.onRefreshed((await response.json()) as SignInResult);
            return true;
          }
          // 401: the refresh token is unknown, expired, revoked or reused; 400: it is malformed. Anything
          // else: a failure. The status, not the code: this is HTTP's authentication contract, and a
          // proxy or a bodiless answer must end the session the same way.
          reason = response.status === 401 || response.status === 400 ? 'expired' : 'refresh-failed';
        } catch {
          reason = 'refresh-failed';
        }
      }
      config.onSessionEnded(reason, { notify: !quiet });
      return false;
    });
  }

  function refreshSession(options: { quiet?: boolean } = {}): Promise<boolean> {
    refreshing ??= runRefresh(options.quiet ?? false).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * After a 401 sent with `usedToken`: refresh once, or reuse a refresh that is under way or that
   * already replaced the token this request used.
   */
  function refreshAfter401(usedToken: string, quiet: boolean): Promise<boolean> {
    if (refreshing) return refreshing;
    const current = config.getAccessToken();
    // The session ended meanwhile (already reported): nothing to refresh.
    if (!current) return Promise.resolve(false);
    if (current !== usedToken) return Promise.resolve(true);
    return refreshSession({ quiet });
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const wantsAuth = options.auth ?? true;
    const quiet = options.quietSessionEnd ?? false;

    // Requests starting during a refresh wait for it rather than fail with the old token.
    if (wantsAuth && refreshing && !(await refreshing)) throw sessionEnded();

    for (let attempt = 0; ; attempt++) {
      const token = wantsAuth ? config.getAccessToken() : null;
      const organizationId =
        options.organizationId !== undefined ? options.organizationId : config.getOrganizationId();
      const headers: Record<string, string> = {
        accept: options.responseType === 'file' ? '*/*' : 'application/json',
        'accept-language': config.getLocale(),
      };
      // A file upload (FormData) goes as multipart: the browser writes its content type and boundary.
      const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
      if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      if (organizationId) headers['x-organization-id'] = organizationId;

      const response = await doFetch(buildUrl(baseUrl, path, options.query), {
        method,
        headers,
        body:
          options.body === undefined
            ? undefined
            : isForm
              ? (options.body as FormData)
              : JSON.stringify(options.body),
        signal: options.signal,
      });

      if (response.ok) return readBody<T>(response, method, options.responseType);

      // HTTP's authentication contract (any 401 to a call with the token asks for a new one), not a code.
      if (response.status === 401 && token && attempt === 0) {
        // Drain the body so the connection is released before the retry.
        await response.body?.cancel().catch(() => undefined);
        if (await refreshAfter401(token, quiet)) continue;
        throw sessionEnded();
      }
      throw new ApiError(response.status, await readErrorBody(response), { authenticated: token !== null });
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    refreshSession,
  };
}

// ---------------------------------------------------------------------------------------------------
// The application's client, wired to the session store and the language.

type SessionEndedHandler = ApiClientConfig['onSessionEnded'];

let sessionEndedHandler: SessionEndedHandler = () => clearSession();

/** The app decides what a session end looks like (notification, sign-out, login page). */
export function setSessionEndedHandler(handler: SessionEndedHandler): void {
  sessionEndedHandler = handler;
}

function actingOrganization(): string | null {
  const { user, organization } = getAuthState();
  const selected = organization ?? addressOrganization();
  if (!selected) return null;
  return actingOrganizationId(user, selected.id, selected.systemAdmin);
}

export const api: ApiClient = createApiClient({
  // The organisation lookup index.html started is taken rather than asked again.
  fetch: fetchWithPrefetch,
  getAccessToken: () => getAuthState().tokens?.accessToken ?? null,
  getRefreshToken: () => getAuthState().tokens?.refreshToken ?? null,
  getOrganizationId: actingOrganization,
  getLocale: currentLocale,
  onRefreshed: storeRefreshedSession,
  onSessionEnded: (reason, options) => sessionEndedHandler(reason, options),
  syncSession: syncSessionFromStorage,
});
