import { vi } from 'vitest';
import type { PublicOrganization, SignInResult, User } from '@/lib/api-types';

/*
 * A scripted `fetch` for tests: routes are matched on "METHOD /path" (query ignored) and answered by
 * handlers; every call is recorded.
 */

export interface RecordedCall {
  method: string;
  path: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

export function fakeApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://demo.localhost:3000');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      url: `${url.pathname}${url.search}`,
      headers,
      body,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler)
      return json(404, {
        statusCode: 404,
        error: 'not_found',
        message: 'Les données fournies sont introuvables.',
      });
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (methodAndPath: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === methodAndPath),
  };
}

export const DEMO: PublicOrganization = {
  id: 'org_demo',
  key: 'demo',
  name: 'Club Sportif Démo',
  logoAsset: null,
  timeZone: 'Europe/Brussels',
  defaultLocale: 'fr',
  systemAdmin: false,
  maintenance: false,
};

export const SYSTEM: PublicOrganization = {
  ...DEMO,
  id: 'org_sysadmin',
  key: 'admin',
  name: 'Administration de la plateforme',
  systemAdmin: true,
};

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'usr_parent',
    organizationId: 'org_demo',
    memberId: 'mbr_parent',
    email: 'parent@demo.test',
    firstName: 'Claire',
    lastName: 'Peeters',
    role: 'user',
    isHolder: false,
    isSystemAdmin: false,
    establishment: 'est_default',
    locale: 'fr',
    hasAcceptedROIAt: null,
    hasAcceptedLegalMentionsAt: null,
    onboardingAchievements: '',
    lastLoginAt: null,
    ...overrides,
  };
}

/** A JWT-shaped token whose `exp` is `secondsLeft` from now (the signature is not checked client-side). */
export function fakeAccessToken(secondsLeft: number, label = 'a'): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + secondsLeft;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: label, exp })}.signature-${label}`;
}

export function signInResult(overrides: Partial<SignInResult> = {}): SignInResult {
  return {
    accessToken: fakeAccessToken(900, 'first'),
    refreshToken: 'refresh-1',
    accessTokenExpiresAt: new Date(Date.now() + 900_000).toISOString(),
    user: makeUser(),
    isSystemAdmin: false,
    organization: DEMO,
    ...overrides,
  };
}
