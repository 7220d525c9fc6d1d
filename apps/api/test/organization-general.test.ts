import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { OTHER_CLUB, otherClubManager } from './helpers/clubs';
import { createActivity } from './helpers/order-fixtures';
import { multipart } from './helpers/multipart';
import { transparentPng } from './helpers/png';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The general part of `PATCH /organizations/{id}` (issue #19, the « Général » configuration step): name,
 * logo, time zone, default language, contact, hold minutes and invitation hours. Who may change them,
 * each bad field refused with its French message and nothing written, and the saved values read back
 * where families see them (the directory lookup behind the header, the website's fallback title).
 */

const ORG = 'org_demo';
const OTHER_HOST = 'autre.localhost:3000';

let t: TestApp;
const tokens: Record<string, string> = {};
let otherManager: string;

const GENERAL_COLUMNS = `name, logo_asset_id, time_zone, default_locale, contact_email, contact_phone,
  hold_minutes, invitation_hours`;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'manager', 'estManager', 'holder', 'parent'] as const) {
    tokens[role] = (await t.signIn(DEMO_ACCOUNTS[role])).accessToken;
  }
  otherManager = await otherClubManager(t);
});
afterAll(() => t?.close());

const patch = (body: unknown, token = tokens.manager!, headers?: Record<string, string>) =>
  t.request('PATCH', `/api/organizations/${ORG}`, { token, body, headers });
const getSettings = () => t.request('GET', `/api/organizations/${ORG}`, { token: tokens.manager });
const generalRow = async () =>
  (
    await t.database.query<Record<string, unknown>>(
      `select ${GENERAL_COLUMNS} from organizations where id = '${ORG}'`,
    )
  )[0];
const fieldMessages = (body: string) =>
  (JSON.parse(body) as { details: { field: string; message: string }[] }).details.map(
    (detail) => [detail.field, detail.message] as const,
  );

/** `POST /assets?purpose=logo` with a PNG, as the general step uploads the logo. */
async function uploadLogo(token: string, organizationId: string, host?: string): Promise<string> {
  const form = multipart([
    { name: 'file', filename: 'logo.png', contentType: 'image/png', data: transparentPng(900) },
  ]);
  const response = await t.request('POST', '/api/assets', {
    token,
    organizationId,
    host,
    query: { purpose: 'logo' },
    body: form.body,
    headers: { 'content-type': form.contentType },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const VALID = {
  name: 'Cercle Sportif Renommé',
  timeZone: 'Europe/Paris',
  defaultLocale: 'en',
  contactEmail: 'contact@cercle.be',
  contactPhone: '+32 2 123 45 67',
  holdMinutes: 45,
  invitationHours: 48,
};

describe('who may change the general settings', () => {
  it('refuses establishment managers, holders and families (403), another club (404), nobody signed in (401)', async () => {
    const before = await generalRow();
    for (const role of ['estManager', 'holder', 'parent'] as const) {
      const response = await patch(VALID, tokens[role]);
      expect(response.statusCode, role).toBe(403);
    }
    const asOther = { token: otherManager, organizationId: OTHER_CLUB, host: OTHER_HOST };
    const other = await t.request('PATCH', `/api/organizations/${ORG}`, { ...asOther, body: VALID });
    expect(other.statusCode).toBe(404);
    expect((await t.request('PATCH', `/api/organizations/${ORG}`, { body: VALID })).statusCode).toBe(401);
    expect(await generalRow()).toEqual(before);
  });

  it('lets the club’s administrator change them', async () => {
    const response = await patch({ holdMinutes: 30 }, tokens.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().organization.holdMinutes).toBe(30);
  });
});

describe('bad input is refused with the field named and its French message, and nothing is written', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['name', { name: '' }, 'Ce champs est requis'],
    ['name', { name: 'Club' }, 'Ce champ doit contenir au moins 5 caractères'],
    ['name', { name: 'x'.repeat(201) }, 'Ce champ doit contenir au plus 200 caractères'],
    ['name', { name: null }, 'Ce champs est requis'],
    ['logoAsset', { logoAsset: '../etc/passwd' }, 'Identifiant invalide'],
    ['logoAsset', { logoAsset: 'a'.repeat(101) }, 'Ce champ doit contenir au plus 100 caractères'],
    ['timeZone', { timeZone: 'Europe/Atlantis' }, 'Fuseau horaire invalide'],
    ['timeZone', { timeZone: 'europe/brussels' }, 'Fuseau horaire invalide'],
    ['timeZone', { timeZone: '' }, 'Ce champs est requis'],
    ['defaultLocale', { defaultLocale: 'nl' }, 'Choisissez une des valeurs proposées'],
    ['contactEmail', { contactEmail: 'contact@' }, 'Adresse e-mail invalide'],
    [
      'contactEmail',
      { contactEmail: `${'a'.repeat(250)}@b.be` },
      'Ce champ doit contenir au plus 254 caractères',
    ],
    [
      'contactPhone',
      { contactPhone: '02 12' },
      'Le numéro de téléphone doit compter au moins 9 chiffres (+ . - ( ) et espaces permis)',
    ],
    [
      'contactPhone',
      { contactPhone: '02 123 45 67 ext' },
      'Le numéro de téléphone doit compter au moins 9 chiffres (+ . - ( ) et espaces permis)',
    ],
    [
      'holdMinutes',
      { holdMinutes: 2 },
      'La durée de réservation doit être un nombre entier de minutes entre 5 et 1440',
    ],
    [
      'holdMinutes',
      { holdMinutes: 1e12 },
      'La durée de réservation doit être un nombre entier de minutes entre 5 et 1440',
    ],
    [
      'holdMinutes',
      { holdMinutes: '20' },
      'La durée de réservation doit être un nombre entier de minutes entre 5 et 1440',
    ],
    [
      'invitationHours',
      { invitationHours: 1.5 },
      'La validité d’une invitation doit être un nombre entier d’heures entre 1 et 720',
    ],
    [
      'invitationHours',
      { invitationHours: 721 },
      'La validité d’une invitation doit être un nombre entier d’heures entre 1 et 720',
    ],
  ];

  it.each(cases)('%s: %j', async (field, body, text) => {
    const before = await generalRow();
    const response = await patch({ ...VALID, ...body });
    expect(response.statusCode, response.body).toBe(400);
    expect(fieldMessages(response.body)).toEqual([[field, text]]);
    expect(await generalRow()).toEqual(before);
  });

  it('answers in English for an English reader', async () => {
    const response = await patch({ timeZone: 'Mars/Olympus' }, tokens.manager, { 'accept-language': 'en' });
    expect(fieldMessages(response.body)).toEqual([['timeZone', 'Invalid time zone']]);
  });

  it('a logo that is not one of the organisation’s images', async () => {
    const before = await generalRow();
    const foreign = await uploadLogo(otherManager, OTHER_CLUB, OTHER_HOST);
    for (const logoAsset of [foreign, 'ast_missing']) {
      const response = await patch({ logoAsset });
      expect(response.statusCode).toBe(400);
      expect(fieldMessages(response.body)).toEqual([
        ['logoAsset', "Cet élément n'existe pas ou n'est plus disponible"],
      ]);
    }
    expect(await generalRow()).toEqual(before);
  });

  it('an unknown field (the key, the subdomain, is not changed here)', async () => {
    const response = await patch({ key: 'nouveau' });
    expect(response.statusCode).toBe(400);
  });
});

describe('valid general settings', () => {
  it('are saved, read back, and seen at once where families see the club', async () => {
    // The demo's public page is titled with the club's name.
    const websiteTitle = async () => (await t.request('GET', '/api/website/data')).json().title as string;
    expect(await websiteTitle()).toBe('Club Sportif Démo');
    const logo = await uploadLogo(tokens.manager!, ORG);
    const response = await patch({ ...VALID, name: '  Cercle Sportif Renommé  ', logoAsset: logo });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(
      "Les informations de l'organisation ont été mises à jour avec succès.",
    );
    const read = await getSettings();
    expect(read.json()).toMatchObject({
      ...VALID,
      logoAsset: logo,
      logoUrl: `/api/assets/serve/${logo}?orgId=${ORG}`,
    });
    // The logo is stored at the website logo's size (512 px at most), and served.
    const served = await t.request('GET', read.json().logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);

    // The header and menu read the organisation by its key.
    const directory = await t.request('GET', '/api/organizations/directory/key/demo');
    expect(directory.json()).toMatchObject({
      name: 'Cercle Sportif Renommé',
      logoAsset: logo,
      timeZone: 'Europe/Paris',
      defaultLocale: 'en',
    });
    // The public page's title, which was the club's name, follows it.
    expect(await websiteTitle()).toBe('Cercle Sportif Renommé');
    // Sign-in answers the new name too.
    expect((await t.signIn(DEMO_ACCOUNTS.parent)).organization).toMatchObject({
      name: 'Cercle Sportif Renommé',
    });
  });

  it('leaves a website title of its own as it is', async () => {
    await t.database.query(
      `update website_settings set title = 'Le site du cercle' where organization_id = '${ORG}'`,
    );
    expect((await patch({ name: 'Cercle Sportif Encore Renommé' })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/website/data')).json().title).toBe('Le site du cercle');
    expect((await patch({ name: 'Cercle Sportif Renommé' })).statusCode).toBe(200);
  });

  it('clears the logo and the contact with null or an empty text, keeps what is not sent', async () => {
    const response = await patch({ logoAsset: null, contactEmail: '', contactPhone: null });
    expect(response.statusCode, response.body).toBe(200);
    expect(await generalRow()).toEqual({
      name: 'Cercle Sportif Renommé',
      logo_asset_id: null,
      time_zone: 'Europe/Paris',
      default_locale: 'en',
      contact_email: null,
      contact_phone: null,
      hold_minutes: 45,
      invitation_hours: 48,
    });
  });

  it('a new hold time is the one a family’s cart keeps its seats for', async () => {
    expect((await patch({ holdMinutes: 45 })).statusCode).toBe(200);
    const parent = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
    const [lea] = await t.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.organizationId, ORG), inArray(members.firstName, ['Léa'])));
    const start = new Date(Date.now() + 20 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const { blueprintId, serviceIds } = await createActivity(t.db, {
      name: 'Aquagym',
      price: 1000,
      sessions: [{ start }],
    });
    const response = await t.request('POST', '/api/cart/items', {
      token: parent,
      organizationId: ORG,
      body: { blueprintId, serviceIds, memberIds: [lea!.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const hold = new Date(response.json().cart.holdExpiresAt).getTime() - Date.now();
    expect(hold).toBeGreaterThan(44 * 60_000);
    expect(hold).toBeLessThanOrEqual(45 * 60_000);
  });
});
