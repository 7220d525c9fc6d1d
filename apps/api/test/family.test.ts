import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';
import { recordingClient, fieldErrors as fields } from './helpers/recording-client';

/* The members of a family (`/me/delegated`): what a family does for itself, and nobody else. */

let t: TestApp;
const { tokens, statuses, call, as } = recordingClient(() => t);
let parentMemberId: string;
let otherOrgChildId: string;

const OTHER_HOST = 'othertown.localhost:3000';

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  gender: 'F',
  firstName: 'Nina',
  lastName: 'Lemaire',
  birthdate: '1987-08-09',
  address: 'Rue des Tanneurs 5',
  city: 'Liège',
  postalCode: '4000',
  country: 'BEL',
  phoneNumber: '+32 475 55 66 77',
  email,
  password: 'Secret123',
  confirmPassword: 'Secret123',
  ...extra,
});

const child = { gender: 'F', firstName: 'Manon', lastName: 'Peeters', birthdate: '2017-05-04' };

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]) {
    const host = kind === 'sysadmin' || kind === 'support' ? ADMIN_HOST : undefined;
    const session = await t.signIn(DEMO_ACCOUNTS[kind], undefined, host);
    tokens[kind] = session.accessToken;
    if (kind === 'parent') parentMemberId = session.user.memberId;
  }
  const neighbour = await call('POST', '/api/auth/sign-up', { body: signUpBody('voisine@example.be') });
  tokens.neighbour = neighbour.json().accessToken;

  // A family of another organisation, with a child of its own.
  await t.db
    .insert(organizations)
    .values({ id: 'org_othertown', key: 'othertown', name: 'Club de Othertown' });
  await t.database.query(
    `insert into establishments (organization_id, id, name) values ('org_othertown', 'est_default', 'Salle')`,
  );
  const other = await call('POST', '/api/auth/sign-up', {
    host: OTHER_HOST,
    body: signUpBody('other@example.be'),
  });
  tokens.other = other.json().accessToken;
  const created = await call('POST', '/api/me/delegated', {
    host: OTHER_HOST,
    token: tokens.other,
    organizationId: 'org_othertown',
    body: child,
  });
  otherOrgChildId = created.json().id;
});

afterAll(async () => {
  expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
  await t.close();
});

describe('family members of the caller (GET, POST /me/delegated)', () => {
  it("lists the family's members, a page at a time, without the adults", async () => {
    const r = await as('parent', 'GET', '/api/me/delegated');
    expect(r.statusCode).toBe(200);
    const list = r.json();
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(list.items.map((m: { firstName: string }) => m.firstName)).toEqual(['Léa', 'Tom']);
    expect(list.items[0]).toMatchObject({ lastName: 'Peeters', birthdate: '2016-03-14', isHolder: false });
    expect(list.items.some((m: { id: string }) => m.id === parentMemberId)).toBe(false);

    const second = await as('parent', 'GET', '/api/me/delegated', undefined, {
      query: { page: '2', pageSize: '1' },
    });
    expect(second.json()).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ firstName: 'Tom' }] });
    const bad = await as('parent', 'GET', '/api/me/delegated', undefined, { query: { pageSize: '500' } });
    expect(bad.statusCode).toBe(400);
  });

  it('adds a child with identity only, audits member-created and records the onboarding step', async () => {
    const before = (await as('neighbour', 'GET', '/api/me/user')).json();
    expect(before.onboardingAchievements).toBe('');
    const r = await as('neighbour', 'POST', '/api/me/delegated', {
      ...child,
      firstName: 'Arthur',
      lastName: 'Lemaire',
    });
    expect(r.statusCode).toBe(201);
    const created = r.json();
    expect(created).toMatchObject({
      firstName: 'Arthur',
      lastName: 'Lemaire',
      birthdate: '2017-05-04',
      email: null,
      phoneNumber: null,
      country: null,
    });
    const audit = await t.database.query<{ type: string; actor_user_id: string; subject_type: string }>(
      `select type, actor_user_id, subject_type from audit_events where subject_id = $1`,
      [created.id],
    );
    expect(audit).toEqual([{ type: 'member-created', actor_user_id: before.id, subject_type: 'member' }]);
    expect((await as('neighbour', 'GET', '/api/me/user')).json().onboardingAchievements).toBe(
      'added-family-members',
    );

    // With full contact details, '' meaning "not given" for the rest.
    const full = await as('neighbour', 'POST', '/api/me/delegated', {
      ...child,
      firstName: 'Jeanne',
      country: 'LUX',
      postalCode: 'L-1234',
      phoneNumber: '621 123 456',
      email: ' Jeanne@Example.lu ',
      address: '',
    });
    expect(full.statusCode).toBe(201);
    expect(full.json()).toMatchObject({
      country: 'LUX',
      postalCode: 'L-1234',
      email: 'jeanne@example.lu',
      address: null,
    });
    expect((await as('neighbour', 'GET', '/api/me/user')).json().onboardingAchievements).toBe(
      'added-family-members',
    );
  });

  it('reports each broken rule with the French messages, and writes nothing', async () => {
    const count = async () =>
      Number((await t.database.query<{ n: string }>('select count(*) as n from members'))[0]!.n);
    const before = await count();
    const empty = await as('parent', 'POST', '/api/me/delegated', {});
    expect(empty.statusCode).toBe(400);
    expect(fields(empty)).toEqual({
      gender: 'Ce champs est requis',
      firstName: 'Ce champs est requis',
      lastName: 'Ce champs est requis',
      birthdate: 'Ce champs est requis',
    });
    const wrong = await as('parent', 'POST', '/api/me/delegated', {
      gender: 'X',
      firstName: 'L',
      lastName: 'P',
      birthdate: '2999-01-01',
      address: 'Rue',
      city: 'B',
      postalCode: '123',
      country: 'DEU',
      phoneNumber: '0470/12',
      email: 'pas-une-adresse',
    });
    expect(fields(wrong)).toEqual({
      gender: 'Genre invalide',
      firstName: 'Ce champ doit contenir au moins 2 caractères',
      lastName: 'Ce champ doit contenir au moins 2 caractères',
      birthdate: 'La date ne peut pas être dans le futur',
      address: 'Ce champ doit contenir au moins 5 caractères',
      city: 'Ce champ doit contenir au moins 2 caractères',
      postalCode: 'Ce champ doit contenir au moins 4 caractères',
      country: 'Pays invalide',
      phoneNumber: 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et + . -',
      email: 'Adresse e-mail invalide',
    });
    const byCountry = await as('parent', 'POST', '/api/me/delegated', {
      ...child,
      country: 'BEL',
      postalCode: '12345',
      phoneNumber: '+32 12 34',
      birthdate: '2017-02-30',
    });
    expect(fields(byCountry)).toEqual({
      birthdate: 'Date invalide (format AAAA-MM-JJ)',
      postalCode: 'Code postal invalide pour le pays choisi',
      phoneNumber: 'Numéro de téléphone invalide pour le pays choisi',
    });
    expect((await as('parent', 'POST', '/api/me/delegated', [child])).statusCode).toBe(400);
    expect(
      (await as('parent', 'POST', '/api/me/delegated', { ...child, firstName: 'Ma\u0000non' })).statusCode,
    ).toBe(400);
    expect(await count()).toBe(before);
  });

  it('applies the English rules and messages to an English caller', async () => {
    const r = await as(
      'parent',
      'POST',
      '/api/me/delegated',
      { ...child, firstName: 'L', country: 'FRA', postalCode: '4000' },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(r.statusCode).toBe(400);
    expect(fields(r)).toEqual({ postalCode: 'Invalid postal code for the chosen country' });
  });
});

describe('one family member (PATCH, DELETE /me/delegated/:id)', () => {
  let memberId: string;
  beforeAll(async () => {
    memberId = (
      await as('parent', 'POST', '/api/me/delegated', { ...child, country: 'BEL', postalCode: '1040' })
    ).json().id;
  });

  it('edits the given fields with the person rules', async () => {
    const r = await as('parent', 'PATCH', `/api/me/delegated/${memberId}`, {
      firstName: 'Manon-Lou',
      city: 'Etterbeek',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      id: memberId,
      firstName: 'Manon-Lou',
      city: 'Etterbeek',
      birthdate: '2017-05-04',
    });
    expect((await as('parent', 'GET', `/api/me/delegated/${memberId}`)).json().firstName).toBe('Manon-Lou');

    const bad = await as('parent', 'PATCH', `/api/me/delegated/${memberId}`, {
      firstName: 'M',
      gender: null,
    });
    expect(fields(bad)).toEqual({
      firstName: 'Ce champ doit contenir au moins 2 caractères',
      gender: 'Ce champs est requis',
    });
  });

  it('checks a new country against the stored postal code and phone number', async () => {
    const moved = await as('parent', 'PATCH', `/api/me/delegated/${memberId}`, { country: 'FRA' });
    expect(moved.statusCode).toBe(400);
    expect(fields(moved)).toEqual({ postalCode: 'Code postal invalide pour le pays choisi' });
    const ok = await as('parent', 'PATCH', `/api/me/delegated/${memberId}`, {
      country: 'FRA',
      postalCode: '59000',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ country: 'FRA', postalCode: '59000' });
    const phone = await as('parent', 'PATCH', `/api/me/delegated/${memberId}`, { phoneNumber: '0470 12 34' });
    expect(fields(phone)).toEqual({ phoneNumber: 'Numéro de téléphone invalide pour le pays choisi' });
    const cleared = await as('parent', 'PATCH', `/api/me/delegated/${memberId}`, {
      country: null,
      postalCode: '',
    });
    expect(cleared.json()).toMatchObject({ country: null, postalCode: null });
  });

  it('removes the member from the family, keeping the row', async () => {
    expect(
      (
        await as('parent', 'DELETE', `/api/me/delegated/${memberId}`, undefined, {
          query: { confirm: 'maybe' },
        })
      ).statusCode,
    ).toBe(400);
    const r = await as('parent', 'DELETE', `/api/me/delegated/${memberId}`);
    expect(r.statusCode).toBe(204);
    const list = (await as('parent', 'GET', '/api/me/delegated')).json();
    expect(list.items.some((m: { id: string }) => m.id === memberId)).toBe(false);
    const [row] = await t.database.query<{ deleted_at: Date | null; first_name: string }>(
      'select deleted_at, first_name from members where id = $1',
      [memberId],
    );
    expect(row!.deleted_at).not.toBeNull();
    expect(row!.first_name).toBe('Manon-Lou');
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect(
        (
          await as(
            'parent',
            method,
            `/api/me/delegated/${memberId}`,
            method === 'PATCH' ? { city: 'Namur' } : undefined,
          )
        ).statusCode,
      ).toBe(404);
    }
  });

  it('removes with ?confirm=true as well (no registrations exist yet)', async () => {
    const id = (await as('parent', 'POST', '/api/me/delegated', { ...child, firstName: 'Inès' })).json().id;
    const r = await as('parent', 'DELETE', `/api/me/delegated/${id}`, undefined, {
      query: { confirm: 'true' },
    });
    expect(r.statusCode).toBe(204);
  });
});

describe('who may reach a family member', () => {
  let leaId: string;
  beforeAll(async () => {
    leaId = (await as('parent', 'GET', '/api/me/delegated')).json().items[0].id;
  });

  it('never lets another family read, edit or remove a member (404), and changes nothing', async () => {
    for (const who of ['neighbour', 'holder']) {
      expect((await as(who, 'GET', `/api/me/delegated/${leaId}`)).statusCode).toBe(404);
      expect((await as(who, 'PATCH', `/api/me/delegated/${leaId}`, { firstName: 'Pirate' })).statusCode).toBe(
        404,
      );
      expect((await as(who, 'DELETE', `/api/me/delegated/${leaId}`)).statusCode).toBe(404);
      const own = (await as(who, 'GET', '/api/me/delegated')).json();
      expect(own.items.some((m: { id: string }) => m.id === leaId)).toBe(false);
    }
    expect((await as('parent', 'GET', `/api/me/delegated/${leaId}`)).json().firstName).toBe('Léa');
  });

  it("treats the adults' own persons and unknown ids as unknown members", async () => {
    expect((await as('parent', 'GET', `/api/me/delegated/${parentMemberId}`)).statusCode).toBe(404);
    expect((await as('parent', 'DELETE', `/api/me/delegated/${parentMemberId}`)).statusCode).toBe(404);
    expect((await as('parent', 'GET', '/api/me/delegated/mbr_unknown')).statusCode).toBe(404);
    expect((await as('parent', 'GET', `/api/me/delegated/${'x'.repeat(150)}`)).statusCode).toBe(400);
  });

  it("keeps other organisations' families apart", async () => {
    // The other organisation's child does not exist for the demo family...
    expect((await as('parent', 'GET', `/api/me/delegated/${otherOrgChildId}`)).statusCode).toBe(404);
    expect(
      (await as('parent', 'PATCH', `/api/me/delegated/${otherOrgChildId}`, { city: 'Namur' })).statusCode,
    ).toBe(404);
    // ...and a family of another organisation cannot act in the demo one.
    const cross = await call('GET', '/api/me/delegated', { token: tokens.other, organizationId: 'org_demo' });
    expect(cross.statusCode).toBe(403);
    const own = await call('GET', '/api/me/delegated', {
      host: OTHER_HOST,
      token: tokens.other,
      organizationId: 'org_othertown',
    });
    expect(own.json().items.map((m: { id: string }) => m.id)).toEqual([otherOrgChildId]);
  });

  it('lets a holder manage their own family', async () => {
    const r = await as('holder', 'POST', '/api/me/delegated', { ...child, lastName: 'Martin' });
    expect(r.statusCode).toBe(201);
    expect((await as('holder', 'GET', '/api/me/delegated')).json().total).toBe(1);
  });

  it('refuses managers and system staff (403): they manage families through /members', async () => {
    for (const who of ['admin', 'manager', 'estManager', 'sysadmin', 'support']) {
      expect((await as(who, 'GET', '/api/me/delegated')).statusCode).toBe(403);
      expect((await as(who, 'POST', '/api/me/delegated', child)).statusCode).toBe(403);
      expect((await as(who, 'PATCH', `/api/me/delegated/${leaId}`, { city: 'Namur' })).statusCode).toBe(403);
      expect((await as(who, 'DELETE', `/api/me/delegated/${leaId}`)).statusCode).toBe(403);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', '/api/me/delegated')).statusCode).toBe(401);
    expect((await call('POST', '/api/me/delegated', { body: child })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/me/delegated/${leaId}`)).statusCode).toBe(401);
  });
});
