import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  gender: 'F',
  firstName: 'Nadia',
  lastName: 'Janssens',
  birthdate: '1988-02-29',
  address: 'Rue Haute 45',
  city: 'Namur',
  postalCode: '5000',
  country: 'BEL',
  phoneNumber: '+32 478 11 22 33',
  email: 'Nadia.Janssens@example.be',
  password: 'Secret123',
  confirmPassword: 'Secret123',
};

const count = async (table: string) =>
  Number((await t.database.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);

describe('sign-up', () => {
  it('creates the account, its member and family, signs in, audits and welcomes', async () => {
    const r = await t.request('POST', '/api/auth/sign-up', { body: valid });
    expect(r.statusCode).toBe(201);
    const result = r.json();
    expect(result.user).toMatchObject({
      email: 'nadia.janssens@example.be',
      firstName: 'Nadia',
      role: 'user',
    });
    expect(result.organization.key).toBe('demo');

    const me = await t.request('GET', '/api/me/member', {
      token: result.accessToken,
      organizationId: 'org_demo',
    });
    expect(me.json()).toMatchObject({
      city: 'Namur',
      birthdate: '1988-02-29',
      country: 'BEL',
      isHolder: false,
    });

    const audit = await t.database.query<{ type: string }>(
      `select type from audit_events where subject_id = $1 order by created_at`,
      [result.user.id],
    );
    expect(audit.map((a) => a.type)).toEqual(['user-created']);
    const mail = await t.waitForMail('nadia.janssens@example.be');
    expect(mail.subject).toBe('Bienvenue sur Club Sportif Démo');
    expect(mail.html).toContain('http://demo.localhost:3000/');

    const again = await t.signIn('nadia.janssens@example.be', 'Secret123');
    expect(again.user.id).toBe(result.user.id);
  });

  it('refuses a taken e-mail (any case) without writing anything', async () => {
    const users = await count('users');
    const r = await t.request('POST', '/api/auth/sign-up', { body: { ...valid, email: 'PARENT@demo.test' } });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Un compte existe déjà avec cette adresse e-mail.');
    expect(await count('users')).toBe(users);
  });

  it('reports every broken rule with the French messages of the specification', async () => {
    const users = await count('users');
    const r = await t.request('POST', '/api/auth/sign-up', {
      body: {
        ...valid,
        email: 'new@x.be',
        firstName: 'N',
        address: 'Rue',
        phoneNumber: '123',
        password: 'secret',
        confirmPassword: 'other',
      },
    });
    expect(r.statusCode).toBe(400);
    const byField = Object.fromEntries(
      r.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    expect(byField).toMatchObject({
      firstName: 'Ce champ doit contenir au moins 2 caractères',
      address: 'Ce champ doit contenir au moins 5 caractères',
      phoneNumber: 'Ce champ doit contenir au moins 6 caractères',
      password: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre',
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
    expect(await count('users')).toBe(users);
  });

  it('applies the English rules and messages to an English caller', async () => {
    const r = await t.request('POST', '/api/auth/sign-up', {
      headers: { 'accept-language': 'en' },
      body: { ...valid, email: 'en@example.be', firstName: 'N', phoneNumber: '1234567' },
    });
    expect(r.statusCode).toBe(400);
    // One-letter names are fine in English; phone numbers need 9 characters.
    expect(r.json().details).toEqual([
      { field: 'phoneNumber', rule: 'too_small', message: 'This field must contain at least 9 characters' },
    ]);
  });

  it('refuses NUL characters, which PostgreSQL cannot store, with a field error', async () => {
    const r = await t.request('POST', '/api/auth/sign-up', {
      body: { ...valid, email: 'nul@x.be', city: 'Na\u0000mur' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().details).toEqual([
      {
        field: 'city',
        rule: 'invalid_characters',
        message: 'Cette valeur contient des caractères non autorisés',
      },
    ]);
  });

  it('does not open accounts in the system organisation', async () => {
    const r = await t.request('POST', '/api/auth/sign-up', {
      host: ADMIN_HOST,
      body: { ...valid, email: 'x@admin.test' },
    });
    expect(r.statusCode).toBe(403);
  });
});
