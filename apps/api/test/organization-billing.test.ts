import { billingRuleIssues, organizationSettingsSchema } from '@inscrio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { otherClubManager } from './helpers/clubs';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The organisation's billing profile (issue #7): `PATCH /organizations/{id}` with the billing fields,
 * checked against the billing country, and `GET /organizations/{id}/warnings` behind the
 * 'Informations à compléter' notice.
 */

const ORG = 'org_demo';
const OTHER_HOST = 'autre.localhost:3000';
const EXEMPTION = 'Exemption de TVA – article 44, § 2, 3° du Code de la TVA';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let t: TestApp;
const tokens: Record<string, string> = {};
let otherManager: string;
/** The demo organisation as seeded, before the tests clear it. */
let seeded: { settings: Record<string, unknown>; warnings: unknown };

const BILLING_COLUMNS = `billing_email, billing_phone, billing_address, billing_city, billing_postal_code,
  billing_country, vat_number, vat_regime, vat_exemption_mention, invoice_due_days, document_logo_asset_id`;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['manager', 'parent'] as const) {
    tokens[role] = (await t.signIn(DEMO_ACCOUNTS[role])).accessToken;
  }
  seeded = {
    settings: (await getSettings()).json(),
    warnings: (
      await t.request('GET', `/api/organizations/${ORG}/warnings`, { token: tokens.manager })
    ).json(),
  };
  // Start from an organisation with nothing configured (the demo seed fills its billing profile and IBAN).
  await t.database.query(
    `update organizations set billing_email = null, billing_phone = null, billing_address = null,
       billing_city = null, billing_postal_code = null, billing_country = null, vat_number = null,
       vat_regime = 'subject', vat_exemption_mention = null, invoice_due_days = 14,
       document_logo_asset_id = null, iban = null, bic = null, mutual_seal = null, signature_stamp = null
     where id = '${ORG}'`,
  );
  otherManager = await otherClubManager(t);
});
afterAll(() => t?.close());

const patch = (body: unknown, headers?: Record<string, string>) =>
  t.request('PATCH', `/api/organizations/${ORG}`, { token: tokens.manager, body, headers });
const getSettings = () => t.request('GET', `/api/organizations/${ORG}`, { token: tokens.manager });
const warnings = async () => {
  const response = await t.request('GET', `/api/organizations/${ORG}/warnings`, { token: tokens.manager });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { section: string }[]).map((warning) => warning.section);
};
const billingRow = async () =>
  (
    await t.database.query<Record<string, unknown>>(
      `select ${BILLING_COLUMNS} from organizations where id = '${ORG}'`,
    )
  )[0];

const fieldMessages = (body: string) =>
  (JSON.parse(body) as { details: { field: string; message: string }[] }).details.map(
    (detail) => [detail.field, detail.message] as const,
  );

/** `POST /assets` with one PNG, as the web form uploads the logo. */
async function uploadLogo(token: string, organizationId: string, host?: string): Promise<string> {
  const boundary = '----inscriobilling';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.request('POST', '/api/assets', {
    token,
    organizationId,
    host,
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const pickBilling = (settings: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(VALID_PROFILE).map((key) => [key, settings[key]]));

const VALID_PROFILE = {
  billingEmail: 'facturation@club.be',
  billingPhone: '02 123 45 67',
  billingAddress: 'Avenue des Sports 12',
  billingCity: 'Bruxelles',
  billingPostalCode: '1050',
  billingCountry: 'BEL',
  vatNumber: 'BE 0403.019.261',
  vatRegime: 'exempt',
  vatExemptionMention: EXEMPTION,
  invoiceDueDays: 30,
};

describe('the demo organisation', () => {
  it('is seeded with a complete, valid Belgian billing profile, exempt under article 44, and its seal and signature', () => {
    expect(seeded.settings).toMatchObject({
      billingCountry: 'BEL',
      vatNumber: 'BE0403019261',
      vatRegime: 'exempt',
      vatExemptionMention: EXEMPTION,
    });
    expect(billingRuleIssues(seeded.settings, 'fr')).toEqual([]);
    expect(organizationSettingsSchema('fr').safeParse(pickBilling(seeded.settings)).success).toBe(true);
    // The certificates' profile is seeded too (seal and signature): nothing left to complete.
    expect(seeded.warnings).toEqual([]);
  });
});

describe('who may read and change the billing profile', () => {
  it('refuses a family (403) and another organisation’s manager (404)', async () => {
    const asParent = { token: tokens.parent };
    expect((await t.request('GET', `/api/organizations/${ORG}/warnings`, asParent)).statusCode).toBe(403);
    expect(
      (await t.request('PATCH', `/api/organizations/${ORG}`, { ...asParent, body: VALID_PROFILE }))
        .statusCode,
    ).toBe(403);

    const asOther = { token: otherManager, organizationId: 'org_autre', host: OTHER_HOST };
    expect((await t.request('GET', `/api/organizations/${ORG}`, asOther)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/organizations/${ORG}/warnings`, asOther)).statusCode).toBe(404);
    expect(
      (await t.request('PATCH', `/api/organizations/${ORG}`, { ...asOther, body: VALID_PROFILE })).statusCode,
    ).toBe(404);
    // Their own organisation is theirs to read.
    const own = await t.request('GET', '/api/organizations/org_autre/warnings', asOther);
    expect(own.statusCode, own.body).toBe(200);
    expect((await billingRow())!.billing_email).toBeNull();
    expect((await t.request('GET', `/api/organizations/${ORG}/warnings`)).statusCode).toBe(401);
  });
});

describe('bad input is refused with French field messages, and nothing is written', () => {
  const before = { current: undefined as Record<string, unknown> | undefined };
  beforeAll(async () => {
    before.current = await billingRow();
  });

  it.each([
    ['BEL', 'BE0431150351'],
    ['FRA', 'FR41303265045'],
    ['LUX', 'LU15027443'],
    ['BEL', 'FR40303265045'],
  ])('VAT number for %s: %s', async (billingCountry, vatNumber) => {
    const response = await patch({
      ...VALID_PROFILE,
      billingCountry,
      vatNumber,
      billingPhone: null,
      billingPostalCode: null,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.body)).toEqual([['vatNumber', 'Numéro de TVA invalide']]);
    expect(await billingRow()).toEqual(before.current);
  });

  it('exempt without its mention', async () => {
    const response = await patch({ ...VALID_PROFILE, vatExemptionMention: '' });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.body)).toEqual([
      ['vatExemptionMention', 'Indiquez la mention d’exonération imprimée sur les factures'],
    ]);
    // Also when the regime alone is sent and no mention is stored.
    const regimeOnly = await patch({ vatRegime: 'exempt' });
    expect(fieldMessages(regimeOnly.body)).toEqual([
      ['vatExemptionMention', 'Indiquez la mention d’exonération imprimée sur les factures'],
    ]);
    expect(await billingRow()).toEqual(before.current);
  });

  it('bad e-mail, phone, postal code and due days, all reported at once', async () => {
    const response = await patch({
      ...VALID_PROFILE,
      billingEmail: 'facturation@',
      billingPhone: '+32 12',
      billingPostalCode: '75001',
      invoiceDueDays: 365,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldMessages(response.body)).toEqual([
      ['billingEmail', 'Adresse e-mail invalide'],
      ['invoiceDueDays', 'Le délai de paiement doit être un nombre entier de jours entre 0 et 120'],
      ['billingPhone', 'Numéro de téléphone invalide pour le pays choisi'],
      ['billingPostalCode', 'Code postal invalide pour le pays choisi'],
    ]);
    const english = await patch({ billingEmail: 'nope' }, { 'accept-language': 'en' });
    expect(fieldMessages(english.body)).toEqual([['billingEmail', 'Invalid e-mail address']]);
    expect(await billingRow()).toEqual(before.current);
  });

  it('a logo that is not one of the organisation’s images', async () => {
    const foreign = await uploadLogo(otherManager, 'org_autre', OTHER_HOST);
    for (const documentLogoAssetId of [foreign, 'ast_missing']) {
      const response = await patch({ documentLogoAssetId });
      expect(response.statusCode).toBe(400);
      expect(fieldMessages(response.body)).toEqual([
        ['documentLogoAssetId', "Cet élément n'existe pas ou n'est plus disponible"],
      ]);
    }
    expect(await billingRow()).toEqual(before.current);
  });
});

describe('a valid billing profile', () => {
  it('is saved normalised and read back', async () => {
    const logo = await uploadLogo(tokens.manager!, ORG);
    const response = await patch({ ...VALID_PROFILE, documentLogoAssetId: logo });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(
      "Les informations de l'organisation ont été mises à jour avec succès.",
    );
    const read = await getSettings();
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      billingEmail: 'facturation@club.be',
      billingPhone: '02 123 45 67',
      billingAddress: 'Avenue des Sports 12',
      billingCity: 'Bruxelles',
      billingPostalCode: '1050',
      billingCountry: 'BEL',
      vatNumber: 'BE0403019261',
      vatRegime: 'exempt',
      vatExemptionMention: EXEMPTION,
      invoiceDueDays: 30,
      documentLogoAssetId: logo,
      documentLogoUrl: `/api/assets/serve/${logo}?orgId=${ORG}`,
    });
    expect((await t.request('GET', read.json().documentLogoUrl)).statusCode).toBe(200);
  });

  it('checks a VAT number sent alone against the stored country, and stores it with its prefix', async () => {
    const wrong = await patch({ vatNumber: 'LU15027442' });
    expect(fieldMessages(wrong.body)).toEqual([['vatNumber', 'Numéro de TVA invalide']]);
    const bare = await patch({ vatNumber: '0428.759.497' });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().organization.vatNumber).toBe('BE0428759497');
    // Changing the country re-checks the stored phone, postal code and VAT number (1050 is a
    // Luxembourg postal code too).
    const country = await patch({ billingCountry: 'LUX' });
    expect(fieldMessages(country.body)).toEqual([
      ['billingPhone', 'Numéro de téléphone invalide pour le pays choisi'],
      ['vatNumber', 'Numéro de TVA invalide'],
    ]);
    const france = await patch({ billingCountry: 'FRA', billingPhone: '+33 1 23 45 67 89' });
    expect(fieldMessages(france.body)).toEqual([
      ['billingPostalCode', 'Code postal invalide pour le pays choisi'],
      ['vatNumber', 'Numéro de TVA invalide'],
    ]);
    expect((await getSettings()).json()).toMatchObject({ billingCountry: 'BEL', vatNumber: 'BE0428759497' });
  });

  it("clears with '' or null; regime and due days go back to their defaults", async () => {
    const response = await patch({
      vatRegime: null,
      vatExemptionMention: '',
      invoiceDueDays: null,
      documentLogoAssetId: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().organization).toMatchObject({
      vatRegime: 'subject',
      vatExemptionMention: null,
      invoiceDueDays: 14,
      documentLogoAssetId: null,
      documentLogoUrl: null,
    });
  });
});

describe('GET /organizations/{id}/warnings', () => {
  it('shrinks as the sections are completed', async () => {
    await t.database.query(`update organizations set vat_number = null where id = '${ORG}'`);
    expect(await warnings()).toEqual(['billing', 'mutual', 'payment']);
    const response = await t.request('GET', `/api/organizations/${ORG}/warnings`, { token: tokens.manager });
    expect(response.json()[0]).toEqual({
      section: 'billing',
      path: `/configuration/organizations/${ORG}?step=billing`,
    });

    expect((await patch({ billingCountry: 'BEL', vatNumber: 'BE0403019261' })).statusCode).toBe(200);
    expect(await warnings()).toEqual(['mutual', 'payment']);

    // Emptying one billing field brings the section back.
    expect((await patch({ billingCity: '' })).statusCode).toBe(200);
    expect(await warnings()).toEqual(['billing', 'mutual', 'payment']);
    expect((await patch({ billingCity: 'Bruxelles' })).statusCode).toBe(200);

    expect((await patch({ iban: 'BE71096123456769' })).statusCode).toBe(200);
    expect(await warnings()).toEqual(['mutual']);

    // The seal and the signature (their form is the « Mutuelle » step, modules/certificates) set directly.
    await t.database.query(
      `update organizations set mutual_seal = 'ast_seal', signature_stamp = 'ast_stamp' where id = '${ORG}'`,
    );
    expect(await warnings()).toEqual([]);
  });
});
