import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { ADMIN_HOST, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [role, email] of Object.entries(DEMO_ACCOUNTS)) {
    const host = email.endsWith('@admin.test') ? ADMIN_HOST : undefined;
    tokens[role] = (await t.signIn(email, undefined, host)).accessToken;
  }
  await t.db.insert(organizations).values({ id: 'org_other', key: 'other', name: 'Autre club' });
  // Start from an organisation without bank details (the demo seed may give it some).
  await t.database.query(`update organizations set iban = null, bic = null where id = 'org_demo'`);
});
afterAll(() => t.close());

const get = (role: string, id = 'org_demo', organizationId?: string) =>
  t.request('GET', `/api/organizations/${id}`, { token: tokens[role], organizationId });
const patch = (role: string, body: unknown, id = 'org_demo', headers?: Record<string, string>) =>
  t.request('PATCH', `/api/organizations/${id}`, { token: tokens[role], body, headers });

describe('organisation payment configuration', () => {
  it('shows the organisation with its payment state to its managers', async () => {
    for (const role of ['manager', 'admin']) {
      const response = await get(role);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: 'org_demo',
        key: 'demo',
        name: expect.any(String),
        timeZone: 'Europe/Brussels',
        logoAsset: null,
        paymentProvider: 'offline',
        iban: null,
        bic: null,
        buckarooWebsiteKey: null,
        buckarooSecretKeySet: false,
        mollieStatus: 'unset',
        // Offline needs an IBAN.
        paymentComplete: false,
      });
    }
  });

  it('refuses families, holders and establishment managers (403) and other organisations (404)', async () => {
    for (const role of ['parent', 'holder', 'estManager']) {
      expect((await get(role)).statusCode, role).toBe(403);
      expect((await patch(role, { bic: 'GEBABEBB' })).statusCode, role).toBe(403);
    }
    expect((await get('manager', 'org_other')).statusCode).toBe(404);
    const other = await patch('manager', { iban: 'BE71096123456769' }, 'org_other');
    expect(other.statusCode).toBe(404);
    const [row] = await t.database.query<{ iban: string | null }>(
      `select iban from organizations where id = 'org_other'`,
    );
    expect(row!.iban).toBeNull();
    expect((await get('manager', 'org_nope')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/organizations/org_demo')).statusCode).toBe(401);
  });

  it('lets system staff configure any organisation', async () => {
    const response = await get('sysadmin', 'org_other', 'org_other');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: 'org_other', key: 'other' });
    const fromHome = await get('support', 'org_other');
    expect(fromHome.statusCode, fromHome.body).toBe(200);
  });

  it('answers connecting Mollie on a platform without Mollie credentials with its own code (409)', async () => {
    const r = await t.request('GET', '/api/integrations/mollie/oauth/connect/org_demo', {
      token: tokens.manager,
    });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toMatchObject({
      error: 'mollie_not_configured',
      message: "La connexion à Mollie n'est pas configurée sur cette plateforme.",
    });
  });

  it('validates the IBAN with a French message, and in English when asked', async () => {
    const bad = await patch('manager', { iban: 'BE71 0961 2345 6768' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      expect.objectContaining({ field: 'iban', message: 'IBAN invalide' }),
    ]);
    const english = await patch('manager', { iban: 'FR00 1234' }, 'org_demo', { 'accept-language': 'en' });
    expect(english.json().details).toEqual([
      expect.objectContaining({ field: 'iban', message: 'Invalid IBAN' }),
    ]);
    const bic = await patch('manager', { bic: 'NOPE' });
    expect(bic.json().details).toEqual([expect.objectContaining({ field: 'bic', message: 'BIC invalide' })]);
    const unknown = await patch('manager', { buckarooSecretKeySet: true });
    expect(unknown.statusCode).toBe(400);
    const provider = await patch('manager', { paymentProvider: 'stripe' });
    expect(provider.statusCode).toBe(400);
  });

  it('normalises the IBAN, and offline becomes complete once it is set', async () => {
    const response = await patch('manager', { iban: ' be71 0961 2345 6769 ', bic: 'gebabebb' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      organization: { iban: 'BE71096123456769', bic: 'GEBABEBB', paymentComplete: true },
      message: "Les informations de l'organisation ont été mises à jour avec succès.",
      paymentProviderActivated: null,
      notifications: [],
    });
    // Offline cannot lose its IBAN while active.
    const cleared = await patch('manager', { iban: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().details[0]).toMatchObject({
      field: 'iban',
      message: 'Renseignez un IBAN pour recevoir les paiements par virement',
    });
  });

  it('stores the Buckaroo secret encrypted and never returns it', async () => {
    const secret = 'Very-Secret-Key-123';
    const response = await patch('manager', { buckarooWebsiteKey: 'WEB123', buckarooSecretKey: secret });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(secret);
    expect(response.json().organization).toMatchObject({
      buckarooWebsiteKey: 'WEB123',
      buckarooSecretKeySet: true,
      paymentProvider: 'offline',
    });
    const read = await get('manager');
    expect(read.body).not.toContain(secret);
    expect(read.json()).not.toHaveProperty('buckarooSecretKey');
    const [row] = await t.database.query<{ buckaroo_secret_key_encrypted: string }>(
      `select buckaroo_secret_key_encrypted from organizations where id = 'org_demo'`,
    );
    expect(row!.buckaroo_secret_key_encrypted).not.toContain(secret);
    expect(row!.buckaroo_secret_key_encrypted).toMatch(/^v1\./);
  });

  it('activates and deactivates providers with their notifications', async () => {
    const buckaroo = await patch('manager', { paymentProvider: 'buckaroo' });
    expect(buckaroo.json()).toMatchObject({
      paymentProviderActivated: 'buckaroo',
      paymentProviderDeactivated: 'offline',
      notifications: [
        'Le moyen de paiement Virement bancaire a été désactivé.',
        'Le moyen de paiement Buckaroo a été activé.',
      ],
      organization: { paymentComplete: true },
    });
    const english = await patch('manager', { paymentProvider: 'offline' }, 'org_demo', {
      'accept-language': 'en',
    });
    expect(english.json().notifications).toEqual([
      'The payment method Buckaroo has been deactivated.',
      'The payment method Bank transfer has been activated.',
    ]);
    // Mollie needs its account connected first.
    const mollie = await patch('manager', { paymentProvider: 'mollie' });
    expect(mollie.statusCode).toBe(400);
    expect(mollie.json().details[0]).toMatchObject({
      field: 'paymentProvider',
      message: 'Connectez d’abord votre compte Mollie',
    });
    // Clearing the secret while Buckaroo is not active is fine; the flag follows.
    const cleared = await patch('manager', { buckarooSecretKey: null });
    expect(cleared.json().organization).toMatchObject({
      buckarooSecretKeySet: false,
      paymentProvider: 'offline',
    });
  });
});
