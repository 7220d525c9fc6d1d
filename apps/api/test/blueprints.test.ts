import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, blueprintSupplements, prestations, services } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

/*
 * Activities on the managing side (`/blueprints`): the spec's blueprint rules and messages (section 5),
 * supplements, visibility of drafts, archive instead of delete, list filters, and rights per role.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let holderUserId: string;
let otherOrgBlueprintId: string;

const ORG = 'org_demo';
const MESSAGES = {
  required: 'Ce champs est requis',
  format: 'Respectez le format de la valeur',
  positive: 'La valeur doit être supérieure à 0',
  nonNegative: 'La valeur ne peut pas être négative',
  ages: "L'âge minimum ne peut pas être supérieur à l'âge maximum",
  url: 'Saisissez une adresse web complète (http:// ou https://)',
  unknown: "Cet élément n'existe pas ou n'est plus disponible",
  hasSessions: 'Cette activité a déjà des séances : elle ne peut pas être supprimée. Archivez-la plutôt.',
};

const VALID = {
  name: 'Bb Natation bébés',
  description: 'Éveil aquatique avec un parent',
  privateDescription: 'Prévoir deux moniteurs',
  duration: 45,
  price: 1200,
  taxPercentage: 600,
  maxSeats: 8,
  colorCode: '#1E90FF',
  locationType: 'physical',
  location: 'Petit bassin',
  minAge: 6,
  maxAge: 36,
  visibility: 'public',
  establishmentId: 'est_piscine',
  supplements: [
    { name: 'Bonnet', price: 300 },
    { name: 'Bébé nageur', price: 500, minAge: 6, maxAge: 12, frequency: 'per-session' },
  ],
};

const omit = (key: keyof typeof VALID) =>
  Object.fromEntries(Object.entries(VALID).filter(([name]) => name !== key));

type Who = 'admin' | 'manager' | 'estManager' | 'holder' | 'parent' | 'sysadmin' | 'support';

function call(
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: {
    body?: unknown;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    org?: string;
  } = {},
) {
  return t.request(method, url, {
    token: tokens[who],
    organizationId: options.org ?? ORG,
    body: options.body,
    query: options.query,
    headers: options.headers,
  });
}

/** The messages of a 400 answer, by field. */
function fieldErrors(response: { statusCode: number; json: () => unknown }): Record<string, string[]> {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { error: string; details: { field: string; message: string }[] };
  expect(body.error).toBe('validation_failed');
  const grouped: Record<string, string[]> = {};
  for (const d of body.details) (grouped[d.field] ??= []).push(d.message);
  return grouped;
}

async function create(body: Record<string, unknown> = {}, who: Who = 'manager') {
  const response = await call(who, 'POST', '/api/blueprints', { body: { ...VALID, ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    id: string;
    establishmentId: string;
    visibility: string;
    minAge: number | null;
    maxAge: number | null;
    supplements: { id: string; name: string; price: number; minAge: number | null; maxAge: number | null }[];
    [key: string]: unknown;
  };
}

let serial = 0;
async function addSession(blueprintId: string, startDateTime: Date, status = 'confirmed') {
  const id = `svc_test${++serial}`;
  await t.db.insert(services).values({
    organizationId: ORG,
    id,
    blueprintId,
    startDateTime,
    duration: 60,
    maxSeats: 10,
    status,
  });
  return id;
}

const list = (who: Who, query: Record<string, string>) => call(who, 'GET', '/api/blueprints', { query });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'estManager', 'holder', 'parent'] as const) {
    const session = await t.signIn(DEMO_ACCOUNTS[who]);
    tokens[who] = session.accessToken;
    if (who === 'holder') holderUserId = session.user.id;
  }
  tokens.sysadmin = (await t.signIn(DEMO_ACCOUNTS.sysadmin, undefined, ADMIN_HOST)).accessToken;
  tokens.support = (await t.signIn(DEMO_ACCOUNTS.support, undefined, ADMIN_HOST)).accessToken;
  // An activity of another organisation (the system one), made by its own administrator.
  const other = await call('sysadmin', 'POST', '/api/blueprints', {
    org: 'org_sysadmin',
    body: { ...VALID, name: 'Bb Autre organisation', establishmentId: 'est_default' },
  });
  expect(other.statusCode, other.body).toBe(201);
  otherOrgBlueprintId = other.json().id;
});
afterAll(() => t.close());

describe('creating and reading an activity', () => {
  it('creates an activity with its supplements and returns the full DTO (201)', async () => {
    const created = await create();
    expect(created).toMatchObject({
      establishmentId: 'est_piscine',
      establishmentName: 'Piscine communale',
      name: 'Bb Natation bébés',
      description: 'Éveil aquatique avec un parent',
      privateDescription: 'Prévoir deux moniteurs',
      imageAssetId: null,
      imageUrl: null,
      duration: 45,
      price: 1200,
      taxPercentage: 600,
      maxSeats: 8,
      colorCode: '#1E90FF',
      locationType: 'physical',
      location: 'Petit bassin',
      onlineLocation: null,
      minAge: 6,
      maxAge: 36,
      visibility: 'public',
      archivedAt: null,
    });
    expect(created.id).toMatch(/^bp_/);
    expect(created.supplements).toEqual([
      // Without a frequency, a supplement is charged once per participant, activity and period.
      {
        id: expect.stringMatching(/^sup_/),
        name: 'Bonnet',
        price: 300,
        minAge: null,
        maxAge: null,
        frequency: 'once',
      },
      {
        id: expect.stringMatching(/^sup_/),
        name: 'Bébé nageur',
        price: 500,
        minAge: 6,
        maxAge: 12,
        frequency: 'per-session',
      },
    ]);
    expect(created).not.toHaveProperty('createdByUserId');
    const read = await call('manager', 'GET', `/api/blueprints/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
  });

  it('applies the defaults: hidden, default establishment, no supplements; -1 seats and online are accepted', async () => {
    const { visibility: _v, establishmentId: _e, supplements: _s, ...rest } = VALID;
    const response = await call('manager', 'POST', '/api/blueprints', {
      body: {
        ...rest,
        name: 'Bb Yoga en ligne',
        maxSeats: -1,
        locationType: 'online',
        location: '',
        onlineLocation: 'https://meet.example.org/yoga',
        minAge: null,
        maxAge: null,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      visibility: 'hidden',
      establishmentId: 'est_default',
      establishmentName: 'Complexe sportif principal',
      maxSeats: -1,
      location: null,
      onlineLocation: 'https://meet.example.org/yoga',
      minAge: null,
      maxAge: null,
      supplements: [],
    });
  });

  it('links an image of the organisation and serves it through the asset route', async () => {
    await t.db.insert(assets).values({
      organizationId: ORG,
      id: 'ast_blueprinttest',
      contentType: 'image/png',
      byteSize: 1,
      sha256: 'x',
      data: Buffer.from([0]),
    });
    const created = await create({ name: 'Bb Avec image', imageAssetId: 'ast_blueprinttest' });
    expect(created).toMatchObject({
      imageAssetId: 'ast_blueprinttest',
      imageUrl: '/api/assets/serve/ast_blueprinttest?orgId=org_demo',
    });
    const cleared = await call('manager', 'PATCH', `/api/blueprints/${created.id}`, {
      body: { imageAssetId: null },
    });
    expect(cleared.json()).toMatchObject({ imageAssetId: null, imageUrl: null });
  });

  it('refuses an unknown establishment or image with a field message (400), creating nothing', async () => {
    const before = (await list('manager', { q: 'Bb Inconnu', includeArchived: 'true' })).json().total;
    expect(
      fieldErrors(
        await call('manager', 'POST', '/api/blueprints', {
          body: { ...VALID, name: 'Bb Inconnu', establishmentId: 'est_nope' },
        }),
      ),
    ).toEqual({ establishmentId: [MESSAGES.unknown] });
    expect(
      fieldErrors(
        await call('manager', 'POST', '/api/blueprints', {
          body: { ...VALID, name: 'Bb Inconnu', imageAssetId: 'ast_nope' },
        }),
      ),
    ).toEqual({ imageAssetId: [MESSAGES.unknown] });
    // An establishment of another organisation does not exist here.
    expect(
      fieldErrors(
        await call('sysadmin', 'POST', '/api/blueprints', {
          org: 'org_sysadmin',
          body: { ...VALID, name: 'Bb Inconnu', establishmentId: 'est_piscine' },
        }),
      ),
    ).toEqual({ establishmentId: [MESSAGES.unknown] });
    expect((await list('manager', { q: 'Bb Inconnu', includeArchived: 'true' })).json().total).toBe(before);
  });
});

describe('blueprint rules (spec section 5), on create', () => {
  const post = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    call('manager', 'POST', '/api/blueprints', { body: { ...VALID, name: 'Bb Invalide', ...body }, headers });

  it('requires the name', async () => {
    expect(fieldErrors(await post({ name: '' }))).toEqual({ name: [MESSAGES.required] });
    expect(fieldErrors(await post({ name: '   ' }))).toEqual({ name: [MESSAGES.required] });
    expect(fieldErrors(await call('manager', 'POST', '/api/blueprints', { body: omit('name') }))).toEqual({
      name: [MESSAGES.required],
    });
  });

  it('needs a duration greater than 0', async () => {
    expect(fieldErrors(await post({ duration: 0 }))).toEqual({ duration: [MESSAGES.positive] });
    expect(fieldErrors(await post({ duration: -5 }))).toEqual({ duration: [MESSAGES.positive] });
  });

  it('needs a price and a tax percentage that are not negative', async () => {
    expect(fieldErrors(await post({ price: -1, taxPercentage: -1 }))).toEqual({
      price: [MESSAGES.nonNegative],
      taxPercentage: [MESSAGES.nonNegative],
    });
  });

  it('needs max seats greater than 0, or -1 for unlimited', async () => {
    expect(fieldErrors(await post({ maxSeats: 0 }))).toEqual({ maxSeats: [MESSAGES.positive] });
    expect(fieldErrors(await post({ maxSeats: -2 }))).toEqual({ maxSeats: [MESSAGES.positive] });
  });

  it('needs a colour like #FFFFFF', async () => {
    for (const colorCode of ['FFFFFF', '#FFF', 'red', '#GGGGGG']) {
      expect(fieldErrors(await post({ colorCode }))).toEqual({ colorCode: [MESSAGES.format] });
    }
  });

  it('refuses negative ages and a minimum age above the maximum', async () => {
    expect(fieldErrors(await post({ minAge: -1, maxAge: -2 }))).toEqual({
      minAge: [MESSAGES.nonNegative],
      maxAge: [MESSAGES.nonNegative],
    });
    expect(fieldErrors(await post({ minAge: 37, maxAge: 36 }))).toEqual({ minAge: [MESSAGES.ages] });
  });

  it('needs a web address for an online activity', async () => {
    expect(fieldErrors(await post({ locationType: 'online' }))).toEqual({
      onlineLocation: [MESSAGES.required],
    });
    expect(fieldErrors(await post({ locationType: 'online', onlineLocation: 'ftp://example.org' }))).toEqual({
      onlineLocation: [MESSAGES.url],
    });
    expect(fieldErrors(await post({ locationType: 'remote' }))).toEqual({ locationType: [MESSAGES.format] });
  });

  it('checks each supplement and their number', async () => {
    expect(
      fieldErrors(
        await post({
          supplements: [
            { name: '', price: -1 },
            { name: 'Tranche', price: 100, minAge: 24, maxAge: 12 },
            { name: 'Bus', price: 300, frequency: 'weekly' },
            { name: 'Voyage', price: 1_000_001, frequency: 'once' },
          ],
        }),
      ),
    ).toEqual({
      'supplements.0.name': [MESSAGES.required],
      'supplements.0.price': [MESSAGES.nonNegative],
      'supplements.1.minAge': [MESSAGES.ages],
      'supplements.2.frequency': [MESSAGES.format],
      'supplements.3.price': ['Le montant ne peut pas dépasser 10 000,00 €'],
    });
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `S${i}`, price: 100 }));
    expect(fieldErrors(await post({ supplements: many }))).toEqual({
      supplements: ['Au maximum 20 éléments'],
    });
    expect(fieldErrors(await post({ supplements: [{ id: 'sup_nope', name: 'X', price: 1 }] }))).toEqual({
      'supplements.0.id': [MESSAGES.unknown],
    });
  });

  it('reports every broken rule at once, in English when asked', async () => {
    const response = await post(
      {
        name: '',
        duration: 0,
        price: -1,
        taxPercentage: -1,
        maxSeats: 0,
        colorCode: 'blue',
        minAge: 24,
        maxAge: 12,
      },
      { 'accept-language': 'en' },
    );
    expect(fieldErrors(response)).toEqual({
      name: ['This field is required'],
      duration: ['The value must be greater than 0'],
      price: ['The value cannot be negative'],
      taxPercentage: ['The value cannot be negative'],
      maxSeats: ['The value must be greater than 0'],
      colorCode: ['Please respect the value format'],
      minAge: ['The minimum age cannot be greater than the maximum age'],
    });
    expect((response.json() as { message: string }).message).toBe('The data provided is invalid.');
  });

  it('answers 400, never 5xx, for malformed bodies, and creates nothing', async () => {
    const before = (await list('manager', { includeArchived: 'true' })).json().total;
    for (const payload of ['null', '[]', '"x"', '{"a":', JSON.stringify({ ...VALID, supplements: 'x' })]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/blueprints',
        headers: {
          host: 'demo.localhost:3000',
          authorization: `Bearer ${tokens.manager}`,
          'x-organization-id': ORG,
          'content-type': 'application/json',
        },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
    expect(
      fieldErrors(await post({ duration: '60', price: 1.5, visibility: 'secret', maxSeats: null })),
    ).toMatchObject({
      duration: [MESSAGES.format],
      price: ['La valeur doit être un nombre entier'],
      visibility: [MESSAGES.format],
      maxSeats: [MESSAGES.required],
    });
    expect((await list('manager', { includeArchived: 'true' })).json().total).toBe(before);
  });
});

describe('editing an activity', () => {
  it('changes only the fields sent', async () => {
    const created = await create({ name: 'Bb Édition' });
    const response = await call('manager', 'PATCH', `/api/blueprints/${created.id}`, {
      body: { name: 'Bb Édition modifiée', price: 1500, visibility: 'protected', description: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Bb Édition modifiée',
      price: 1500,
      visibility: 'protected',
      description: null,
      duration: 45,
      supplements: created.supplements,
    });
    const unchanged = await call('manager', 'PATCH', `/api/blueprints/${created.id}`, { body: {} });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ name: 'Bb Édition modifiée' });
  });

  it('applies the same rules, and the age range against the stored other age', async () => {
    const created = await create({ name: 'Bb Âges', minAge: 6, maxAge: 36 });
    const patch = (body: unknown) => call('manager', 'PATCH', `/api/blueprints/${created.id}`, { body });
    expect(fieldErrors(await patch({ name: '', colorCode: '#12345' }))).toEqual({
      name: [MESSAGES.required],
      colorCode: [MESSAGES.format],
    });
    expect(fieldErrors(await patch({ duration: 0, maxSeats: 0, price: -1 }))).toEqual({
      duration: [MESSAGES.positive],
      maxSeats: [MESSAGES.positive],
      price: [MESSAGES.nonNegative],
    });
    expect(fieldErrors(await patch({ minAge: 48, maxAge: 36 }))).toEqual({ minAge: [MESSAGES.ages] });
    expect(fieldErrors(await patch({ minAge: 48 }))).toEqual({ minAge: [MESSAGES.ages] });
    expect(fieldErrors(await patch({ maxAge: 5 }))).toEqual({ minAge: [MESSAGES.ages] });
    const english = await call('manager', 'PATCH', `/api/blueprints/${created.id}`, {
      body: { minAge: 48 },
      headers: { 'accept-language': 'en' },
    });
    expect(fieldErrors(english)).toEqual({
      minAge: ['The minimum age cannot be greater than the maximum age'],
    });
    // Without a maximum, any minimum goes.
    expect((await patch({ maxAge: null })).statusCode).toBe(200);
    expect((await patch({ minAge: 48 })).json()).toMatchObject({ minAge: 48, maxAge: null });
  });

  it('needs the web address of an online activity, stored or sent', async () => {
    const created = await create({ name: 'Bb En ligne' });
    const patch = (body: unknown) => call('manager', 'PATCH', `/api/blueprints/${created.id}`, { body });
    expect(fieldErrors(await patch({ locationType: 'online' }))).toEqual({
      onlineLocation: [MESSAGES.required],
    });
    expect(fieldErrors(await patch({ onlineLocation: 'pas une adresse' }))).toEqual({
      onlineLocation: [MESSAGES.url],
    });
    expect((await patch({ onlineLocation: 'https://visio.example.org/a' })).statusCode).toBe(200);
    expect((await patch({ locationType: 'online' })).json()).toMatchObject({ locationType: 'online' });
    expect(fieldErrors(await patch({ onlineLocation: null }))).toEqual({
      onlineLocation: [MESSAGES.required],
    });
    expect((await call('manager', 'GET', `/api/blueprints/${created.id}`)).json()).toMatchObject({
      onlineLocation: 'https://visio.example.org/a',
    });
  });

  it('replaces the supplements: keeps those sent with an id, creates the others, deletes the missing', async () => {
    const created = await create({ name: 'Bb Suppléments' });
    const [bonnet, bebe] = created.supplements;
    const response = await call('manager', 'PATCH', `/api/blueprints/${created.id}`, {
      body: {
        supplements: [
          { name: 'Matériel', price: 250, frequency: 'per-session' },
          { id: bebe!.id, name: 'Bébé nageur (6-18 mois)', price: 550, minAge: 6, maxAge: 18 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const supplements = response.json().supplements;
    // The set sent replaces the stored one: a supplement sent without a frequency is charged once.
    expect(supplements).toEqual([
      {
        id: expect.stringMatching(/^sup_/),
        name: 'Matériel',
        price: 250,
        minAge: null,
        maxAge: null,
        frequency: 'per-session',
      },
      {
        id: bebe!.id,
        name: 'Bébé nageur (6-18 mois)',
        price: 550,
        minAge: 6,
        maxAge: 18,
        frequency: 'once',
      },
    ]);
    expect(supplements[0].id).not.toBe(bonnet!.id);
    const rows = await t.db
      .select()
      .from(blueprintSupplements)
      .where(and(eq(blueprintSupplements.organizationId, ORG), eq(blueprintSupplements.id, bonnet!.id)));
    expect(rows).toEqual([]);

    // An id of another activity's supplement, or a repeated one: 400 and nothing changes.
    const other = await create({ name: 'Bb Autres suppléments' });
    const foreign = await call('manager', 'PATCH', `/api/blueprints/${created.id}`, {
      body: { name: 'Bb Jamais', supplements: [{ id: other.supplements[0]!.id, name: 'Volé', price: 1 }] },
    });
    expect(fieldErrors(foreign)).toEqual({ 'supplements.0.id': [MESSAGES.unknown] });
    const twice = await call('manager', 'PATCH', `/api/blueprints/${created.id}`, {
      body: {
        supplements: [
          { id: bebe!.id, name: 'A', price: 1 },
          { id: bebe!.id, name: 'B', price: 2 },
        ],
      },
    });
    expect(fieldErrors(twice)).toEqual({ 'supplements.1.id': [MESSAGES.unknown] });
    const after = (await call('manager', 'GET', `/api/blueprints/${created.id}`)).json();
    expect(after.name).toBe('Bb Suppléments');
    expect(after.supplements).toEqual(supplements);
    expect((await call('manager', 'GET', `/api/blueprints/${other.id}`)).json().supplements).toEqual(
      other.supplements,
    );

    // An empty list removes them all.
    const cleared = await call('manager', 'PATCH', `/api/blueprints/${created.id}`, {
      body: { supplements: [] },
    });
    expect(cleared.json().supplements).toEqual([]);
  });

  it('answers 404 for an unknown activity', async () => {
    expect(
      (await call('manager', 'PATCH', '/api/blueprints/bp_nope', { body: { name: 'X' } })).statusCode,
    ).toBe(404);
    expect((await call('manager', 'GET', '/api/blueprints/bp_nope')).statusCode).toBe(404);
    expect((await call('manager', 'GET', `/api/blueprints/${'x'.repeat(200)}`)).statusCode).toBe(400);
  });
});

describe('archive instead of delete', () => {
  it('deletes an activity without sessions (204), with its supplements', async () => {
    const created = await create({ name: 'Bb À supprimer' });
    const response = await call('manager', 'DELETE', `/api/blueprints/${created.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('manager', 'GET', `/api/blueprints/${created.id}`)).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(blueprintSupplements)
      .where(
        and(eq(blueprintSupplements.organizationId, ORG), eq(blueprintSupplements.blueprintId, created.id)),
      );
    expect(rows).toEqual([]);
    expect((await call('manager', 'DELETE', `/api/blueprints/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete an activity with sessions (409, archive instead), then archives and unarchives it', async () => {
    const created = await create({ name: 'Bb Avec séances' });
    await addSession(created.id, new Date(Date.now() - 86_400_000), 'cancelled');
    const refused = await call('manager', 'DELETE', `/api/blueprints/${created.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'blueprint_has_sessions', message: MESSAGES.hasSessions });
    const english = await call('manager', 'DELETE', `/api/blueprints/${created.id}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe(
      'This activity already has sessions: it cannot be deleted. Archive it instead.',
    );
    expect((await call('manager', 'GET', `/api/blueprints/${created.id}`)).statusCode).toBe(200);

    const archived = await call('manager', 'POST', `/api/blueprints/${created.id}/archive`);
    expect(archived.statusCode).toBe(200);
    const archivedAt = archived.json().archivedAt;
    expect(typeof archivedAt).toBe('string');
    // Archiving again keeps the first date.
    expect((await call('manager', 'POST', `/api/blueprints/${created.id}/archive`)).json().archivedAt).toBe(
      archivedAt,
    );
    expect((await list('manager', { q: 'Bb Avec séances' })).json().total).toBe(0);
    const withArchived = (await list('manager', { q: 'Bb Avec séances', includeArchived: 'true' })).json();
    expect(withArchived.items.map((i: { id: string }) => i.id)).toEqual([created.id]);

    const restored = await call('manager', 'POST', `/api/blueprints/${created.id}/unarchive`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().archivedAt).toBeNull();
    expect((await list('manager', { q: 'Bb Avec séances' })).json().total).toBe(1);
  });
});

describe('the managing list', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = {
      a: (await create({ name: 'Lq Aquagym', visibility: 'public', establishmentId: 'est_piscine' })).id,
      b: (await create({ name: 'lq basket 100%', visibility: 'private', establishmentId: 'est_default' })).id,
      c: (
        await create({ name: 'Lq Cirque_enfants', visibility: 'protected', establishmentId: 'est_default' })
      ).id,
      d: (
        await create({
          name: 'Lq Danse',
          visibility: 'public',
          establishmentId: 'est_default',
          supplements: [],
        })
      ).id,
    };
    const day = 86_400_000;
    await addSession(ids.a!, new Date(Date.now() - 2 * day));
    await addSession(ids.a!, new Date(Date.now() + 1 * day), 'cancelled');
    await addSession(ids.a!, new Date(Date.now() + 3 * day), 'postponed');
    await addSession(ids.a!, new Date(Date.now() + 2 * day));
  });

  it('searches the name without regard to case, ordered by name, with establishment, supplements and sessions', async () => {
    const response = await list('manager', { q: 'LQ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(body.items.map((i: { name: string }) => i.name)).toEqual([
      'Lq Aquagym',
      'lq basket 100%',
      'Lq Cirque_enfants',
      'Lq Danse',
    ]);
    const aquagym = body.items[0];
    expect(aquagym).toMatchObject({
      id: ids.a,
      establishmentName: 'Piscine communale',
      supplementsCount: 2,
      futureSessionsCount: 2,
    });
    const soonest = Date.parse(aquagym.nextSessionStart);
    expect(soonest).toBeGreaterThan(Date.now() + 1.5 * 86_400_000);
    expect(soonest).toBeLessThan(Date.now() + 2.5 * 86_400_000);
    expect(body.items[3]).toMatchObject({
      supplementsCount: 0,
      futureSessionsCount: 0,
      nextSessionStart: null,
    });
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await list('manager', { q: '100%' })).json().items.map((i: { id: string }) => i.id)).toEqual([
      ids.b,
    ]);
    expect((await list('manager', { q: 'q_a' })).json().total).toBe(0);
    expect((await list('manager', { q: 'Lq %' })).json().total).toBe(0);
    expect((await list('manager', { q: 'e_e' })).json().items.map((i: { id: string }) => i.id)).toEqual([
      ids.c,
    ]);
  });

  it('filters by establishment and visibility', async () => {
    const byEstablishment = (await list('manager', { q: 'Lq', establishmentId: 'est_default' })).json();
    expect(byEstablishment.items.map((i: { id: string }) => i.id)).toEqual([ids.b, ids.c, ids.d]);
    const byVisibility = (await list('manager', { q: 'Lq', visibility: 'public' })).json();
    expect(byVisibility.items.map((i: { id: string }) => i.id)).toEqual([ids.a, ids.d]);
    expect((await list('manager', { q: 'Lq', establishmentId: 'est_nope' })).json().total).toBe(0);
  });

  it('pages', async () => {
    const second = (await list('manager', { q: 'Lq', page: '2', pageSize: '3' })).json();
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((i: { id: string }) => i.id)).toEqual([ids.d]);
    const beyond = (await list('manager', { q: 'Lq', page: '9', pageSize: '3' })).json();
    expect(beyond).toMatchObject({ total: 4, items: [] });
  });

  it('refuses bad query values (400)', async () => {
    const queries: Record<string, string>[] = [
      { pageSize: '101' },
      { pageSize: '0' },
      { page: '0' },
      { page: '-1' },
      { page: 'abc' },
      { visibility: 'secret' },
      { includeArchived: 'maybe' },
      { q: 'x'.repeat(101) },
    ];
    for (const query of queries) {
      expect((await list('manager', query)).statusCode, JSON.stringify(query)).toBe(400);
    }
    const response = await t.request('GET', '/api/blueprints?page=1&page=2&q[]=a', {
      token: tokens.manager,
      organizationId: ORG,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('hidden activities (drafts)', () => {
  it('are seen by their creator and the organisation managers, not by another establishment manager', async () => {
    const byManager = await create({ name: 'Hd Brouillon du gérant', visibility: 'hidden' });
    const byEstManager = await create(
      { name: 'Hd Brouillon du gérant d’établissement', visibility: 'hidden' },
      'estManager',
    );
    // The establishment manager's own draft: theirs to see and change.
    expect((await call('estManager', 'GET', `/api/blueprints/${byEstManager.id}`)).statusCode).toBe(200);
    expect(
      (await call('estManager', 'PATCH', `/api/blueprints/${byEstManager.id}`, { body: { price: 1 } }))
        .statusCode,
    ).toBe(200);
    // The organisation manager's draft in the establishment manager's establishment stays hidden from them.
    expect((await call('estManager', 'GET', `/api/blueprints/${byManager.id}`)).statusCode).toBe(404);
    expect(
      (await call('estManager', 'PATCH', `/api/blueprints/${byManager.id}`, { body: { price: 1 } }))
        .statusCode,
    ).toBe(404);
    expect((await call('estManager', 'DELETE', `/api/blueprints/${byManager.id}`)).statusCode).toBe(404);
    const seenByEstManager = (await list('estManager', { q: 'Hd ' })).json();
    expect(seenByEstManager.items.map((i: { id: string }) => i.id)).toEqual([byEstManager.id]);
    // Managers see both.
    for (const who of ['manager', 'admin', 'support'] as const) {
      expect((await list(who, { q: 'Hd ' })).json().total, who).toBe(2);
    }
    // Once published, the establishment manager sees it.
    await call('manager', 'PATCH', `/api/blueprints/${byManager.id}`, { body: { visibility: 'private' } });
    expect((await call('estManager', 'GET', `/api/blueprints/${byManager.id}`)).statusCode).toBe(200);
  });
});

describe('rights per role', () => {
  let defaultBlueprint: string;
  let piscineBlueprint: string;
  beforeAll(async () => {
    defaultBlueprint = (await create({ name: 'Rt Football', establishmentId: 'est_default' })).id;
    piscineBlueprint = (await create({ name: 'Rt Natation', establishmentId: 'est_piscine' })).id;
  });

  it('refuses families and holders the managing calls (403)', async () => {
    for (const who of ['parent', 'holder'] as const) {
      expect((await list(who, {})).statusCode, who).toBe(403);
      expect((await call(who, 'POST', '/api/blueprints', { body: VALID })).statusCode, who).toBe(403);
      expect(
        (await call(who, 'PATCH', `/api/blueprints/${defaultBlueprint}`, { body: { name: 'X' } })).statusCode,
        who,
      ).toBe(403);
      expect((await call(who, 'POST', `/api/blueprints/${defaultBlueprint}/archive`)).statusCode, who).toBe(
        403,
      );
      expect((await call(who, 'POST', `/api/blueprints/${defaultBlueprint}/unarchive`)).statusCode, who).toBe(
        403,
      );
      expect((await call(who, 'DELETE', `/api/blueprints/${defaultBlueprint}`)).statusCode, who).toBe(403);
    }
    expect((await call('parent', 'GET', `/api/blueprints/${defaultBlueprint}`)).statusCode).toBe(403);
    expect((await call('manager', 'GET', `/api/blueprints/${defaultBlueprint}`)).json().name).toBe(
      'Rt Football',
    );
  });

  it('lets a holder read only the activities they hold a session of', async () => {
    expect((await call('holder', 'GET', `/api/blueprints/${defaultBlueprint}`)).statusCode).toBe(404);
    const serviceId = await addSession(defaultBlueprint, new Date(Date.now() + 86_400_000));
    await t.db.insert(prestations).values({
      organizationId: ORG,
      id: 'prs_blueprinttest',
      serviceId,
      holderUserId,
    });
    const read = await call('holder', 'GET', `/api/blueprints/${defaultBlueprint}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().name).toBe('Rt Football');
    expect((await call('holder', 'GET', `/api/blueprints/${piscineBlueprint}`)).statusCode).toBe(404);
  });

  it('confines an establishment manager to their establishment', async () => {
    // Creating elsewhere: 403, and nothing is created.
    const elsewhere = await call('estManager', 'POST', '/api/blueprints', {
      body: { ...VALID, name: 'Rt Ailleurs', establishmentId: 'est_default' },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await list('manager', { q: 'Rt Ailleurs', includeArchived: 'true' })).json().total).toBe(0);
    // Without an establishment, their own is taken.
    const own = await call('estManager', 'POST', '/api/blueprints', {
      body: { ...omit('establishmentId'), name: 'Rt Chez moi' },
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().establishmentId).toBe('est_piscine');
    // Another establishment's activity: 404 for every call, and it is unchanged.
    expect((await call('estManager', 'GET', `/api/blueprints/${defaultBlueprint}`)).statusCode).toBe(404);
    expect(
      (
        await call('estManager', 'PATCH', `/api/blueprints/${defaultBlueprint}`, {
          body: { name: 'Rt Pris' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('estManager', 'POST', `/api/blueprints/${defaultBlueprint}/archive`)).statusCode).toBe(
      404,
    );
    expect((await call('estManager', 'DELETE', `/api/blueprints/${defaultBlueprint}`)).statusCode).toBe(404);
    expect((await call('manager', 'GET', `/api/blueprints/${defaultBlueprint}`)).json()).toMatchObject({
      name: 'Rt Football',
      archivedAt: null,
    });
    // Moving their own activity out of their establishment: 403.
    expect(
      (
        await call('estManager', 'PATCH', `/api/blueprints/${piscineBlueprint}`, {
          body: { establishmentId: 'est_default' },
        })
      ).statusCode,
    ).toBe(403);
    // Their list holds only their establishment's activities, whatever the filter says.
    const listed = (await list('estManager', { q: 'Rt ' })).json();
    expect(listed.items.map((i: { name: string }) => i.name)).toEqual(['Rt Chez moi', 'Rt Natation']);
    expect((await list('estManager', { q: 'Rt ', establishmentId: 'est_default' })).json().total).toBe(0);
    // Within it, they manage freely.
    const edited = await call('estManager', 'PATCH', `/api/blueprints/${piscineBlueprint}`, {
      body: { name: 'Rt Natation adultes' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await call('estManager', 'DELETE', `/api/blueprints/${own.json().id}`)).statusCode).toBe(204);
  });

  it('lets managers, admins and system staff acting in the organisation manage everything', async () => {
    for (const who of ['admin', 'manager', 'sysadmin', 'support'] as const) {
      const created = await call(who, 'POST', '/api/blueprints', {
        body: { ...VALID, name: `Rt Par ${who}`, establishmentId: 'est_default' },
      });
      expect(created.statusCode, `${who} ${created.body}`).toBe(201);
      const id = created.json().id;
      expect((await call(who, 'GET', `/api/blueprints/${id}`)).statusCode, who).toBe(200);
      expect(
        (await call(who, 'PATCH', `/api/blueprints/${id}`, { body: { price: 0 } })).statusCode,
        who,
      ).toBe(200);
      expect((await call(who, 'POST', `/api/blueprints/${id}/archive`)).statusCode, who).toBe(200);
      expect((await call(who, 'DELETE', `/api/blueprints/${id}`)).statusCode, who).toBe(204);
      expect((await list(who, { q: 'Rt Football' })).json().total, who).toBe(1);
    }
  });

  it("answers 404 for another organisation's activity and leaves it unchanged", async () => {
    for (const who of ['admin', 'manager', 'estManager'] as const) {
      expect((await call(who, 'GET', `/api/blueprints/${otherOrgBlueprintId}`)).statusCode, who).toBe(404);
      expect(
        (await call(who, 'PATCH', `/api/blueprints/${otherOrgBlueprintId}`, { body: { name: 'Pris' } }))
          .statusCode,
        who,
      ).toBe(404);
      expect(
        (await call(who, 'POST', `/api/blueprints/${otherOrgBlueprintId}/archive`)).statusCode,
        who,
      ).toBe(404);
      expect((await call(who, 'DELETE', `/api/blueprints/${otherOrgBlueprintId}`)).statusCode, who).toBe(404);
      expect((await list(who, { q: 'Bb Autre organisation' })).json().total, who).toBe(0);
    }
    // System staff acting in the demo organisation do not reach it either.
    expect((await call('sysadmin', 'GET', `/api/blueprints/${otherOrgBlueprintId}`)).statusCode).toBe(404);
    const own = await call('sysadmin', 'GET', `/api/blueprints/${otherOrgBlueprintId}`, {
      org: 'org_sysadmin',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'Bb Autre organisation', archivedAt: null });
    // A demo manager naming the other organisation in the header is refused before anything.
    expect(
      (await call('manager', 'GET', `/api/blueprints/${otherOrgBlueprintId}`, { org: 'org_sysadmin' }))
        .statusCode,
    ).toBe(403);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('GET', '/api/blueprints')).statusCode).toBe(401);
    expect((await t.request('POST', '/api/blueprints', { body: VALID })).statusCode).toBe(401);
    expect((await t.request('DELETE', `/api/blueprints/${defaultBlueprint}`)).statusCode).toBe(401);
  });
});
