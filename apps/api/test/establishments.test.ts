import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueprints, establishments, organizations, periods } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type RequestOptions, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens = {} as Record<keyof typeof DEMO_ACCOUNTS, string>;
const responses: { label: string; status: number }[] = [];

const OTHER_ORG = 'org_othertown';
const OTHER_EST = 'est_othertown_pool';

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]) {
    const host = kind === 'sysadmin' || kind === 'support' ? ADMIN_HOST : undefined;
    tokens[kind] = (await t.signIn(DEMO_ACCOUNTS[kind], undefined, host)).accessToken;
  }
  // A second organisation, with its default establishment and another one.
  await t.db.insert(organizations).values({
    id: OTHER_ORG,
    key: 'othertown',
    name: 'Club de Othertown',
    timeZone: 'Europe/Paris',
  });
  await t.db.insert(establishments).values([
    { organizationId: OTHER_ORG, id: 'est_default', name: 'Siège Othertown' },
    { organizationId: OTHER_ORG, id: OTHER_EST, name: 'Piscine Othertown', city: 'Lyon', country: 'FRA' },
  ]);
});

afterAll(async () => {
  // Whatever was sent, nothing answered with a server error.
  expect(responses.filter((r) => r.status >= 500)).toEqual([]);
  await t.close();
});

type Kind = keyof typeof DEMO_ACCOUNTS | 'anonymous';

/** A call as `kind`, acting in the demo organisation (system staff included). */
async function as(
  kind: Kind,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const r = await t.request(method, url, {
    ...(kind === 'anonymous' ? {} : { token: tokens[kind], organizationId: 'org_demo' }),
    ...options,
  });
  responses.push({ label: `${kind} ${method} ${url}`, status: r.statusCode });
  return r;
}

const ids = (r: LightMyRequestResponse) => r.json().items.map((e: { id: string }) => e.id);
const fields = (r: LightMyRequestResponse) =>
  r.json().details.map((d: { field: string; message: string }) => [d.field, d.message]);

async function addBlueprint(establishmentId: string, archived = false) {
  const id = `bp_test${Math.random().toString(36).slice(2, 10)}`;
  await t.db.insert(blueprints).values({
    organizationId: 'org_demo',
    id,
    establishmentId,
    name: 'Activité de test',
    duration: 60,
    maxSeats: 10,
    archivedAt: archived ? new Date() : null,
  });
  return id;
}

async function createEstablishment(name: string) {
  const r = await as('manager', 'POST', '/api/establishments', { body: { name } });
  expect(r.statusCode).toBe(201);
  return r.json().id as string;
}

describe('GET /establishments', () => {
  it('lists the organisation’s establishments to every signed-in user, with the inherited time zone', async () => {
    for (const kind of ['parent', 'holder', 'manager', 'admin', 'sysadmin', 'support'] as const) {
      const r = await as(kind, 'GET', '/api/establishments');
      expect(r.statusCode, kind).toBe(200);
      expect(r.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
      expect(ids(r)).toEqual(['est_default', 'est_piscine']);
    }
    const [main, pool] = (await as('manager', 'GET', '/api/establishments')).json().items;
    expect(main).toMatchObject({
      id: 'est_default',
      organizationId: 'org_demo',
      name: 'Complexe sportif principal',
      city: 'Bruxelles',
      country: 'BEL',
      timeZone: 'Europe/Brussels',
      isDefault: true,
    });
    expect(pool).toMatchObject({ id: 'est_piscine', name: 'Piscine communale', isDefault: false });
    expect(typeof pool.activityCount).toBe('number');
  });

  it('counts activities that are not archived', async () => {
    const before = (await as('manager', 'GET', '/api/establishments/est_piscine')).json().activityCount;
    await addBlueprint('est_piscine');
    await addBlueprint('est_piscine', true);
    const list = (await as('manager', 'GET', '/api/establishments')).json().items;
    expect(list.find((e: { id: string }) => e.id === 'est_piscine').activityCount).toBe(before + 1);
  });

  it('shows an establishment manager only their establishment', async () => {
    const r = await as('estManager', 'GET', '/api/establishments');
    expect(r.json()).toMatchObject({ total: 1 });
    expect(ids(r)).toEqual(['est_piscine']);
  });

  it('pages, searches and refuses bad paging values with French details', async () => {
    const second = await as('manager', 'GET', '/api/establishments', { query: { page: '2', pageSize: '1' } });
    expect(second.json()).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(ids(second)).toEqual(['est_piscine']);
    const search = await as('parent', 'GET', '/api/establishments', { query: { q: 'PISC' } });
    expect(ids(search)).toEqual(['est_piscine']);
    const none = await as('parent', 'GET', '/api/establishments', { query: { q: '%_' } });
    expect(none.json()).toMatchObject({ items: [], total: 0 });
    const badQueries: Record<string, string>[] = [
      { pageSize: '101' },
      { page: '0' },
      { page: 'abc' },
      { pageSize: '2.5' },
    ];
    for (const query of badQueries) {
      const r = await as('manager', 'GET', '/api/establishments', { query });
      expect(r.statusCode, JSON.stringify(query)).toBe(400);
      expect(r.json().error).toBe('validation_failed');
    }
    const bad = await as('manager', 'GET', '/api/establishments', { query: { page: 'abc' } });
    expect(fields(bad)).toEqual([['page', 'La valeur doit être un nombre']]);
  });

  it('lets only system staff force another organisation', async () => {
    for (const kind of ['parent', 'holder', 'estManager', 'manager', 'admin'] as const) {
      const r = await as(kind, 'GET', '/api/establishments', { query: { organizationId: OTHER_ORG } });
      expect(r.statusCode, kind).toBe(403);
    }
    const own = await as('manager', 'GET', '/api/establishments', { query: { organizationId: 'org_demo' } });
    expect(own.statusCode).toBe(200);
    for (const kind of ['sysadmin', 'support'] as const) {
      const r = await as(kind, 'GET', '/api/establishments', { query: { organizationId: OTHER_ORG } });
      expect(r.statusCode, kind).toBe(200);
      expect(ids(r)).toEqual(['est_othertown_pool', 'est_default']);
      expect(r.json().items[0]).toMatchObject({ organizationId: OTHER_ORG, timeZone: 'Europe/Paris' });
    }
    const unknown = await as('sysadmin', 'GET', '/api/establishments', {
      query: { organizationId: 'org_nowhere' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await as('anonymous', 'GET', '/api/establishments')).statusCode).toBe(401);
  });
});

describe('GET /establishments/public', () => {
  it('lists the public fields of the organisation of the host, to anyone', async () => {
    const r = await as('anonymous', 'GET', '/api/establishments/public');
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=60');
    expect(String(r.headers.vary)).toMatch(/host/i);
    const body = r.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(body.items[0]).toEqual({
      id: 'est_default',
      name: 'Complexe sportif principal',
      address: 'Avenue des Sports 12',
      city: 'Bruxelles',
      postalCode: '1050',
      country: 'BEL',
    });
  });

  it('follows the host, or the x-organization-id header', async () => {
    const other = await as('anonymous', 'GET', '/api/establishments/public', {
      host: 'othertown.localhost:3000',
    });
    expect(ids(other)).toEqual([OTHER_EST, 'est_default']);
    const byHeader = await as('anonymous', 'GET', '/api/establishments/public', {
      headers: { 'x-organization-id': OTHER_ORG },
    });
    expect(ids(byHeader)).toEqual([OTHER_EST, 'est_default']);
    const signedIn = await as('parent', 'GET', '/api/establishments/public');
    expect(ids(signedIn)).toEqual(['est_default', 'est_piscine']);
  });

  it('answers 404 for an unknown organisation and 400 for bad paging', async () => {
    for (const host of ['nowhere.localhost:3000', 'localhost:3000', 'example.com']) {
      const r = await as('anonymous', 'GET', '/api/establishments/public', { host });
      expect(r.statusCode, host).toBe(404);
      expect(r.json().error).toBe('organization_not_found');
    }
    const bad = await as('anonymous', 'GET', '/api/establishments/public', { query: { pageSize: '0' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /organizations/{id}/establishments', () => {
  it('lists the acting organisation’s establishments', async () => {
    for (const kind of ['parent', 'holder', 'manager', 'admin', 'sysadmin'] as const) {
      const r = await as(kind, 'GET', '/api/organizations/org_demo/establishments');
      expect(r.statusCode, kind).toBe(200);
      expect(ids(r)).toEqual(['est_default', 'est_piscine']);
    }
    const scoped = await as('estManager', 'GET', '/api/organizations/org_demo/establishments');
    expect(ids(scoped)).toEqual(['est_piscine']);
  });

  it('answers 404 for another organisation, except to system staff', async () => {
    for (const kind of ['parent', 'holder', 'estManager', 'manager', 'admin'] as const) {
      const list = await as(kind, 'GET', `/api/organizations/${OTHER_ORG}/establishments`);
      expect(list.statusCode, kind).toBe(404);
      const one = await as(kind, 'GET', `/api/organizations/${OTHER_ORG}/establishments/${OTHER_EST}`);
      expect(one.statusCode, kind).toBe(404);
    }
    const staff = await as('support', 'GET', `/api/organizations/${OTHER_ORG}/establishments`);
    expect(ids(staff)).toEqual([OTHER_EST, 'est_default']);
    const one = await as('sysadmin', 'GET', `/api/organizations/${OTHER_ORG}/establishments/${OTHER_EST}`);
    expect(one.json()).toMatchObject({ id: OTHER_EST, city: 'Lyon', timeZone: 'Europe/Paris' });
    const unknown = await as('sysadmin', 'GET', '/api/organizations/org_nowhere/establishments');
    expect(unknown.statusCode).toBe(404);
  });

  it('gives one establishment, within the caller’s reach', async () => {
    const ok = await as('parent', 'GET', '/api/organizations/org_demo/establishments/est_piscine');
    expect(ok.json()).toMatchObject({ id: 'est_piscine', timeZone: 'Europe/Brussels' });
    expect(
      (await as('estManager', 'GET', '/api/organizations/org_demo/establishments/est_piscine')).statusCode,
    ).toBe(200);
    expect(
      (await as('estManager', 'GET', '/api/organizations/org_demo/establishments/est_default')).statusCode,
    ).toBe(404);
    // Another organisation's establishment id under the acting organisation: not there.
    expect(
      (await as('manager', 'GET', `/api/organizations/org_demo/establishments/${OTHER_EST}`)).statusCode,
    ).toBe(404);
    expect((await as('anonymous', 'GET', '/api/organizations/org_demo/establishments')).statusCode).toBe(401);
  });
});

describe('GET /establishments/{id}', () => {
  it('gives an establishment of the organisation; another organisation’s is 404', async () => {
    for (const kind of ['parent', 'holder', 'manager', 'admin', 'support'] as const) {
      expect((await as(kind, 'GET', '/api/establishments/est_default')).statusCode, kind).toBe(200);
      expect((await as(kind, 'GET', `/api/establishments/${OTHER_EST}`)).statusCode, kind).toBe(404);
    }
    expect((await as('manager', 'GET', '/api/establishments/est_nowhere')).statusCode).toBe(404);
    expect((await as('anonymous', 'GET', '/api/establishments/est_default')).statusCode).toBe(401);
  });

  it('keeps an establishment manager to their establishment', async () => {
    expect((await as('estManager', 'GET', '/api/establishments/est_piscine')).statusCode).toBe(200);
    expect((await as('estManager', 'GET', '/api/establishments/est_default')).statusCode).toBe(404);
  });
});

describe('POST /establishments', () => {
  const valid = {
    name: '  Salle omnisports  ',
    address: 'Rue du Stade 4',
    city: 'Namur',
    postalCode: '5000',
    country: 'BEL',
    contactEmail: 'Salle@Demo.test',
    contactPhone: '+32 81 12 34 56',
  };

  it('is for organisation managers: families, holders and establishment managers get 403', async () => {
    for (const kind of ['parent', 'holder', 'estManager'] as const) {
      const r = await as(kind, 'POST', '/api/establishments', { body: valid });
      expect(r.statusCode, kind).toBe(403);
    }
    expect((await as('anonymous', 'POST', '/api/establishments', { body: valid })).statusCode).toBe(401);
    expect((await as('manager', 'GET', '/api/establishments')).json().total).toBe(2);
  });

  it('creates an establishment with a new est_ id in the acting organisation', async () => {
    const r = await as('manager', 'POST', '/api/establishments', { body: valid });
    expect(r.statusCode).toBe(201);
    const created = r.json();
    expect(created.id).toMatch(/^est_[0-9a-z]{26}$/);
    expect(created).toMatchObject({
      organizationId: 'org_demo',
      name: 'Salle omnisports',
      city: 'Namur',
      country: 'BEL',
      contactEmail: 'salle@demo.test',
      contactPhone: '+32 81 12 34 56',
      timeZone: 'Europe/Brussels',
      isDefault: false,
      activityCount: 0,
    });
    expect((await as('parent', 'GET', `/api/establishments/${created.id}`)).json().name).toBe(
      'Salle omnisports',
    );
    // Optional fields may be left out or empty.
    const minimal = await as('admin', 'POST', '/api/establishments', {
      body: { name: 'Annexe', address: '', country: null },
    });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json()).toMatchObject({ name: 'Annexe', address: null, country: null, city: null });
  });

  it('lets system staff create inside the organisation they act in', async () => {
    const r = await as('sysadmin', 'POST', '/api/establishments', { body: { name: 'Créé par le support' } });
    expect(r.statusCode).toBe(201);
    expect(r.json().organizationId).toBe('org_demo');
  });

  it('refuses bad input with French details, or English ones when asked', async () => {
    const bad = await as('manager', 'POST', '/api/establishments', {
      body: {
        name: 'A',
        postalCode: '12',
        country: 'DEU',
        contactEmail: 'nope',
        contactPhone: '12 34',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    expect(fields(bad)).toEqual([
      ['name', 'Ce champ doit contenir au moins 2 caractères'],
      ['postalCode', 'Ce champ doit contenir au moins 4 caractères'],
      ['country', 'Pays invalide'],
      ['contactEmail', 'Adresse e-mail invalide'],
      ['contactPhone', 'Le numéro de téléphone doit contenir au moins 9 chiffres'],
    ]);
    const missing = await as('manager', 'POST', '/api/establishments', { body: { name: '   ' } });
    expect(fields(missing)).toEqual([['name', 'Ce champs est requis']]);
    const english = await as('manager', 'POST', '/api/establishments', {
      body: { city: 'X' },
      headers: { 'accept-language': 'en' },
    });
    expect(fields(english)).toEqual([
      ['name', 'This field is required'],
      ['city', 'This field must contain at least 2 characters'],
    ]);
    for (const body of ['null', '[]', '"text"', '{"name":', JSON.stringify({ name: 12 })]) {
      const r = await as('manager', 'POST', '/api/establishments', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.statusCode, body).toBe(400);
    }
    const tooLong = await as('manager', 'POST', '/api/establishments', { body: { name: 'x'.repeat(201) } });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('PATCH /establishments/{id}', () => {
  it('lets an organisation manager edit any establishment, and clear optional fields', async () => {
    const r = await as('manager', 'PATCH', '/api/establishments/est_default', {
      body: { contactPhone: '02 123 45 67', contactEmail: 'accueil@demo.test' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      name: 'Complexe sportif principal',
      contactPhone: '02 123 45 67',
      contactEmail: 'accueil@demo.test',
    });
    const cleared = await as('admin', 'PATCH', '/api/establishments/est_default', {
      body: { contactPhone: '', contactEmail: null },
    });
    expect(cleared.json()).toMatchObject({ contactPhone: null, contactEmail: null, city: 'Bruxelles' });
  });

  it('lets an establishment manager edit only their establishment', async () => {
    const own = await as('estManager', 'PATCH', '/api/establishments/est_piscine', {
      body: { name: 'Piscine communale d’Ixelles' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().name).toBe('Piscine communale d’Ixelles');
    const other = await as('estManager', 'PATCH', '/api/establishments/est_default', {
      body: { name: 'Piratée' },
    });
    expect(other.statusCode).toBe(404);
    expect((await as('manager', 'GET', '/api/establishments/est_default')).json().name).toBe(
      'Complexe sportif principal',
    );
  });

  it('refuses families, holders and anonymous callers', async () => {
    for (const kind of ['parent', 'holder'] as const) {
      const r = await as(kind, 'PATCH', '/api/establishments/est_default', { body: { name: 'Nouveau' } });
      expect(r.statusCode, kind).toBe(403);
    }
    const anonymous = await as('anonymous', 'PATCH', '/api/establishments/est_default', {
      body: { name: 'Nouveau' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for another organisation’s establishment and changes nothing', async () => {
    const r = await as('manager', 'PATCH', `/api/establishments/${OTHER_EST}`, { body: { name: 'Volée' } });
    expect(r.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(establishments)
      .where(and(eq(establishments.organizationId, OTHER_ORG), eq(establishments.id, OTHER_EST)));
    expect(row!.name).toBe('Piscine Othertown');
  });

  it('refuses bad input', async () => {
    const empty = await as('manager', 'PATCH', '/api/establishments/est_default', { body: {} });
    expect(empty.statusCode).toBe(400);
    const noName = await as('manager', 'PATCH', '/api/establishments/est_default', { body: { name: '' } });
    expect(fields(noName)).toEqual([['name', 'Ce champs est requis']]);
    const nullName = await as('manager', 'PATCH', '/api/establishments/est_default', {
      body: { name: null },
    });
    expect(fields(nullName)).toEqual([['name', 'Ce champs est requis']]);
    const country = await as('manager', 'PATCH', '/api/establishments/est_default', {
      body: { country: 'be' },
    });
    expect(fields(country)).toEqual([['country', 'Pays invalide']]);
  });
});

describe('DELETE /establishments/{id}', () => {
  it('is for organisation managers only', async () => {
    const id = await createEstablishment('À supprimer');
    for (const kind of ['parent', 'holder', 'estManager'] as const) {
      expect((await as(kind, 'DELETE', `/api/establishments/${id}`)).statusCode, kind).toBe(403);
    }
    expect((await as('anonymous', 'DELETE', `/api/establishments/${id}`)).statusCode).toBe(401);
    expect((await as('manager', 'GET', `/api/establishments/${id}`)).statusCode).toBe(200);
  });

  it('deletes an unused establishment (204), after which it is gone', async () => {
    const id = await createEstablishment('Éphémère');
    const r = await as('manager', 'DELETE', `/api/establishments/${id}`);
    expect(r.statusCode).toBe(204);
    expect(r.body).toBe('');
    expect((await as('manager', 'GET', `/api/establishments/${id}`)).statusCode).toBe(404);
    expect((await as('manager', 'DELETE', `/api/establishments/${id}`)).statusCode).toBe(404);
    const byStaff = await createEstablishment('Supprimé par le support');
    expect((await as('sysadmin', 'DELETE', `/api/establishments/${byStaff}`)).statusCode).toBe(204);
  });

  it('never deletes est_default', async () => {
    for (const kind of ['manager', 'admin', 'sysadmin'] as const) {
      const r = await as(kind, 'DELETE', '/api/establishments/est_default');
      expect(r.statusCode, kind).toBe(409);
      expect(r.json()).toMatchObject({
        statusCode: 409,
        error: 'default_establishment_undeletable',
        message: "L'établissement par défaut de l'organisation ne peut pas être supprimé.",
      });
    }
    const english = await as('manager', 'DELETE', '/api/establishments/est_default', {
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe("The organisation's default establishment cannot be deleted.");
    expect((await as('manager', 'GET', '/api/establishments/est_default')).statusCode).toBe(200);
  });

  it('refuses an establishment still used by activities, periods or users, saying which', async () => {
    const pool = await as('manager', 'DELETE', '/api/establishments/est_piscine');
    expect(pool.statusCode).toBe(409);
    expect(pool.json().message).toMatch(
      /^Cet établissement ne peut pas être supprimé : il est encore utilisé par .*des utilisateurs\.$/,
    );

    const withActivity = await createEstablishment('Avec activité');
    await addBlueprint(withActivity, true);
    const r = await as('manager', 'DELETE', `/api/establishments/${withActivity}`);
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe('establishment_in_use');
    expect(r.json().message).toBe(
      'Cet établissement ne peut pas être supprimé : il est encore utilisé par des activités.',
    );

    const withPeriod = await createEstablishment('Avec période');
    await t.db.insert(periods).values({
      organizationId: 'org_demo',
      id: 'per_testdelete',
      establishmentId: withPeriod,
      name: 'Trimestre',
      startDate: '2026-01-05',
      endDate: '2026-03-27',
    });
    const p = await as('manager', 'DELETE', `/api/establishments/${withPeriod}`);
    expect(p.statusCode).toBe(409);
    expect(p.json().message).toBe(
      'Cet établissement ne peut pas être supprimé : il est encore utilisé par des périodes.',
    );
    expect((await as('manager', 'GET', `/api/establishments/${withPeriod}`)).statusCode).toBe(200);
  });

  it('answers 404 for another organisation’s establishment, which stays', async () => {
    for (const id of [OTHER_EST, 'est_nowhere']) {
      expect((await as('manager', 'DELETE', `/api/establishments/${id}`)).statusCode, id).toBe(404);
    }
    const rows = await t.db.select().from(establishments).where(eq(establishments.organizationId, OTHER_ORG));
    expect(rows).toHaveLength(2);
  });
});
