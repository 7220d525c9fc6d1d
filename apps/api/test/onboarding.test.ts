import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/accounts';
import { registerMaintenance } from '../src/jobs/maintenance';
import { ADMIN_HOST, createTestApp, DEMO_HOST, type TestApp } from './helpers/test-app';

const BASE_HOST = 'localhost:3000';
const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
/** A valid sign-up form, with a key and an e-mail of its own. */
function form(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    organizationName: `Club de natation ${sequence}`,
    organizationKey: `club-natation-${sequence}`,
    country: 'FRA',
    adminFirstName: 'Marie',
    adminLastName: 'Dupont',
    contactEmail: `marie.${sequence}@club.test`,
    contactPhone: '+33 6 12 34 56 78',
    timeZone: 'Europe/Paris',
    password: 'Secret123',
    confirmPassword: 'Secret123',
    ...overrides,
  };
}

const onboard = (body: object, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/organizations/onboard', { host: BASE_HOST, body, headers });

const handoff = (key: string, code: string) =>
  t.request('POST', '/api/auth/sign-in/handoff', { host: `${key}.${BASE_HOST}`, body: { code } });

describe('a club signs itself up (POST /organizations/onboard)', () => {
  it('creates the organisation, its establishment, its admin, a free trial, the audit event and the welcome e-mail', async () => {
    const body = form({ contactEmail: 'Claire.Martin@Dauphins.test' });
    const r = await onboard(body);
    expect(r.statusCode).toBe(201);
    const result = r.json();
    expect(result).toEqual({
      organizationId: expect.stringMatching(/^org_/),
      organizationKey: body.organizationKey,
      handoffCode: expect.any(String),
    });
    const id = result.organizationId as string;

    const [organization] = await t.database.query<Record<string, unknown>>(
      'select key, name, time_zone, billing_country, billing_email, contact_phone from organizations where id = $1',
      [id],
    );
    expect(organization).toEqual({
      key: body.organizationKey,
      name: body.organizationName,
      time_zone: 'Europe/Paris',
      billing_country: 'FRA',
      billing_email: 'Claire.Martin@Dauphins.test',
      contact_phone: body.contactPhone,
    });
    const establishments = await t.database.query<{ id: string }>(
      'select id from establishments where organization_id = $1',
      [id],
    );
    expect(establishments.map((e) => e.id)).toEqual(['est_default']);
    const [admin] = await t.database.query<{
      id: string;
      role: string;
      password_hash: string;
      email: string;
    }>('select id, role, password_hash, email from users where organization_id = $1', [id]);
    expect(admin).toMatchObject({ role: 'admin', email: 'claire.martin@dauphins.test' });
    expect(admin!.password_hash).toMatch(/^\$argon2id\$/);

    const [licence] = await t.database.query<{ plan_key: string; starts_at: Date; ends_at: Date }>(
      'select plan_key, starts_at, ends_at from licences where organization_id = $1 and ended_at is null',
      [id],
    );
    expect(licence!.plan_key).toBe('free-trial');
    expect(new Date(licence!.ends_at).getTime() - new Date(licence!.starts_at).getTime()).toBe(30 * DAY_MS);

    const audit = await t.database.query<{ type: string; actor_user_id: string; data: { method: string } }>(
      'select type, actor_user_id, data from audit_events where organization_id = $1',
      [id],
    );
    expect(audit).toEqual([
      expect.objectContaining({
        type: 'user-created',
        actor_user_id: admin!.id,
        data: expect.objectContaining({ method: 'onboarding' }),
      }),
    ]);

    const mail = await t.waitForMail('claire.martin@dauphins.test');
    expect(mail.subject).toBe(`Bienvenue sur Inscrio – ${body.organizationName}`);
    expect(mail.text).toContain('Bonjour Marie,');
    expect(mail.text).toContain(`http://${body.organizationKey}.${BASE_HOST}/login`);
    expect(mail.text).toContain("Votre période d'essai gratuite court jusqu'au");
    expect(mail.text).not.toContain(result.handoffCode);

    // The administrator lands signed in on the new subdomain with the code, once.
    const signedIn = await handoff(body.organizationKey, result.handoffCode);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      user: { role: 'admin', email: 'claire.martin@dauphins.test' },
      organization: { id, key: body.organizationKey },
      isSystemAdmin: false,
    });
    const session = await t.request('GET', '/api/auth/session', {
      host: `${body.organizationKey}.${BASE_HOST}`,
      token: signedIn.json().accessToken,
      organizationId: id,
    });
    expect(session.statusCode).toBe(200);
    // And the organisation's warnings list what to complete ('Informations à compléter').
    const warnings = await t.request('GET', `/api/organizations/${id}/warnings`, {
      host: `${body.organizationKey}.${BASE_HOST}`,
      token: signedIn.json().accessToken,
      organizationId: id,
    });
    if (warnings.statusCode !== 404) {
      expect(warnings.statusCode).toBe(200);
      expect(JSON.stringify(warnings.json())).toContain('billing');
    }

    const again = await handoff(body.organizationKey, result.handoffCode);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: 'handoff_code_invalid' });
    expect(again.json().message).toBe(
      'Ce lien de connexion a expiré ou a déjà servi. Connectez-vous avec votre e-mail et votre mot de passe.',
    );
  });

  it('refuses a hand-off code after 60 seconds, on another organisation, or unknown; stores only its hash', async () => {
    const body = form();
    const { handoffCode, organizationId } = (await onboard(body)).json();
    const [row] = await t.database.query<{ code_hash: string; target_organization_id: string }>(
      'select code_hash, target_organization_id from handoff_codes where target_organization_id = $1',
      [organizationId],
    );
    expect(row!.code_hash).not.toBe(handoffCode);
    expect(row!.code_hash).not.toContain(handoffCode);

    // On another organisation's address: refused, and not used up.
    const elsewhere = await t.request('POST', '/api/auth/sign-in/handoff', {
      host: DEMO_HOST,
      body: { code: handoffCode },
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error).toBe('handoff_code_invalid');
    expect((await handoff(body.organizationKey, 'not-a-code')).statusCode).toBe(401);

    t.clock.advance(61_000);
    const late = await handoff(body.organizationKey, handoffCode);
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe('handoff_code_invalid');

    const english = await t.request('POST', '/api/auth/sign-in/handoff', {
      host: `${body.organizationKey}.${BASE_HOST}`,
      body: { code: handoffCode },
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe(
      'This sign-in link has expired or was already used. Sign in with your e-mail and password.',
    );
    // The password still works.
    expect(
      (await t.signIn(body.contactEmail, 'Secret123', `${body.organizationKey}.${BASE_HOST}`)).user.role,
    ).toBe('admin');
  });

  it('names each field at fault, in French and in English', async () => {
    const bad = {
      organizationName: 'Club',
      organizationKey: 'Mon Club!',
      country: 'DEU',
      adminFirstName: '',
      adminLastName: 'D',
      contactEmail: 'nope',
      contactPhone: '0470',
      timeZone: 'Mars/Olympus',
      password: 'weak',
      confirmPassword: 'other',
    };
    const fr = await onboard(bad);
    expect(fr.statusCode).toBe(400);
    expect(fr.json().error).toBe('validation_failed');
    const frFields = Object.fromEntries(
      (fr.json().details as { field: string; message: string }[]).map((d) => [d.field, d.message]),
    );
    expect(frFields).toEqual({
      organizationName: 'Ce champ doit contenir au moins 5 caractères',
      organizationKey:
        'Lettres minuscules sans accents, chiffres et tirets, de 3 à 40 caractères, sans tiret au début ni à la fin',
      country: 'Pays invalide',
      adminFirstName: 'Ce champs est requis',
      contactEmail: expect.any(String),
      contactPhone: expect.any(String),
      timeZone: 'Fuseau horaire invalide',
      password: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre',
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });

    const en = await onboard({ ...bad, organizationName: 'C' }, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    const enFields = Object.fromEntries(
      (en.json().details as { field: string; message: string }[]).map((d) => [d.field, d.message]),
    );
    // One character is enough in English.
    expect(enFields.organizationName).toBeUndefined();
    expect(enFields).toMatchObject({
      organizationKey:
        'Lower-case letters without accents, digits and hyphens, 3 to 40 characters, no hyphen first or last',
      country: 'Invalid country',
      adminFirstName: 'This field is required',
      confirmPassword: 'Passwords do not match',
    });
    expect((await onboard({})).statusCode).toBe(400);
    expect((await onboard([1, 2])).statusCode).toBe(400);
  });

  it('refuses a reserved key with 409 and free suggestions', async () => {
    const r = await onboard(form({ organizationKey: 'admin' }));
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      error: 'organization_key_reserved',
      details: [{ field: 'organizationKey', rule: 'organization_key_reserved' }],
    });
    expect(r.json().details[0].suggestions).toContain('admin-2');
  });

  it('refuses a taken key with 409 and suggestions that are free', async () => {
    const first = form({ organizationKey: 'les-dauphins' });
    expect((await onboard(first)).statusCode).toBe(201);
    expect((await onboard(form({ organizationKey: 'les-dauphins-2' }))).statusCode).toBe(201);

    const r = await onboard(form({ organizationKey: 'les-dauphins' }), { 'accept-language': 'en' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      error: 'organization_key_taken',
      message: 'This address is already taken by another organisation. Choose another one.',
    });
    const suggestions = r.json().details[0].suggestions as string[];
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions).not.toContain('les-dauphins-2');
    expect(suggestions).toContain('les-dauphins-3');
  });

  it('lets exactly one of two sign-ups racing for one key through', async () => {
    const key = 'course-au-nom';
    const results = await Promise.all([
      onboard(form({ organizationKey: key })),
      onboard(form({ organizationKey: key })),
      onboard(form({ organizationKey: key })),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const r of results.filter((one) => one.statusCode === 409))
      expect(r.json().error).toBe('organization_key_taken');
    const rows = await t.database.query('select id from organizations where key = $1', [key]);
    expect(rows).toHaveLength(1);
  });

  it('refuses an e-mail that already has an account anywhere on the platform', async () => {
    for (const email of [DEMO_ACCOUNTS.parent, 'SYSADMIN@admin.test']) {
      const r = await onboard(form({ contactEmail: email }));
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({
        error: 'onboarding_email_taken',
        details: [{ field: 'contactEmail', rule: 'onboarding_email_taken' }],
      });
    }
    const organizations = await t.database.query(
      "select id from organizations where contact_email = 'parent@demo.test'",
    );
    expect(organizations).toHaveLength(0);
  });
});

describe('GET /organizations/key-availability', () => {
  const check = (key: string) =>
    t.request('GET', '/api/organizations/key-availability', { host: BASE_HOST, query: { key } });

  it('says whether a key is free, and why not', async () => {
    expect((await check('un-nom-libre')).json()).toEqual({
      key: 'un-nom-libre',
      available: true,
      reason: null,
      suggestions: [],
    });
    expect((await check('Mon Club')).json()).toMatchObject({ available: false, reason: 'invalid' });
    expect((await check('www')).json()).toMatchObject({ available: false, reason: 'reserved' });
    const taken = (await check('demo')).json();
    expect(taken).toMatchObject({ available: false, reason: 'reserved' });
    expect((await onboard(form({ organizationKey: 'deja-pris' }))).statusCode).toBe(201);
    const r = (await check('deja-pris')).json();
    expect(r).toMatchObject({ available: false, reason: 'taken' });
    expect(r.suggestions).toContain('deja-pris-2');
    expect((await check('x'.repeat(101))).statusCode).toBe(400);
  });
});

describe('POST /organizations (system administrator)', () => {
  let sysadmin: string;
  beforeAll(async () => {
    sysadmin = (await t.signIn(DEMO_ACCOUNTS.sysadmin, DEMO_PASSWORD, ADMIN_HOST)).accessToken;
  });
  const create = (body: object, token?: string, host = ADMIN_HOST) =>
    t.request('POST', '/api/organizations', { host, token, body });

  it('creates an organisation on the chosen plan, without signing anybody in', async () => {
    const body = form({ planKey: 'default-monthly' });
    const r = await create(body, sysadmin);
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ key: body.organizationKey, name: body.organizationName });
    expect(r.json()).not.toHaveProperty('handoffCode');
    const [licence] = await t.database.query<{ plan_key: string; ends_at: Date | null }>(
      'select plan_key, ends_at from licences where organization_id = $1 and ended_at is null',
      [r.json().id],
    );
    expect(licence).toEqual({ plan_key: 'default-monthly', ends_at: null });
    const codes = await t.database.query('select id from handoff_codes where target_organization_id = $1', [
      r.json().id,
    ]);
    expect(codes).toHaveLength(0);
    const [audit] = await t.database.query<{ data: { method: string } }>(
      'select data from audit_events where organization_id = $1',
      [r.json().id],
    );
    expect(audit!.data.method).toBe('platform');
  });

  it('starts a free trial without a plan', async () => {
    const r = await create(form(), sysadmin);
    expect(r.statusCode).toBe(201);
    const [licence] = await t.database.query<{ plan_key: string }>(
      'select plan_key from licences where organization_id = $1 and ended_at is null',
      [r.json().id],
    );
    expect(licence!.plan_key).toBe('free-trial');
  });

  it('refuses an unknown plan, and bad input', async () => {
    const r = await create(form({ planKey: 'gold' }), sysadmin);
    expect(r.statusCode).toBe(400);
    expect(r.json().details[0].field).toBe('planKey');
  });

  it('is for system administrators only', async () => {
    const support = (await t.signIn(DEMO_ACCOUNTS.support, DEMO_PASSWORD, ADMIN_HOST)).accessToken;
    expect((await create(form(), support)).statusCode).toBe(403);
    const admin = (await t.signIn(DEMO_ACCOUNTS.admin)).accessToken;
    expect((await create(form(), admin, DEMO_HOST)).statusCode).toBe(403);
    const manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
    expect((await create(form(), manager, DEMO_HOST)).statusCode).toBe(403);
    const parent = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
    expect((await create(form(), parent, DEMO_HOST)).statusCode).toBe(403);
    expect((await create(form())).statusCode).toBe(401);
  });

  it('lists the pricing plans for system administrators only', async () => {
    const r = await t.request('GET', '/api/licences/pricing-plans', { host: ADMIN_HOST, token: sysadmin });
    expect(r.statusCode).toBe(200);
    expect(r.json().map((plan: { key: string }) => plan.key)).toEqual(
      expect.arrayContaining(['free-trial', 'default-monthly']),
    );
    const support = (await t.signIn(DEMO_ACCOUNTS.support, DEMO_PASSWORD, ADMIN_HOST)).accessToken;
    expect(
      (await t.request('GET', '/api/licences/pricing-plans', { host: ADMIN_HOST, token: support }))
        .statusCode,
    ).toBe(403);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        perAccount: { limit: 3, windowSeconds: 900 },
        perAddress: { limit: 2, windowSeconds: 900 },
        signInPerAccountAndAddress: { limit: 10, windowSeconds: 900 },
        signInPerAccount: { limit: 25, windowSeconds: 900 },
        mailsPerAccount: { limit: 8, windowSeconds: 900 },
      },
    });
  });
  afterAll(() => limited.close());

  it('limits sign-ups per client address', async () => {
    const post = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/organizations/onboard',
        headers: { host: BASE_HOST },
        remoteAddress: ip,
        payload: form(),
      });
    expect((await post('10.1.0.1')).statusCode).toBe(201);
    expect((await post('10.1.0.1')).statusCode).toBe(201);
    const refused = await post('10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect((await post('10.1.0.2')).statusCode).toBe(201);
  });
});

describe('hand-off codes left unused', () => {
  it('are deleted by the hourly clean-up a day after they expired', async () => {
    const body = form({
      organizationName: 'Les Mouettes de Namur',
      organizationKey: 'mouettes-namur',
      contactEmail: 'mouettes@namur.test',
    });
    const r = await onboard(body);
    expect(r.statusCode).toBe(201);
    const organizationId = r.json().organizationId;
    const left = () =>
      t.database.query('select id from handoff_codes where target_organization_id = $1', [organizationId]);
    expect(await left()).toHaveLength(1);
    await registerMaintenance(t.app.ctx.queue, t.db);
    await t.app.ctx.queue.runUntilIdle();
    expect(await left()).toHaveLength(1);
    await t.database.query(
      `update handoff_codes set expires_at = now() - interval '25 hours' where target_organization_id = $1`,
      [organizationId],
    );
    await t.database.query(`update jobs set run_at = now() where queue = 'maintenance.cleanup'`);
    await t.app.ctx.queue.runUntilIdle();
    expect(await left()).toHaveLength(0);
  });
});
