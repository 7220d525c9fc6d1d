import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, organizations, websiteSettings } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { otherClubManager } from './helpers/clubs';
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
  tokens.otherClub = await otherClubManager(t);
});
afterAll(() => t.close());

const as = (who: string, method: 'GET' | 'PATCH', url: string, body?: unknown) =>
  t.request(method, url, { token: tokens[who], organizationId: 'org_demo', body });

describe('website settings', () => {
  it('answers defaults before anything is set', async () => {
    expect(
      (await t.request('GET', '/api/website/data', { host: 'other.localhost:3000' })).json(),
    ).toMatchObject({
      enabled: false,
      title: 'Autre Club',
      showCustomButton: false,
      customButtonURL: null,
      customButton: null,
      activities: [],
    });
  });

  it("answers the demo club's public page: title, images, establishments, open activities and their next sessions", async () => {
    const data = await t.request('GET', '/api/website/data');
    expect(data.statusCode).toBe(200);
    const body = data.json();
    expect(body).toMatchObject({
      enabled: true,
      title: 'Club Sportif Démo',
      contactInstagram: 'https://www.instagram.com/clubsportifdemo',
      logoUrl: expect.stringMatching(/^\/api\/assets\/serve\/ast_\w+\?orgId=org_demo$/),
      backgroundUrl: expect.stringMatching(/^\/api\/assets\/serve\/ast_\w+\?orgId=org_demo$/),
    });
    expect(body.description).toContain('<h2>Bienvenue au Club Sportif Démo</h2>');
    for (const image of [body.logoUrl, body.backgroundUrl, body.faviconUrl]) {
      expect((await t.request('GET', image)).statusCode, image).toBe(200);
    }
    // Sessions to come only, earliest first, never a cancelled one.
    const sessions = body.activities.flatMap(
      (a: { nextSessions: { startDateTime: string }[] }) => a.nextSessions,
    );
    expect(sessions.length).toBeGreaterThan(0);
    for (const activity of body.activities) {
      const starts = activity.nextSessions.map((s: { startDateTime: string }) => s.startDateTime);
      expect(starts).toEqual([...starts].sort());
      expect(activity.nextSessions.length).toBeLessThanOrEqual(3);
      for (const start of starts) expect(Date.parse(start)).toBeGreaterThanOrEqual(Date.now() - 60_000);
    }
    const cancelled = await t.database.query<{ id: string }>(
      "select id from services where organization_id = 'org_demo' and status = 'cancelled'",
    );
    const shown = new Set(sessions.map((s: { id: string }) => s.id));
    for (const { id } of cancelled) expect(shown.has(id)).toBe(false);
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
    expect(data.headers['cache-control']).toBe('public, no-cache');
    // Revalidated each time: unchanged, nothing is sent again.
    const again = await t.request('GET', '/api/website/data', {
      headers: { 'if-none-match': String(data.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('cleans the description on the server: no script or event handler is stored or comes back', async () => {
    const r = await as('manager', 'PATCH', '/api/website/settings', {
      description:
        '<p>Bienvenue <strong>au club</strong><script>alert(1)</script></p><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)" onclick="alert(4)">lien</a><a href="https://club.be">site</a>',
    });
    expect(r.statusCode).toBe(200);
    const [stored] = await t.db
      .select()
      .from(websiteSettings)
      .where(eq(websiteSettings.organizationId, 'org_demo'));
    for (const text of [
      r.body,
      stored!.description!,
      (await as('manager', 'GET', '/api/website/settings')).body,
      (await t.request('GET', '/api/website/data')).body,
    ]) {
      expect(text).not.toMatch(/<script|onerror|onclick|javascript:|alert\(|<img/i);
    }
    expect(r.json().description).toBe(
      '<p>Bienvenue <strong>au club</strong></p><a target="_blank" rel="noopener noreferrer nofollow">lien</a>' +
        '<a href="https://club.be" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    // A description left with nothing visible is no description.
    const empty = await as('manager', 'PATCH', '/api/website/settings', {
      description: '<script>x</script>',
    });
    expect(empty.json().description).toBeNull();
  });

  it('shows the custom button only when enabled with both a name and an address', async () => {
    const publicButton = async () => (await t.request('GET', '/api/website/data')).json().customButton;
    await as('manager', 'PATCH', '/api/website/settings', {
      showCustomButton: true,
      customButtonName: 'Boutique',
      customButtonURL: 'boutique.club-demo.be',
    });
    expect(await publicButton()).toEqual({ name: 'Boutique', url: 'https://boutique.club-demo.be' });
    await as('manager', 'PATCH', '/api/website/settings', { customButtonName: '  ' });
    expect(await publicButton()).toBeNull();
    await as('manager', 'PATCH', '/api/website/settings', {
      customButtonName: 'Boutique',
      customButtonURL: '',
    });
    expect(await publicButton()).toBeNull();
    await as('manager', 'PATCH', '/api/website/settings', {
      customButtonURL: 'http://boutique.club-demo.be',
      showCustomButton: false,
    });
    expect(await publicButton()).toBeNull();
    await as('manager', 'PATCH', '/api/website/settings', { showCustomButton: true });
    expect(await publicButton()).toEqual({ name: 'Boutique', url: 'http://boutique.club-demo.be' });
  });

  it('while disabled, answers only the title, logo and custom button: no description, contact or activities', async () => {
    await as('manager', 'PATCH', '/api/website/settings', { enabled: false });
    const body = (await t.request('GET', '/api/website/data')).json();
    expect(body).toMatchObject({
      enabled: false,
      title: 'Club Sportif Démo',
      description: null,
      contactEmail: null,
      backgroundUrl: null,
      establishments: [],
      activities: [],
    });
    expect(body.logoUrl).toMatch(/^\/api\/assets\/serve\//);
    await as('manager', 'PATCH', '/api/website/settings', { enabled: true });
    expect((await t.request('GET', '/api/website/data')).json().activities.length).toBeGreaterThan(0);
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

  it("refuses another club's manager, and an image of another club", async () => {
    const before = (await as('manager', 'GET', '/api/website/settings')).json();
    const foreign = await t.request('PATCH', '/api/website/settings', {
      token: tokens.otherClub,
      organizationId: 'org_demo',
      body: { title: 'Piraté' },
    });
    expect([401, 403]).toContain(foreign.statusCode);
    // In their own club, they cannot point at the demo club's logo.
    const [demoAsset] = await t.db
      .select({ id: assets.id })
      .from(assets)
      .where(eq(assets.organizationId, 'org_demo'))
      .limit(1);
    const borrowed = await t.request('PATCH', '/api/website/settings', {
      token: tokens.otherClub,
      organizationId: 'org_autre',
      body: { logoAsset: demoAsset!.id },
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().details).toEqual([
      { field: 'logoAsset', rule: 'unknown_asset', message: 'Les données fournies sont introuvables.' },
    ]);
    expect((await as('manager', 'GET', '/api/website/settings')).json()).toEqual(before);
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
