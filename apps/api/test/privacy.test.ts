import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';
import { recordingClient, fieldErrors as fields } from './helpers/recording-client';

/* 'Download my data' (GET /me/export) and 'delete my account' (DELETE /me/account). */

let t: TestApp;
const { tokens, statuses, call, as } = recordingClient(() => t);

const person = (email: string, firstName: string) => ({
  gender: 'F',
  firstName,
  lastName: 'Dupuis',
  birthdate: '1980-12-01',
  address: 'Rue Royale 100',
  city: 'Bruxelles',
  postalCode: '1000',
  country: 'BEL',
  phoneNumber: '+32 2 512 34 56',
  email,
  password: 'Secret123',
  confirmPassword: 'Secret123',
});

async function signUp(who: string, email: string, firstName: string) {
  const r = await call('POST', '/api/auth/sign-up', { body: person(email, firstName) });
  expect(r.statusCode).toBe(201);
  tokens[who] = r.json().accessToken;
  return r.json() as { user: { id: string; memberId: string } };
}

/** Makes `who` a representative of `inviter`'s family. */
async function join(inviter: string, who: string, email: string) {
  await as(inviter, 'POST', '/api/me/representatives', { email });
  const deadline = Date.now() + 10_000;
  let token: string | undefined;
  while (!token && Date.now() < deadline) {
    await t.app.ctx.queue.runUntilIdle();
    const mail = t.inbox.mailsTo(email).find((m) => m.text.includes('representative-invitation'));
    token = mail && /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  }
  expect((await as(who, 'POST', `/api/representative-invitations/${token}/accept`)).statusCode).toBe(204);
}

const countRows = async () => {
  const rows = await t.database.query<Record<string, string | number>>(
    `select (select count(*) from users) as users, (select count(*) from members) as members,
            (select count(*) from families) as families, (select count(*) from audit_events) as audit`,
  );
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
};

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]) {
    const host = kind === 'sysadmin' || kind === 'support' ? ADMIN_HOST : undefined;
    tokens[kind] = (await t.signIn(DEMO_ACCOUNTS[kind], undefined, host)).accessToken;
  }
});

afterAll(async () => {
  expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
  await t.close();
});

describe('download my data (GET /me/export)', () => {
  it('gives everything held about the family as a JSON attachment, never a secret', async () => {
    await signUp('second', 'second.parent@example.be', 'Marc');
    await join('parent', 'second', 'second.parent@example.be');
    await as('parent', 'PUT', '/api/me/company', {
      name: 'Peeters SRL',
      vatNumber: 'BE0123456789',
      address: 'Chaussée de Wavre 210',
      city: 'Etterbeek',
      postalCode: '1040',
      country: 'BEL',
    });
    await as('parent', 'POST', '/api/calendar/feed');
    await as('parent', 'POST', '/api/me/delegated', {
      gender: 'M',
      firstName: 'Noah',
      lastName: 'Peeters',
      birthdate: '2021-07-07',
    });
    await as('parent', 'PATCH', '/api/users/me', { email: 'claire.new@example.be' });

    const children = (await as('parent', 'GET', '/api/me/delegated')).json().items;
    const leaId = children.find((m: { firstName: string }) => m.firstName === 'Léa').id;
    const identity = await as('parent', 'PUT', `/api/certificates/tax-identities/${leaId}`, {
      childNationalNumber: '19.03.15-012.84',
      debtorNationalNumber: '85.07.30-033.28',
      debtorFirstName: 'Claire',
      debtorLastName: 'Peeters',
    });
    expect(identity.statusCode, identity.body).toBe(204);
    const [family] = await t.database.query<{ family_id: string }>(
      'select family_id from members where id = $1',
      [leaId],
    );
    await t.database.query(
      `insert into certificates (organization_id, id, kind, scope_key, number, member_id, family_id, year,
         amount_cents, facts, document_id)
       values ('org_demo', 'crt_export', 'health-mutual', 'bp:per', 'MUT-2025-000042', $1, $2, 2025, 11000,
         '{}', 'doc_export')`,
      [leaId, family!.family_id],
    );

    const r = await as('second', 'GET', '/api/me/export');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="mes-donnees-demo-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = r.json();
    expect(data.organization).toEqual({ id: 'org_demo', name: 'Club Sportif Démo' });
    expect(data.accounts.map((a: { email: string }) => a.email).sort()).toEqual([
      DEMO_ACCOUNTS.parent,
      'second.parent@example.be',
    ]);
    const claire = data.accounts.find((a: { email: string }) => a.email === DEMO_ACCOUNTS.parent);
    expect(claire).toMatchObject({
      role: 'user',
      company: { name: 'Peeters SRL', vatNumber: 'BE0123456789' },
      person: { firstName: 'Claire', city: 'Etterbeek', phoneNumber: '+32 470 12 34 56' },
      calendarFeed: { exists: true },
    });
    expect(
      data.accounts.find((a: { email: string }) => a.email !== DEMO_ACCOUNTS.parent).calendarFeed,
    ).toEqual({
      exists: false,
      createdAt: null,
    });
    expect(data.members.map((m: { firstName: string }) => m.firstName).sort()).toEqual([
      'Léa',
      'Noah',
      'Tom',
    ]);
    expect(data.representativeInvitations).toEqual([
      expect.objectContaining({ email: 'second.parent@example.be', status: 'accepted' }),
    ]);
    // The certificates issued to the family's children, and the national register numbers it gave, opened.
    const lea = data.members.find((m: { firstName: string }) => m.firstName === 'Léa');
    expect(data.certificates).toEqual([
      expect.objectContaining({ number: 'MUT-2025-000042', memberId: lea.id, amountCents: 11_000 }),
    ]);
    expect(data.taxIdentities).toEqual([
      expect.objectContaining({
        memberId: lea.id,
        childNationalNumber: '19031501284',
        debtorNationalNumber: '85073003328',
        debtorLastName: 'Peeters',
      }),
    ]);
    const types = data.auditEvents.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['user-created', 'user-login', 'member-created']));

    // No password hash, link token, refresh token or secret calendar address, whatever the field.
    const raw = r.body;
    expect(raw).not.toMatch(/argon2|passwordHash|password_hash|tokenHash|token_hash|refreshToken/);
    const [hashRow] = await t.database.query<{ token_hash: string }>(
      'select token_hash from email_change_tokens',
    );
    const [feed] = await t.database.query<{ token: string }>('select token from calendar_feeds');
    expect(raw).not.toContain(hashRow!.token_hash);
    expect(raw).not.toContain(feed!.token);
  });

  it('gives each family only its own data', async () => {
    const data = (await as('holder', 'GET', '/api/me/export')).json();
    expect(data.accounts.map((a: { email: string }) => a.email)).toEqual([DEMO_ACCOUNTS.holder]);
    expect(data.members).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('Peeters');
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', '/api/me/export')).statusCode).toBe(401);
  });
});

describe('delete my account (DELETE /me/account)', () => {
  it('asks for the password and the confirmation phrase of the caller’s language', async () => {
    await signUp('leaving', 'leaving@example.be', 'Julie');
    const missing = await as('leaving', 'DELETE', '/api/me/account', {});
    expect(fields(missing)).toEqual({
      password: 'Ce champs est requis',
      confirmation: 'Ce champs est requis',
    });
    const english = await as('leaving', 'DELETE', '/api/me/account', {
      password: 'Secret123',
      confirmation: 'DELETE',
    });
    expect(english.statusCode).toBe(400);
    expect(fields(english)).toEqual({ confirmation: 'Saisissez SUPPRIMER pour confirmer la suppression' });
    const inEnglish = await as(
      'leaving',
      'DELETE',
      '/api/me/account',
      { password: 'Secret123', confirmation: 'SUPPRIMER' },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(fields(inEnglish)).toEqual({ confirmation: 'Type DELETE to confirm the deletion' });
    const wrong = await as('leaving', 'DELETE', '/api/me/account', {
      password: 'Wrong1234',
      confirmation: 'SUPPRIMER',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fields(wrong)).toEqual({ password: 'Le mot de passe est incorrect.' });
    expect((await as('leaving', 'GET', '/api/me/user')).statusCode).toBe(200);
  });

  it('anonymises the last adult of a family and its members, deleting no row', async () => {
    const { user } = await signUp('alone', 'alone@example.be', 'Sarah');
    const kid = (
      await as('alone', 'POST', '/api/me/delegated', {
        gender: 'F',
        firstName: 'Lina',
        lastName: 'Dupuis',
        birthdate: '2018-02-02',
        country: 'BEL',
        phoneNumber: '0470 99 88 77',
      })
    ).json();
    await as('alone', 'PUT', '/api/me/company', {
      name: 'Dupuis SC',
      vatNumber: 'BE0999999999',
      address: 'Rue Royale 100',
      city: 'Bruxelles',
      postalCode: '1000',
      country: 'BEL',
    });
    await as('alone', 'POST', '/api/me/representatives', { email: 'never@example.be' });
    const identity = await as('alone', 'PUT', `/api/certificates/tax-identities/${kid.id}`, {
      childNationalNumber: '18.02.02-012.58',
      debtorNationalNumber: '85.07.30-033.28',
      debtorFirstName: 'Sarah',
      debtorLastName: 'Dupuis',
    });
    expect(identity.statusCode, identity.body).toBe(204);
    const otherSession = (await t.signIn('alone@example.be', 'Secret123')).accessToken;
    const before = await countRows();

    const r = await as('alone', 'DELETE', '/api/me/account', {
      password: 'Secret123',
      confirmation: ' SUPPRIMER ',
    });
    expect(r.statusCode).toBe(204);

    // Signed out everywhere, and the account cannot sign in again.
    expect((await as('alone', 'GET', '/api/me/user')).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/me/user', { token: otherSession, organizationId: 'org_demo' })).statusCode,
    ).toBe(401);
    await expect(t.signIn('alone@example.be', 'Secret123')).rejects.toThrow();
    expect(
      (await call('POST', '/api/auth/forgot-password', { body: { email: 'alone@example.be' } })).statusCode,
    ).toBe(204);

    const [account] = await t.database.query<Record<string, unknown>>('select * from users where id = $1', [
      user.id,
    ]);
    expect(account).toMatchObject({
      email: `deleted+${user.id}@invalid`,
      password_hash: null,
      company_name: null,
      company_vat_number: null,
    });
    expect(account!.deleted_at).not.toBeNull();
    // The national register numbers, given for the tax certificate only, are gone with the person.
    expect(
      await t.database.query('select * from member_tax_identities where member_id = $1', [kid.id]),
    ).toEqual([]);
    const [own] = await t.database.query<Record<string, unknown>>('select * from members where id = $1', [
      user.memberId,
    ]);
    expect(own).toMatchObject({
      first_name: 'Compte supprimé',
      last_name: '',
      address: null,
      city: null,
      postal_code: null,
      phone_number: null,
      birthdate: null,
    });
    const [child] = await t.database.query<Record<string, unknown>>('select * from members where id = $1', [
      kid.id,
    ]);
    expect(child).toMatchObject({
      first_name: 'Membre supprimé',
      last_name: '',
      phone_number: null,
      birthdate: null,
    });
    expect(child!.deleted_at).not.toBeNull();
    const invitations = await t.database.query<{ status: string }>(
      `select status from representative_invitations where email = 'never@example.be'`,
    );
    expect(invitations).toEqual([{ status: 'revoked' }]);

    // Nothing deleted; one audit event more.
    const after = await countRows();
    expect(after).toEqual({ ...before, audit: before.audit! + 1 });
    const audit = await t.database.query<{ type: string; actor_user_id: string }>(
      `select type, actor_user_id from audit_events where subject_id = $1 order by created_at desc limit 1`,
      [user.id],
    );
    expect(audit).toEqual([{ type: 'user-deleted', actor_user_id: user.id }]);

    // The address is free again.
    const again = await call('POST', '/api/auth/sign-up', { body: person('alone@example.be', 'Sarah') });
    expect(again.statusCode).toBe(201);
    expect(again.json().user.id).not.toBe(user.id);
  });

  it('leaves the family to the other adult when one representative leaves', async () => {
    const before = (await as('parent', 'GET', '/api/me/delegated')).json();
    const r = await as('second', 'DELETE', '/api/me/account', {
      password: 'Secret123',
      confirmation: 'SUPPRIMER',
    });
    expect(r.statusCode).toBe(204);
    const after = (await as('parent', 'GET', '/api/me/delegated')).json();
    expect(after.items).toEqual(before.items);
    expect((await as('parent', 'GET', '/api/me/representatives')).json().items).toEqual([]);
    // The export still lists the deleted account, anonymised.
    const data = (await as('parent', 'GET', '/api/me/export')).json();
    const gone = data.accounts.find((a: { email: string }) => a.email.startsWith('deleted+'));
    expect(gone).toMatchObject({ person: { firstName: 'Compte supprimé', city: null }, company: null });
    expect(gone.deletedAt).not.toBeNull();
  });

  it('is for family accounts, in person: not managers, not a manager signed in as the member', async () => {
    for (const who of ['admin', 'manager', 'estManager', 'sysadmin']) {
      const r = await as(who, 'DELETE', '/api/me/account', {
        password: 'Demo1234',
        confirmation: 'SUPPRIMER',
      });
      expect(r.statusCode).toBe(403);
    }
    const parentMember = (await as('parent', 'GET', '/api/me/member')).json().id;
    const over = await as('manager', 'POST', '/api/auth/sign-in/overAdmin', {
      idMember: parentMember,
      email: DEMO_ACCOUNTS.manager,
      password: 'Demo1234',
    });
    const r = await call('DELETE', '/api/me/account', {
      token: over.json().accessToken,
      organizationId: 'org_demo',
      body: { password: 'Demo1234', confirmation: 'SUPPRIMER' },
    });
    expect(r.statusCode).toBe(403);
    expect(
      (await call('DELETE', '/api/me/account', { body: { password: 'x', confirmation: 'SUPPRIMER' } }))
        .statusCode,
    ).toBe(401);
    expect((await as('parent', 'GET', '/api/me/user')).statusCode).toBe(200);
  });
});
