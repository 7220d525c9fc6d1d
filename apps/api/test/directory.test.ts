import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(organizations).values([
    { id: 'org_natation', key: 'natation', name: 'Natation Namur' },
    { id: 'org_ancien', key: 'ancien', name: 'Ancien Club', archivedAt: new Date() },
  ]);
});
afterAll(() => t.close());

describe('organisation directory', () => {
  it('finds organisations by key, case-insensitively, with their public fields', async () => {
    const r = await t.request('GET', '/api/organizations/directory/key/DEMO');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      id: 'org_demo',
      key: 'demo',
      name: 'Club Sportif Démo',
      logoAsset: null,
      timeZone: 'Europe/Brussels',
      defaultLocale: 'fr',
      systemAdmin: false,
      maintenance: false,
    });
    expect(r.headers['cache-control']).toContain('max-age');
  });

  it('hides archived organisations from every public lookup', async () => {
    expect((await t.request('GET', '/api/organizations/directory/key/ancien')).statusCode).toBe(404);
    const list = (await t.request('GET', '/api/organizations/directory', { query: { q: 'club' } })).json();
    expect(list.map((o: { key: string }) => o.key)).toEqual(['demo']);
    expect(
      (await t.request('GET', '/api/organizations/directory/current', { host: 'ancien.localhost:3000' }))
        .statusCode,
    ).toBe(404);
  });

  it('searches by name or key and leaves the system organisation out', async () => {
    const all = (await t.request('GET', '/api/organizations/directory')).json();
    // The seed's active clubs (demo, and issue 16's paid and trial clubs; its archived one is left out).
    expect(all.map((o: { key: string }) => o.key)).toEqual(['aquatique', 'demo', 'judo-essai', 'natation']);
    const byName = (await t.request('GET', '/api/organizations/directory', { query: { q: 'namur' } })).json();
    expect(byName.map((o: { key: string }) => o.key)).toEqual(['natation']);
    const wildcard = (await t.request('GET', '/api/organizations/directory', { query: { q: '%' } })).json();
    expect(wildcard).toEqual([]);
  });

  it('tells the current organisation from the host, or from x-organization-id', async () => {
    const byHost = await t.request('GET', '/api/organizations/directory/current', {
      host: 'natation.localhost:3000',
    });
    expect(byHost.json().key).toBe('natation');
    const admin = await t.request('GET', '/api/organizations/directory/current', { host: ADMIN_HOST });
    expect(admin.json()).toMatchObject({ id: 'org_sysadmin', systemAdmin: true });
    const byHeader = await t.request('GET', '/api/organizations/directory/current', {
      host: 'localhost:3000',
      organizationId: 'org_demo',
    });
    expect(byHeader.json().key).toBe('demo');
    const bare = await t.request('GET', '/api/organizations/directory/current', { host: 'localhost:3000' });
    expect(bare.statusCode).toBe(404);
  });
});
