import { canGrantRole, grantableRoles, ROLES, type Role } from '@inscrio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

/*
 * The members administration, writing side: creating accounts with family members and an invitation,
 * the role granting rules, editing an account, and the holder flag.
 */

type Who = 'admin' | 'manager' | 'estManager' | 'holder' | 'parent' | 'support' | 'sysadmin';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const ids = {} as Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'manager', 'estManager', 'holder', 'parent'] as const) {
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
  }
  tokens.support = (await t.signIn(DEMO_ACCOUNTS.support, undefined, ADMIN_HOST)).accessToken;
  tokens.sysadmin = (await t.signIn(DEMO_ACCOUNTS.sysadmin, undefined, ADMIN_HOST)).accessToken;
  const rows = await t.database.query<{ id: string; email: string }>(
    `select id, email from users where organization_id = 'org_demo'`,
  );
  for (const row of rows) ids[row.email] = row.id;
});
afterAll(() => t.close());

const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) =>
  t.request(method, url, {
    token: tokens[who],
    organizationId: 'org_demo',
    host: who === 'support' || who === 'sysadmin' ? ADMIN_HOST : undefined,
    ...options,
  });

let sequence = 0;
/** A valid person form for a new account, with a fresh e-mail. */
const person = (overrides: Record<string, unknown> = {}) => ({
  gender: 'F',
  firstName: 'Nora',
  lastName: 'Vermeulen',
  birthdate: '1988-02-14',
  address: 'Rue Neuve 12',
  city: 'Bruxelles',
  postalCode: '1000',
  country: 'BEL',
  phoneNumber: '+32 470 12 34 56',
  email: `new-member-${++sequence}@demo.test`,
  ...overrides,
});

const child = (firstName: string, birthdate: string) => ({
  gender: 'M',
  firstName,
  lastName: 'Vermeulen',
  birthdate,
});

const create = (who: Who, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(who, 'POST', '/api/members', { body: { person: person(), ...body }, headers });

const userCount = async () =>
  Number((await t.database.query<{ n: string }>(`select count(*) as n from users`))[0]!.n);

describe('POST /members', () => {
  it('creates an account with family members, audits it, and mails an invitation that sets the password', async () => {
    const email = 'Famille.Vermeulen@demo.test';
    const r = await call('manager', 'POST', '/api/members', {
      body: {
        person: person({ email }),
        sendInvitation: true,
        familyMembers: [
          child('Milo', '2015-05-20'),
          { ...child('Ella', '2019-09-09'), gender: 'F', country: '', phoneNumber: null },
        ],
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    const created = r.json();
    expect(created).toMatchObject({
      email: 'famille.vermeulen@demo.test',
      displayName: 'Nora Vermeulen',
      role: 'user',
      isHolder: false,
      establishment: { id: 'est_default', name: 'Complexe sportif principal' },
      hasPassword: false,
      lastLoginAt: null,
      representatives: [],
    });
    expect(created.family.map((m: { firstName: string }) => m.firstName)).toEqual(['Milo', 'Ella']);
    expect(created.family[1]).toMatchObject({ country: null, phoneNumber: null, address: null });
    expect(created.family[0].ageText).toMatch(/ans$/);

    const managerId = ids[DEMO_ACCOUNTS.manager];
    const audit = await t.database.query<{ type: string; actor_user_id: string; subject_id: string }>(
      `select type, actor_user_id, subject_id from audit_events
        where organization_id = 'org_demo' and type in ('user-created', 'member-created')
          and (subject_id = $1 or data->>'userId' = $1) order by type desc, subject_id`,
      [created.userId],
    );
    expect(audit.map((a) => a.type)).toEqual(['user-created', 'member-created', 'member-created']);
    expect(audit.every((a) => a.actor_user_id === managerId)).toBe(true);
    expect(
      audit
        .slice(1)
        .map((a) => a.subject_id)
        .sort(),
    ).toEqual(created.family.map((m: { id: string }) => m.id).sort());

    const [link] = await t.database.query<{ purpose: string; days: number }>(
      `select purpose, extract(epoch from expires_at - created_at) / 86400 as days
         from password_reset_tokens where user_id = $1`,
      [created.userId],
    );
    expect(link!.purpose).toBe('invitation');
    expect(Math.round(Number(link!.days))).toBe(7);

    const mail = await t.waitForMail('famille.vermeulen@demo.test');
    expect(mail.subject).toBe('Votre compte sur Club Sportif Démo');
    expect(mail.text).toContain('Bonjour Nora,');
    const url = /http:\/\/demo\.localhost:3000\/reset-password\?token=([\w-]+)&invitation=1/.exec(mail.text);
    expect(url, mail.text).not.toBeNull();
    const token = url![1]!;

    // Before choosing a password, a password sign-in fails; the link sets it once.
    expect(
      (
        await t.request('POST', '/api/auth/sign-in/password', {
          body: { email: 'famille.vermeulen@demo.test', password: 'Bienvenue2026' },
        })
      ).statusCode,
    ).toBe(401);
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { resetPasswordToken: token, password: 'Bienvenue2026' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    const signedIn = await t.signIn('famille.vermeulen@demo.test', 'Bienvenue2026');
    expect(signedIn.user.id).toBe(created.userId);
    const again = await t.request('POST', '/api/auth/reset-password', {
      body: { resetPasswordToken: token, password: 'Autre12345' },
    });
    expect(again.statusCode).toBe(400);
    const after = (await call('manager', 'GET', `/api/members/${created.userId}`)).json();
    expect(after.hasPassword).toBe(true);
    expect(after.lastLoginAt).not.toBeNull();
  });

  it('sends nothing without sendInvitation, and the invitation link expires after 7 days', async () => {
    const quiet = await create('manager', { person: person({ email: 'quiet@demo.test' }) });
    expect(quiet.statusCode).toBe(201);
    const links = await t.database.query(`select 1 from password_reset_tokens where user_id = $1`, [
      quiet.json().userId,
    ]);
    expect(links).toHaveLength(0);

    const late = await create('manager', {
      person: person({ email: 'late@demo.test' }),
      sendInvitation: true,
    });
    expect(late.statusCode).toBe(201);
    const mail = await t.waitForMail('late@demo.test');
    const token = /token=([\w-]+)&invitation=1/.exec(mail.text)![1]!;
    t.clock.advance(7 * 24 * 3600_000 + 60_000);
    try {
      const r = await t.request('POST', '/api/auth/reset-password', {
        body: { resetPasswordToken: token, password: 'Bienvenue2026' },
      });
      expect(r.statusCode).toBe(400);
    } finally {
      t.clock.advance(-(7 * 24 * 3600_000 + 60_000));
    }
    expect(t.inbox.mailsTo('quiet@demo.test')).toHaveLength(0);
  });

  it('answers 409 for an e-mail already in use, whatever its case, creating nothing', async () => {
    const before = await userCount();
    for (const email of [DEMO_ACCOUNTS.parent, 'PARENT@demo.test', 'Sarah.Janssens@demo.test']) {
      const r = await create('manager', {
        person: person({ email }),
        familyMembers: [child('Tim', '2016-01-01')],
      });
      expect(r.statusCode, email).toBe(409);
      expect(r.json().error).toBe('email_taken');
      expect(r.json().message).toBe('Un compte existe déjà avec cette adresse e-mail.');
    }
    expect(await userCount()).toBe(before);
  });

  it('applies the role granting rules', async () => {
    const cases: [Who, Role, number][] = [
      ['manager', 'admin', 403],
      ['manager', 'support', 403],
      ['manager', 'org-manager', 201],
      ['manager', 'est-manager', 201],
      ['estManager', 'est-manager', 403],
      ['estManager', 'org-manager', 403],
      ['support', 'admin', 403],
      ['support', 'support', 403],
      ['support', 'org-manager', 201],
      ['admin', 'support', 201],
      ['admin', 'admin', 201],
      ['sysadmin', 'admin', 201],
    ];
    for (const [who, role, status] of cases) {
      const r = await create(who, { role });
      expect(r.statusCode, `${who} → ${role}: ${r.body}`).toBe(status);
      if (status === 201) expect(r.json().role).toBe(role);
    }
  });

  it('keeps an establishment manager to their establishment: default there, 403 elsewhere', async () => {
    const before = await userCount();
    const elsewhere = await create('estManager', { establishmentId: 'est_default' });
    expect(elsewhere.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
    const own = await create('estManager', { isHolder: true, familyMembers: [child('Sam', '2017-03-03')] });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({
      establishment: { id: 'est_piscine', name: 'Piscine communale' },
      isHolder: true,
      role: 'user',
    });
    const explicit = await create('estManager', { establishmentId: 'est_piscine' });
    expect(explicit.statusCode).toBe(201);
    const forManager = await create('manager', { establishmentId: 'est_piscine' });
    expect(forManager.json().establishment.id).toBe('est_piscine');
  });

  it('refuses bad input per field with French messages, creating nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { person: person({ firstName: 'A' }) },
        'person.firstName',
        'Ce champ doit contenir au moins 2 caractères',
      ],
      [{ person: person({ lastName: '' }) }, 'person.lastName', 'Ce champs est requis'],
      [{ person: person({ email: 'not-an-email' }) }, 'person.email', 'Adresse e-mail invalide'],
      [
        { person: person({ birthdate: '2099-01-01' }) },
        'person.birthdate',
        'La date ne peut pas être dans le futur',
      ],
      [
        { person: person({ birthdate: '2001-02-30' }) },
        'person.birthdate',
        'Date invalide (format AAAA-MM-JJ)',
      ],
      [
        { person: person({ address: 'Rue' }) },
        'person.address',
        'Ce champ doit contenir au moins 5 caractères',
      ],
      [{ person: person({ gender: undefined }) }, 'person.gender', 'Ce champs est requis'],
      [{ person: undefined }, 'person', 'Ce champs est requis'],
      [{ role: 'king' }, 'role', 'Choisissez une des valeurs proposées'],
      [{ isHolder: 'yes' }, 'isHolder', 'La valeur doit être vrai ou faux'],
      [{ sendInvitation: 1 }, 'sendInvitation', 'La valeur doit être vrai ou faux'],
      [{ establishmentId: '' }, 'establishmentId', 'Ce champs est requis'],
      [
        { establishmentId: 'est_nowhere' },
        'establishmentId',
        "Cet élément n'existe pas ou n'est plus disponible",
      ],
      [
        { role: 'org-manager', isHolder: true },
        'isHolder',
        'Seul un utilisateur basique peut être titulaire',
      ],
      [{ familyMembers: 'Milo' }, 'familyMembers', 'La valeur doit être une liste'],
      [
        { familyMembers: Array.from({ length: 11 }, (_, i) => child(`Enfant${i}`, '2015-01-01')) },
        'familyMembers',
        'Au maximum 10 éléments',
      ],
      [
        { familyMembers: [{ ...child('Milo', '2015-01-01'), birthdate: undefined }] },
        'familyMembers.0.birthdate',
        'Ce champs est requis',
      ],
      [
        {
          familyMembers: [
            child('Milo', '2015-01-01'),
            { ...child('Ella', '2016-01-01'), email: 'x@nowhere' },
          ],
        },
        'familyMembers.1.email',
        'Adresse e-mail invalide',
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await call('admin', 'POST', '/api/members', { body: { person: person(), ...body } });
      expect(r.statusCode, `${field}: ${r.body}`).toBe(400);
      expect(r.json().details, field).toContainEqual(expect.objectContaining({ field, message }));
    }
    for (const body of [
      null,
      [],
      'text',
      { person: 'x' },
      { person: { ...person(), extra: { deep: [1] } } },
    ]) {
      const r = await call('admin', 'POST', '/api/members', { body: body as never });
      expect(r.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await userCount()).toBe(before + 1); // only the last one, whose extra key is ignored
  });

  it('answers in English with the English rules', async () => {
    const r = await create(
      'admin',
      { person: person({ firstName: 'A', email: 'not-an-email' }) },
      { 'accept-language': 'en' },
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().details).toEqual([
      expect.objectContaining({ field: 'person.email', message: 'Invalid e-mail address' }),
    ]);
  });
});

describe('PATCH /members/{userId}', () => {
  let memberId: string;
  beforeAll(async () => {
    memberId = (await create('admin', { person: person({ email: 'editable@demo.test' }) })).json().userId;
  });

  it('changes person fields with the person rules, and the e-mail when free', async () => {
    const r = await call('manager', 'PATCH', `/api/members/${memberId}`, {
      body: { person: { city: 'Namur', postalCode: '5000', email: 'Edited@demo.test' } },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      email: 'edited@demo.test',
      person: { city: 'Namur', postalCode: '5000', firstName: 'Nora' },
    });
    const taken = await call('manager', 'PATCH', `/api/members/${memberId}`, {
      body: { person: { email: DEMO_ACCOUNTS.holder } },
    });
    expect(taken.statusCode).toBe(409);
    const bad = await call('manager', 'PATCH', `/api/members/${memberId}`, {
      body: { person: { firstName: 'Z', country: 'DEU' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['person.country', 'person.firstName']);
    for (const body of [{}, { person: {} }]) {
      const empty = await call('manager', 'PATCH', `/api/members/${memberId}`, { body });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details[0].message).toBe('Ce champs est requis');
    }
    expect((await call('manager', 'GET', `/api/members/${memberId}`)).json().email).toBe('edited@demo.test');
  });

  it('changes the role and establishment within the granting rules', async () => {
    const toAdmin = await call('manager', 'PATCH', `/api/members/${memberId}`, { body: { role: 'admin' } });
    expect(toAdmin.statusCode).toBe(403);
    const holder = await call('manager', 'PATCH', `/api/members/${memberId}`, { body: { isHolder: true } });
    expect(holder.json().isHolder).toBe(true);
    const promoted = await call('manager', 'PATCH', `/api/members/${memberId}`, {
      body: { role: 'est-manager', establishmentId: 'est_piscine' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // A holder is a basic user: another role drops the flag.
    expect(promoted.json()).toMatchObject({
      role: 'est-manager',
      roleLabel: "Gérant d'établissement",
      isHolder: false,
      establishment: { id: 'est_piscine' },
    });
    // The establishment manager cannot touch an account whose role they could not give.
    const byEstManager = await call('estManager', 'PATCH', `/api/members/${memberId}`, {
      body: { person: { city: 'Mons' } },
    });
    expect(byEstManager.statusCode).toBe(403);
    const holderOfManager = await call('manager', 'PATCH', `/api/members/${memberId}`, {
      body: { isHolder: true },
    });
    expect(holderOfManager.statusCode).toBe(400);
    expect(holderOfManager.json().details[0]).toMatchObject({
      field: 'isHolder',
      message: 'Seul un utilisateur basique peut être titulaire',
    });
    const unknown = await call('manager', 'PATCH', `/api/members/${memberId}`, {
      body: { establishmentId: 'est_nowhere' },
    });
    expect(unknown.statusCode).toBe(400);
    const back = await call('manager', 'PATCH', `/api/members/${memberId}`, { body: { role: 'user' } });
    expect(back.json()).toMatchObject({ role: 'user', isHolder: false });
  });

  it("refuses changing one's own role and accounts of a higher role", async () => {
    const own = await call('manager', 'PATCH', `/api/members/${ids[DEMO_ACCOUNTS.manager]}`, {
      body: { role: 'user' },
    });
    expect(own.statusCode).toBe(403);
    const ownName = await call('manager', 'PATCH', `/api/members/${ids[DEMO_ACCOUNTS.manager]}`, {
      body: { person: { firstName: 'Marco' } },
    });
    expect(ownName.statusCode).toBe(200);
    const admin = await call('manager', 'PATCH', `/api/members/${ids[DEMO_ACCOUNTS.admin]}`, {
      body: { person: { firstName: 'Pirate' } },
    });
    expect(admin.statusCode).toBe(403);
    const [row] = await t.database.query<{ first_name: string }>(
      `select first_name from members where user_id = $1`,
      [ids[DEMO_ACCOUNTS.admin]],
    );
    expect(row!.first_name).toBe('Alice');
    const byAdmin = await call('admin', 'PATCH', `/api/members/${ids[DEMO_ACCOUNTS.manager]}`, {
      body: { role: 'admin' },
    });
    expect(byAdmin.json().role).toBe('admin');
    await call('admin', 'PATCH', `/api/members/${ids[DEMO_ACCOUNTS.manager]}`, {
      body: { role: 'org-manager' },
    });
  });

  it('lets an establishment manager edit their own members, only within their establishment', async () => {
    const julie = ids['julie.dupont@demo.test']!;
    const ok = await call('estManager', 'PATCH', `/api/members/${julie}`, {
      body: { isHolder: true, person: { phoneNumber: '+32 476 56 78 90' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ isHolder: true, person: { phoneNumber: '+32 476 56 78 90' } });
    const move = await call('estManager', 'PATCH', `/api/members/${julie}`, {
      body: { establishmentId: 'est_default' },
    });
    expect(move.statusCode).toBe(403);
    const promote = await call('estManager', 'PATCH', `/api/members/${julie}`, {
      body: { role: 'est-manager' },
    });
    expect(promote.statusCode).toBe(403);
    const after = (await call('manager', 'GET', `/api/members/${julie}`)).json();
    expect(after).toMatchObject({ role: 'user', establishment: { id: 'est_piscine' } });
  });
});

describe('holder flag', () => {
  it('grants and removes the holder flag of a basic user', async () => {
    const parentId = ids[DEMO_ACCOUNTS.parent]!;
    expect((await call('manager', 'POST', `/api/members/${parentId}/holder`)).statusCode).toBe(204);
    expect((await call('manager', 'POST', `/api/members/${parentId}/holder`)).statusCode).toBe(204);
    expect((await call('manager', 'GET', `/api/members/${parentId}`)).json().isHolder).toBe(true);
    const listed = await t.request('GET', '/api/members', {
      token: tokens.manager,
      organizationId: 'org_demo',
      query: { kind: 'holders', q: 'Peeters' },
    });
    expect(listed.json().total).toBe(1);
    // The parent's own session has the holder's rights at once (the account is read at each request).
    const holderOnly = await t.request('GET', '/api/members', {
      token: tokens.parent,
      organizationId: 'org_demo',
    });
    expect(holderOnly.statusCode).toBe(403);
    expect((await call('manager', 'DELETE', `/api/members/${parentId}/holder`)).statusCode).toBe(204);
    expect((await call('manager', 'GET', `/api/members/${parentId}`)).json().isHolder).toBe(false);
  });

  it('refuses the flag on other roles (409) and on accounts the caller may not change (403)', async () => {
    const r = await call('admin', 'POST', `/api/members/${ids[DEMO_ACCOUNTS.manager]}/holder`);
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe('holder_needs_user_role');
    expect(r.json().message).toBe('Seul un utilisateur basique peut être titulaire');
    expect(
      (await call('manager', 'POST', `/api/members/${ids[DEMO_ACCOUNTS.admin]}/holder`)).statusCode,
    ).toBe(403);
    expect(
      (await call('estManager', 'DELETE', `/api/members/${ids['nathalie.lemaire@demo.test']}/holder`))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('estManager', 'POST', `/api/members/${ids['nathalie.lemaire@demo.test']}/holder`))
        .statusCode,
    ).toBe(204);
  });
});

describe('canGrantRole', () => {
  const actor = (role: Role, isSystemAdmin = false) => ({ role, isHolder: false, isSystemAdmin });

  it('gives each role its grantable roles', () => {
    expect(grantableRoles(actor('admin'))).toEqual([...ROLES.values]);
    expect(grantableRoles(actor('user', true))).toEqual([...ROLES.values]);
    expect(grantableRoles(actor('support'))).toEqual(['user', 'est-manager', 'org-manager']);
    expect(grantableRoles(actor('org-manager'))).toEqual(['user', 'est-manager', 'org-manager']);
    expect(grantableRoles(actor('est-manager'))).toEqual(['user']);
    expect(grantableRoles(actor('user'))).toEqual([]);
    expect(grantableRoles({ role: 'user', isHolder: true, isSystemAdmin: false })).toEqual([]);
    expect(canGrantRole(null, 'user')).toBe(false);
  });
});
