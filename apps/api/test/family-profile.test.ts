import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createConditionsService } from '../src/modules/users/conditions.service';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';
import { recordingClient, fieldErrors as fields } from './helpers/recording-client';

/* A family's own profile: person rules, e-mail change, password, company, onboarding, conditions. */

let t: TestApp;
const { tokens, statuses, call, as } = recordingClient(() => t);

async function signUp(email: string, headers: Record<string, string> = {}) {
  const r = await call('POST', '/api/auth/sign-up', {
    headers,
    body: {
      gender: 'M',
      firstName: 'Louis',
      lastName: 'Fontaine',
      birthdate: '1982-01-30',
      address: 'Rue de Namur 12',
      city: 'Wavre',
      postalCode: '1300',
      country: 'BEL',
      phoneNumber: '010 22 33 44',
      email,
      password: 'Secret123',
      confirmPassword: 'Secret123',
    },
  });
  expect(r.statusCode).toBe(201);
  return r.json() as { accessToken: string; user: { id: string } };
}

/** The token of the last link mailed to `address` (the `nth` mail). */
async function linkToken(address: string, nth = 1) {
  const mail = await t.waitForMail(address, nth);
  return { mail, token: /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]! };
}

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

describe('profile (PATCH /me/member)', () => {
  it('checks the phone number and postal code against the country, stored or given', async () => {
    const phone = await as('parent', 'PATCH', '/api/me/member', { phoneNumber: '111111' });
    expect(phone.statusCode).toBe(400);
    expect(fields(phone)).toEqual({ phoneNumber: 'Numéro de téléphone invalide pour le pays choisi' });
    // Moving to France: the stored Belgian postal code (1040) no longer fits, the +32 mobile still does.
    const moved = await as('parent', 'PATCH', '/api/me/member', { country: 'FRA' });
    expect(fields(moved)).toEqual({ postalCode: 'Code postal invalide pour le pays choisi' });
    const both = await as('parent', 'PATCH', '/api/me/member', {
      country: 'FRA',
      postalCode: '1040',
      phoneNumber: '06 12 34',
    });
    expect(fields(both)).toEqual({
      postalCode: 'Code postal invalide pour le pays choisi',
      phoneNumber: 'Numéro de téléphone invalide pour le pays choisi',
    });
    const english = await as(
      'parent',
      'PATCH',
      '/api/me/member',
      { country: 'LUX', postalCode: '10400' },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(fields(english)).toEqual({ postalCode: 'Invalid postal code for the chosen country' });
    expect((await as('parent', 'GET', '/api/me/member')).json()).toMatchObject({
      country: 'BEL',
      postalCode: '1040',
    });

    const ok = await as('parent', 'PATCH', '/api/me/member', {
      country: 'FRA',
      postalCode: '59800',
      city: 'Lille',
      phoneNumber: '06 12 34 56 78',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      country: 'FRA',
      postalCode: '59800',
      phoneNumber: '06 12 34 56 78',
      pendingEmail: null,
    });
    await as('parent', 'PATCH', '/api/me/member', {
      country: 'BEL',
      postalCode: '1040',
      city: 'Etterbeek',
      phoneNumber: '+32 470 12 34 56',
    });
  });

  it('keeps the minimum-length messages first, one message per field', async () => {
    const r = await as('parent', 'PATCH', '/api/me/member', { phoneNumber: '12345', postalCode: '10' });
    expect(fields(r)).toEqual({
      phoneNumber: 'Ce champ doit contenir au moins 6 caractères',
      postalCode: 'Ce champ doit contenir au moins 4 caractères',
    });
  });
});

describe('e-mail change, confirmed by the new address', () => {
  let louis: { accessToken: string; user: { id: string } };
  beforeAll(async () => {
    louis = await signUp('louis@example.be');
    tokens.louis = louis.accessToken;
  });

  it('keeps the address until the link mailed to the new one is used, once', async () => {
    const r = await as('louis', 'PATCH', '/api/me/member', {
      email: 'Louis.F@Example.be',
      city: 'Ottignies',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      email: 'louis@example.be',
      city: 'Ottignies',
      pendingEmail: 'louis.f@example.be',
    });
    expect((await as('louis', 'GET', '/api/me/user')).json()).toMatchObject({
      email: 'louis@example.be',
      pendingEmail: 'louis.f@example.be',
    });
    const { mail, token } = await linkToken('louis.f@example.be');
    expect(mail.subject).toBe('Confirmez votre nouvelle adresse e-mail – Club Sportif Démo');
    expect(mail.text).toContain('http://demo.localhost:3000/redirect-message?type=email-change&token=');
    // Not yet: the old address still signs in.
    await t.signIn('louis@example.be', 'Secret123');

    const confirmed = await call('POST', '/api/me/email/confirm', { body: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'louis.f@example.be' });
    await t.signIn('louis.f@example.be', 'Secret123');
    await expect(t.signIn('louis@example.be', 'Secret123')).rejects.toThrow();
    expect((await as('louis', 'GET', '/api/me/user')).json()).toMatchObject({
      email: 'louis.f@example.be',
      pendingEmail: null,
    });
    const notice = await t.waitForMail('louis@example.be', 2);
    expect(notice.subject).toBe('Votre adresse e-mail a été modifiée – Club Sportif Démo');

    const again = await call('POST', '/api/me/email/confirm', { body: { token } });
    expect(again.statusCode).toBe(400);
    expect(fields(again)).toEqual({
      token:
        'Ce lien de confirmation est invalide ou a expiré. Modifiez à nouveau votre adresse pour en recevoir un nouveau.',
    });
  });

  it('refuses an address already taken, when asked (409) and again when confirmed (409)', async () => {
    const taken = await as('louis', 'PATCH', '/api/users/me', { email: DEMO_ACCOUNTS.holder });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Un compte existe déjà avec cette adresse e-mail.');

    await as('louis', 'PATCH', '/api/users/me', { email: 'contested@example.be' });
    const { token } = await linkToken('contested@example.be');
    await signUp('contested@example.be');
    const late = await call('POST', '/api/me/email/confirm', { body: { token } });
    expect(late.statusCode).toBe(409);
    expect((await as('louis', 'GET', '/api/me/user')).json().email).toBe('louis.f@example.be');
  });

  it('lets only the latest link work, for 24 hours, in its own organisation', async () => {
    await as('louis', 'PATCH', '/api/users/me', { email: 'first@example.be' });
    await as('louis', 'PATCH', '/api/users/me', { email: 'second@example.be' });
    const first = await linkToken('first@example.be');
    const second = await linkToken('second@example.be');
    expect((await call('POST', '/api/me/email/confirm', { body: { token: first.token } })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/me/email/confirm', { host: ADMIN_HOST, body: { token: second.token } }))
        .statusCode,
    ).toBe(400);
    t.clock.advance(25 * 3600_000);
    expect((await call('POST', '/api/me/email/confirm', { body: { token: second.token } })).statusCode).toBe(
      400,
    );
    t.clock.advance(-25 * 3600_000);
    expect((await call('POST', '/api/me/email/confirm', { body: {} })).statusCode).toBe(400);
    expect((await as('louis', 'GET', '/api/me/user')).json().email).toBe('louis.f@example.be');
  });

  it('cancels the change waiting for confirmation when the current address is given again', async () => {
    await as('louis', 'PATCH', '/api/users/me', { email: 'third@example.be' });
    const { token } = await linkToken('third@example.be');
    const r = await as('louis', 'PATCH', '/api/users/me', { email: 'LOUIS.F@example.be' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ email: 'louis.f@example.be', pendingEmail: null });
    expect((await call('POST', '/api/me/email/confirm', { body: { token } })).statusCode).toBe(400);
  });
});

describe('password (PATCH /me/password)', () => {
  let first: string;
  let second: string;
  beforeAll(async () => {
    await signUp('pw@example.be');
    first = (await t.signIn('pw@example.be', 'Secret123')).accessToken;
    second = (await t.signIn('pw@example.be', 'Secret123')).accessToken;
  });
  const change = (token: string, body: unknown, headers?: Record<string, string>) =>
    call('PATCH', '/api/me/password', { token, organizationId: 'org_demo', body, headers });

  it('refuses a wrong current password or a weak new one, with the French messages', async () => {
    const wrong = await change(first, {
      currentPassword: 'Nope1234',
      password: 'Nouveau123',
      confirmPassword: 'Nouveau123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fields(wrong)).toEqual({ currentPassword: 'Le mot de passe actuel est incorrect.' });
    const weak = await change(first, {
      currentPassword: 'Secret123',
      password: 'faible',
      confirmPassword: 'autre',
    });
    expect(fields(weak)).toEqual({
      password: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre',
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
    const missing = await change(first, {});
    expect(fields(missing)).toEqual({
      currentPassword: 'Ce champs est requis',
      password: 'Ce champs est requis',
      confirmPassword: 'Ce champs est requis',
    });
  });

  it('changes it and ends the other sessions, keeping this one', async () => {
    const r = await change(first, {
      currentPassword: 'Secret123',
      password: 'Nouveau123',
      confirmPassword: 'Nouveau123',
    });
    expect(r.statusCode).toBe(204);
    expect((await call('GET', '/api/me/user', { token: first, organizationId: 'org_demo' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', '/api/me/user', { token: second, organizationId: 'org_demo' })).statusCode,
    ).toBe(401);
    await t.signIn('pw@example.be', 'Nouveau123');
    await expect(t.signIn('pw@example.be', 'Secret123')).rejects.toThrow();
  });

  it('is not available to a manager signed in as the member', async () => {
    const memberId = (
      await call('GET', '/api/me/member', { token: first, organizationId: 'org_demo' })
    ).json().id;
    const over = await as('manager', 'POST', '/api/auth/sign-in/overAdmin', {
      idMember: memberId,
      email: DEMO_ACCOUNTS.manager,
      password: 'Demo1234',
    });
    const r = await change(over.json().accessToken, {
      currentPassword: 'Nouveau123',
      password: 'Pirate123',
      confirmPassword: 'Pirate123',
    });
    expect(r.statusCode).toBe(403);
  });

  it('needs a signed-in user', async () => {
    expect((await call('PATCH', '/api/me/password', { body: {} })).statusCode).toBe(401);
  });
});

describe('company billing details (/me/company)', () => {
  const company = {
    name: 'Peeters SRL',
    vatNumber: 'BE0123456789',
    address: 'Chaussée de Wavre 210',
    city: 'Etterbeek',
    postalCode: '1040',
    country: 'BEL',
  };

  it('sets, reads and removes them, all fields required', async () => {
    expect((await as('parent', 'GET', '/api/me/company')).json()).toEqual({ company: null });
    const incomplete = await as('parent', 'PUT', '/api/me/company', { name: 'Peeters SRL', country: 'DEU' });
    expect(incomplete.statusCode).toBe(400);
    expect(fields(incomplete)).toEqual({
      vatNumber: 'Ce champs est requis',
      address: 'Ce champs est requis',
      city: 'Ce champs est requis',
      postalCode: 'Ce champs est requis',
      country: 'Pays invalide',
    });
    const r = await as('parent', 'PUT', '/api/me/company', company);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ company });
    expect((await as('parent', 'GET', '/api/me/company')).json()).toEqual({ company });
    // Another account does not see them.
    expect((await as('holder', 'GET', '/api/me/company')).json()).toEqual({ company: null });
    expect((await as('parent', 'DELETE', '/api/me/company')).statusCode).toBe(204);
    expect((await as('parent', 'GET', '/api/me/company')).json()).toEqual({ company: null });
  });

  it('is each account’s own, managers included; signed-in only', async () => {
    expect(
      (await as('manager', 'PUT', '/api/me/company', { ...company, name: 'Lambert SA' })).statusCode,
    ).toBe(200);
    expect((await as('parent', 'GET', '/api/me/company')).json()).toEqual({ company: null });
    expect((await call('GET', '/api/me/company')).statusCode).toBe(401);
    expect((await call('PUT', '/api/me/company', { body: company })).statusCode).toBe(401);
  });
});

describe('onboarding achievements', () => {
  const post = (achievement?: string) =>
    as('holder', 'POST', '/api/me/onboarding-achievements', undefined, {
      query: achievement === undefined ? {} : { achievement },
    });

  it('appends allowed values once, and clears them', async () => {
    const r = await post('added-family-members');
    expect(r.statusCode).toBe(200);
    expect(r.json().onboardingAchievements).toBe('added-family-members');
    expect((await post('added-family-members')).json().onboardingAchievements).toBe('added-family-members');
    expect((await post('skipped-added-family-members')).json().onboardingAchievements).toBe(
      'added-family-members,skipped-added-family-members',
    );
    expect((await as('holder', 'DELETE', '/api/me/onboarding-achievements')).statusCode).toBe(204);
    expect((await as('holder', 'GET', '/api/me/user')).json().onboardingAchievements).toBe('');
  });

  it("refuses any other value with the specification's message", async () => {
    for (const value of [undefined, '', 'unknown-step', 'added-family-members,x']) {
      const r = await post(value);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe("L'étape d'onboarding est introuvable.");
      expect(fields(r)).toEqual({ achievement: "L'étape d'onboarding est introuvable." });
    }
    const english = await as('holder', 'POST', '/api/me/onboarding-achievements', undefined, {
      query: { achievement: 'nope' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe('The onboarding step could not be found.');
    expect((await as('holder', 'GET', '/api/me/user')).json().onboardingAchievements).toBe('');
  });

  it('needs a signed-in user', async () => {
    expect(
      (
        await call('POST', '/api/me/onboarding-achievements', {
          query: { achievement: 'added-family-members' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await call('DELETE', '/api/me/onboarding-achievements')).statusCode).toBe(401);
  });
});

describe('conditions: rules of procedure (ROI) and legal mentions', () => {
  const publish = (column: 'roi_published_at' | 'legal_mentions_published_at', at: Date | null) =>
    t.database.query(`update organizations set ${column} = $1 where id = 'org_demo'`, [at]);
  // Published without an uploaded document (documents.test.ts covers the versions of uploaded ones).
  const noDocument = { documentId: null, version: null, acceptedVersion: null };

  it('asks nothing while nothing is published', async () => {
    const r = await as('parent', 'GET', '/api/me/conditions');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      roi: { ...noDocument, publishedAt: null, acceptedAt: null, mustAccept: false },
      legalMentions: { ...noDocument, publishedAt: null, acceptedAt: null, mustAccept: false },
    });
  });

  it('asks again for each new version, and records the acceptance', async () => {
    const v1 = new Date(Date.now() - 3600_000);
    await publish('roi_published_at', v1);
    expect((await as('parent', 'GET', '/api/me/conditions')).json().roi).toEqual({
      ...noDocument,
      publishedAt: v1.toISOString(),
      acceptedAt: null,
      mustAccept: true,
    });
    const accepted = await as('parent', 'PATCH', '/api/me/conditions/accept-roi');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().roi.mustAccept).toBe(false);
    const acceptedAt = accepted.json().roi.acceptedAt as string;
    expect((await as('parent', 'GET', '/api/me/user')).json().hasAcceptedROIAt).toBe(acceptedAt);

    // A new version published after the acceptance asks again.
    await publish('roi_published_at', new Date(Date.now() + 60_000));
    expect((await as('parent', 'GET', '/api/me/conditions')).json().roi).toMatchObject({
      acceptedAt,
      mustAccept: true,
    });
    t.clock.advance(120_000);
    expect((await as('parent', 'PATCH', '/api/me/conditions/accept-roi')).json().roi.mustAccept).toBe(false);

    await publish('legal_mentions_published_at', v1);
    expect((await as('parent', 'GET', '/api/me/conditions')).json().legalMentions.mustAccept).toBe(true);
    const legal = await as('parent', 'PATCH', '/api/me/conditions/accept-legal-mentions');
    expect(legal.json().legalMentions).toMatchObject({ mustAccept: false });
    expect((await as('parent', 'GET', '/api/me/user')).json().hasAcceptedLegalMentionsAt).not.toBeNull();
    // Everyone else still has to accept.
    expect((await as('holder', 'GET', '/api/me/conditions')).json()).toMatchObject({
      roi: { mustAccept: true },
      legalMentions: { mustAccept: true },
    });
  });

  it('assertConditionsAccepted answers 409 with an explanation until both are accepted', async () => {
    const conditions = createConditionsService(t.app.ctx);
    const holder = await t.signIn(DEMO_ACCOUNTS.holder);
    const auth = {
      userId: holder.user.id,
      homeOrganizationId: 'org_demo',
      organizationId: 'org_demo',
      sessionId: 'ses_x',
      actor: { role: 'user' as const, isHolder: true, isSystemAdmin: false },
      familyId: 'fam_x',
      establishmentId: 'est_default',
      email: DEMO_ACCOUNTS.holder,
      locale: 'fr' as const,
      impersonatorUserId: null,
    };
    const error = await conditions.assertConditionsAccepted(auth).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 409, code: 'conditions_not_accepted' });
    expect((error as { messageFor(l: 'fr'): string }).messageFor('fr')).toBe(
      "Vous devez accepter le règlement d'ordre intérieur et les mentions légales de l'organisation avant d'inscrire un membre.",
    );
    await as('holder', 'PATCH', '/api/me/conditions/accept-roi');
    const onlyLegal = await conditions.assertConditionsAccepted(auth).catch((e: unknown) => e);
    expect((onlyLegal as { messageFor(l: 'fr'): string }).messageFor('fr')).toBe(
      "Vous devez accepter les mentions légales de l'organisation avant d'inscrire un membre.",
    );
    await as('holder', 'PATCH', '/api/me/conditions/accept-legal-mentions');
    await expect(conditions.assertConditionsAccepted(auth)).resolves.toBeUndefined();
    await publish('roi_published_at', null);
    await publish('legal_mentions_published_at', null);
  });

  it('needs a signed-in user; every account answers for its own organisation', async () => {
    expect((await call('GET', '/api/me/conditions')).statusCode).toBe(401);
    expect((await call('PATCH', '/api/me/conditions/accept-roi')).statusCode).toBe(401);
    expect((await as('manager', 'GET', '/api/me/conditions')).statusCode).toBe(200);
    expect((await as('sysadmin', 'GET', '/api/me/conditions')).json().roi.publishedAt).toBeNull();
  });
});
