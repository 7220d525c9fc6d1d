import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/* Personal answers are never kept by a browser or a proxy; the catalogue and public pages keep their caching. */

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['parent', 'admin'] as const) {
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
  }
});
afterAll(() => t.close());

const get = (who: string | null, url: string) =>
  t.request('GET', url, { token: who ? tokens[who] : undefined, organizationId: 'org_demo' });

const WINDOW = '?from=2026-11-23T00:00:00Z&to=2026-11-30T00:00:00Z';

describe('Cache-Control of personal answers', () => {
  it('answers every personal JSON route with private, no-store', async () => {
    const personal: [string, string][] = [
      ['parent', '/api/auth/session'],
      ['parent', '/api/me/user'],
      ['parent', '/api/me/member'],
      ['parent', '/api/me/company'],
      ['parent', '/api/me/conditions'],
      ['parent', '/api/me/delegated'],
      ['parent', '/api/me/representatives'],
      ['parent', '/api/me/registrations'],
      ['parent', '/api/me/export'],
      ['parent', '/api/cart'],
      ['parent', '/api/orders'],
      ['parent', '/api/invoices'],
      ['admin', '/api/credit-notes'],
      ['parent', `/api/calendar/items${WINDOW}`],
      ['parent', '/api/calendar/feed'],
      ['admin', '/api/members'],
      ['admin', '/api/holders'],
      ['admin', '/api/participants'],
      ['admin', '/api/reviews'],
      ['admin', '/api/bank-transactions'],
      ['admin', '/api/invoices/outstanding'],
      ['admin', '/api/periods'],
      ['admin', '/api/organizations/org_demo'],
    ];
    const answers = await Promise.all(personal.map(([who, url]) => get(who, url)));
    const seen = personal.map(([who, url], i) => ({
      who,
      url,
      status: answers[i]!.statusCode,
      cacheControl: answers[i]!.headers['cache-control'],
    }));
    expect(seen).toEqual(
      personal.map(([who, url]) => ({ who, url, status: 200, cacheControl: 'private, no-store' })),
    );
  });

  it('does not let an error or a refusal be kept either', async () => {
    expect((await get(null, '/api/me/user')).headers['cache-control']).toBe('private, no-store');
    const foreign = await get('parent', '/api/orders/ord_unknown');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the catalogue’s and the public pages’ own caching', async () => {
    const catalog = await get('parent', '/api/catalog/blueprints');
    expect(catalog.statusCode).toBe(200);
    expect(catalog.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(catalog.headers.etag).toBeTruthy();
    const directory = await get(null, '/api/organizations/directory');
    expect(directory.headers['cache-control']).toBe('public, max-age=60');
  });
});
