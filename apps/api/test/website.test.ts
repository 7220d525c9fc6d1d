import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const kind of ['admin', 'manager', 'estManager', 'holder', 'parent'] as const) {
    tokens[kind] = (await t.signIn(DEMO_ACCOUNTS[kind])).accessToken;
  }
  tokens.support = (await t.signIn(DEMO_ACCOUNTS.support, 'Demo1234', ADMIN_HOST)).accessToken;
  await t.db.insert(organizations).values({ id: 'org_other', key: 'other', name: 'Autre Club' });
});
afterAll(() => t.close());

const as = (who: string, method: 'GET' | 'PATCH', url: string, body?: unknown) =>
  t.request(method, url, { token: tokens[who], organizationId: 'org_demo', body });

describe('website settings', () => {
  it('answers defaults before anything is set, and the public data with establishments and open activities', async () => {
    expect((await as('manager', 'GET', '/api/website/settings')).json()).toMatchObject({
      enabled: false,
      showCustomButton: false,
      customButtonURL: null,
    });
    const data = await t.request('GET', '/api/website/data');
    expect(data.statusCode).toBe(200);
    const body = data.json();
    expect(body.title).toBe('Club Sportif Démo');
    expect(body.establishments.map((e: { id: string }) => e.id).sort()).toEqual([
      'est_default',
      'est_piscine',
    ]);
    expect(body.activities.length).toBeGreaterThan(0);
    // Only activities open to all: never hidden or private ones, never internal notes.
    const visibilities = await t.database.query<{ id: string; visibility: string }>(
      "select id, visibility from blueprints where organization_id = 'org_demo'",
    );
    const byId = new Map(visibilities.map((v) => [v.id, v.visibility]));
    for (const activity of body.activities) expect(['public', 'protected']).toContain(byId.get(activity.id));
    expect(JSON.stringify(body)).not.toContain('privateDescription');
    expect(data.headers['cache-control']).toContain('public');
  });

  it('lets organisation managers set the custom button; https is prepended to a bare address', async () => {
    const r = await as('admin', 'PATCH', '/api/website/settings', {
      showCustomButton: true,
      customButtonName: 'Boutique du club',
      customButtonURL: 'boutique.club-demo.be',
      contactFacebook: 'facebook.com/clubdemo',
      enabled: true,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      showCustomButton: true,
      customButtonName: 'Boutique du club',
      customButtonURL: 'https://boutique.club-demo.be',
      contactFacebook: 'https://facebook.com/clubdemo',
    });
    const data = (await t.request('GET', '/api/website/data')).json();
    expect(data.customButtonURL).toBe('https://boutique.club-demo.be');
    const cleared = await as('manager', 'PATCH', '/api/website/settings', { customButtonName: '' });
    expect(cleared.json()).toMatchObject({
      customButtonName: null,
      customButtonURL: 'https://boutique.club-demo.be',
    });
  });

  it('refuses families, holders and establishment managers; system staff may act in the organisation', async () => {
    for (const who of ['parent', 'holder', 'estManager']) {
      expect((await as(who, 'GET', '/api/website/settings')).statusCode, who).toBe(403);
      expect((await as(who, 'PATCH', '/api/website/settings', { enabled: false })).statusCode, who).toBe(403);
    }
    expect((await as('support', 'PATCH', '/api/website/settings', { title: 'Mon club' })).statusCode).toBe(
      200,
    );
    expect((await t.request('PATCH', '/api/website/settings', { body: { enabled: false } })).statusCode).toBe(
      401,
    );
  });

  it('rejects bad values with field messages and changes nothing', async () => {
    const before = (await as('manager', 'GET', '/api/website/settings')).json();
    const r = await as('manager', 'PATCH', '/api/website/settings', {
      customButtonURL: 'not a url',
      contactEmail: 'nope',
      enabled: 'yes',
      logoAsset: 'ast_unknown',
    });
    expect(r.statusCode).toBe(400);
    expect(
      r
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['contactEmail', 'customButtonURL', 'enabled']);
    const unknownAsset = await as('manager', 'PATCH', '/api/website/settings', { logoAsset: 'ast_unknown' });
    expect(unknownAsset.statusCode).toBe(400);
    expect(unknownAsset.json().details[0].field).toBe('logoAsset');
    expect((await as('manager', 'GET', '/api/website/settings')).json()).toEqual(before);
  });

  it('keeps each organisation to its own settings', async () => {
    const other = await t.request('GET', '/api/website/data', { host: 'other.localhost:3000' });
    expect(other.json()).toMatchObject({ title: 'Autre Club', showCustomButton: false, activities: [] });
    expect((await t.request('GET', '/api/website/data', { host: 'nope.localhost:3000' })).statusCode).toBe(
      404,
    );
  });
});
