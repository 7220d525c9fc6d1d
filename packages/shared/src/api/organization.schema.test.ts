import { describe, expect, it } from 'vitest';
import {
  BELGIAN_VAT_EXEMPTION_MENTION,
  billingRuleIssues,
  formatIban,
  isValidBic,
  isValidIban,
  normalizeIban,
  organizationMessage,
  organizationSettingsSchema,
} from './organization.schema';

describe('IBAN', () => {
  it.each([
    'BE71 0961 2345 6769',
    'be71096123456769',
    'FR14 2004 1010 0505 0001 3M02 606',
    'LU28 0019 4006 4475 0000',
    'NL91ABNA0417164300',
    'DE89 3704 0044 0532 0130 00',
  ])('%s is valid', (iban) => expect(isValidIban(iban)).toBe(true));
  it.each(['BE71 0961 2345 6768', 'BE71 0961 2345 676', 'XX71096123456769', 'BE7109612345676', '', 'hello'])(
    '%j is invalid',
    (iban) => expect(isValidIban(iban)).toBe(false),
  );
  it('normalises and formats', () => {
    expect(normalizeIban(' be71 0961-2345 6769 ')).toBe('BE71096123456769');
    expect(formatIban('BE71096123456769')).toBe('BE71 0961 2345 6769');
  });
  it('checks BICs', () => {
    expect(isValidBic('GEBABEBB')).toBe(true);
    expect(isValidBic('gebabebbxxx')).toBe(true);
    expect(isValidBic('GEBA')).toBe(false);
    expect(isValidBic('12BABEBB')).toBe(false);
  });
});

describe('organizationSettingsSchema', () => {
  it('gives the French IBAN message', () => {
    const result = organizationSettingsSchema('fr').safeParse({ iban: 'BE00 0000 0000 0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['iban'], message: 'IBAN invalide' });
  });
  it('accepts clearing values and refuses unknown fields', () => {
    expect(organizationSettingsSchema('en').parse({ iban: '', bic: null })).toEqual({ iban: '', bic: null });
    expect(organizationSettingsSchema('fr').safeParse({ buckarooSecretKeySet: true }).success).toBe(false);
    expect(organizationSettingsSchema('fr').safeParse({ paymentProvider: 'stripe' }).success).toBe(false);
  });
  it('fills message placeholders', () => {
    expect(organizationMessage('providerActivated', 'fr', { provider: 'Mollie' })).toBe(
      'Le moyen de paiement Mollie a été activé.',
    );
  });
});

describe('the billing part of organizationSettingsSchema', () => {
  const schema = organizationSettingsSchema('fr');
  const issues = (payload: unknown) =>
    (schema.safeParse(payload).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

  const PROFILE = {
    billingEmail: 'facturation@club.be',
    billingPhone: '+32 2 123 45 67',
    billingAddress: 'Avenue des Sports 12',
    billingCity: 'Bruxelles',
    billingPostalCode: '1050',
    billingCountry: 'BEL',
    vatNumber: 'BE 0403.019.261',
    vatRegime: 'exempt',
    vatExemptionMention: BELGIAN_VAT_EXEMPTION_MENTION,
    invoiceDueDays: 30,
    documentLogoAssetId: 'ast_logo-1',
  };

  it('accepts a complete Belgian profile', () => {
    expect(schema.parse(PROFILE)).toEqual({ ...PROFILE });
  });

  it.each([
    ['BEL', 'BE0431150351'],
    ['FRA', 'FR41303265045'],
    ['LUX', 'LU15027443'],
    // A valid number of another country than the billing one.
    ['FRA', 'BE0403019261'],
  ])('checks the VAT number against the country (%s, %s)', (billingCountry, vatNumber) => {
    expect(issues({ billingCountry, vatNumber })).toEqual([['vatNumber', 'Numéro de TVA invalide']]);
  });

  it('takes the VAT number without its prefix when the country is given', () => {
    expect(issues({ billingCountry: 'FRA', vatNumber: '40 303 265 045' })).toEqual([]);
    expect(issues({ billingCountry: 'LUX', vatNumber: '15027442' })).toEqual([]);
  });

  it('checks the phone and the postal code against the country', () => {
    expect(issues({ ...PROFILE, billingCountry: 'FRA', vatNumber: 'FR40303265045' })).toEqual([
      ['billingPostalCode', 'Code postal invalide pour le pays choisi'],
    ]);
    expect(issues({ billingCountry: 'BEL', billingPhone: '+32 12' })).toEqual([
      ['billingPhone', 'Numéro de téléphone invalide pour le pays choisi'],
    ]);
    expect(issues({ billingCountry: 'BEL', billingPhone: 'call me' })).toEqual([
      ['billingPhone', 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et + . -'],
    ]);
  });

  it('leaves the country-dependent rules to the API when the payload has no country', () => {
    expect(issues({ vatNumber: '0431150351', billingPostalCode: '75001' })).toEqual([]);
  });

  it('requires the exemption mention when exempt', () => {
    const required = [['vatExemptionMention', 'Indiquez la mention d’exonération imprimée sur les factures']];
    expect(issues({ vatRegime: 'exempt', vatExemptionMention: '  ' })).toEqual(required);
    expect(issues({ vatRegime: 'exempt', vatExemptionMention: null })).toEqual(required);
    expect(issues({ vatRegime: 'subject', vatExemptionMention: '' })).toEqual([]);
    expect(issues({ vatRegime: 'free' })).toEqual([['vatRegime', 'Choisissez une des valeurs proposées']]);
  });

  it('checks e-mail, due days and logo id, every field at once', () => {
    expect(
      issues({
        billingEmail: 'not-an-email',
        invoiceDueDays: 121,
        documentLogoAssetId: '../etc',
        billingCountry: 'BEL',
        vatNumber: 'BE0431150351',
      }),
    ).toEqual([
      ['billingEmail', 'Adresse e-mail invalide'],
      ['invoiceDueDays', 'Le délai de paiement doit être un nombre entier de jours entre 0 et 120'],
      ['documentLogoAssetId', 'Identifiant invalide'],
      ['vatNumber', 'Numéro de TVA invalide'],
    ]);
    expect(issues({ invoiceDueDays: 1.5 })).toHaveLength(1);
    expect(issues({ invoiceDueDays: -1 })).toHaveLength(1);
    expect(issues({ invoiceDueDays: 0 })).toEqual([]);
  });

  it("accepts '' and null to clear each field", () => {
    const cleared = Object.fromEntries(Object.keys(PROFILE).map((key, i) => [key, i % 2 ? '' : null]));
    expect(issues({ ...cleared, invoiceDueDays: null })).toEqual([]);
  });

  it('speaks English when asked', () => {
    const english = organizationSettingsSchema('en').safeParse({ billingCountry: 'LUX', vatNumber: 'LU1' });
    expect(english.error?.issues[0]?.message).toBe('Invalid VAT number');
  });
});

describe('billingRuleIssues', () => {
  it('checks merged values: without a country the VAT number needs its prefix', () => {
    expect(billingRuleIssues({ vatNumber: '0403019261' }, 'fr')).toEqual([
      { field: 'vatNumber', message: 'Numéro de TVA invalide' },
    ]);
    expect(billingRuleIssues({ vatNumber: 'LU15027442', billingCountry: null }, 'fr')).toEqual([]);
  });

  it('leaves an absent mention to what is stored', () => {
    expect(billingRuleIssues({ vatRegime: 'exempt' }, 'fr')).toEqual([]);
  });
});

describe('the general part of organizationSettingsSchema', () => {
  const issues = (payload: unknown, locale: 'fr' | 'en' = 'fr') =>
    (organizationSettingsSchema(locale).safeParse(payload).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]);

  it('takes a trimmed name, an IANA time zone, fr or en, and whole numbers within their bounds', () => {
    expect(
      organizationSettingsSchema('fr').parse({
        name: '  Cercle Sportif  ',
        timeZone: 'America/New_York',
        defaultLocale: 'en',
        holdMinutes: 5,
        invitationHours: 720,
        contactPhone: '+32 (0)2 123.45.67',
      }),
    ).toEqual({
      name: 'Cercle Sportif',
      timeZone: 'America/New_York',
      defaultLocale: 'en',
      holdMinutes: 5,
      invitationHours: 720,
      contactPhone: '+32 (0)2 123.45.67',
    });
    // The name's minimum is the creation form's: 5 characters in French, 1 in English.
    expect(issues({ name: 'Judo' })).toEqual([['name', 'Ce champ doit contenir au moins 5 caractères']]);
    expect(issues({ name: 'Judo' }, 'en')).toEqual([]);
  });

  it('refuses what is out of bounds, each with its message', () => {
    expect(
      issues({
        timeZone: 'Europe/Bruxelles',
        holdMinutes: 4,
        invitationHours: Number.NaN,
        contactPhone: '12345678',
        logoAsset: 'ast 1',
      }),
    ).toEqual([
      ['logoAsset', 'Identifiant invalide'],
      ['timeZone', 'Fuseau horaire invalide'],
      [
        'contactPhone',
        'Le numéro de téléphone doit compter au moins 9 chiffres (+ . - ( ) et espaces permis)',
      ],
      ['holdMinutes', 'La durée de réservation doit être un nombre entier de minutes entre 5 et 1440'],
      ['invitationHours', 'La validité d’une invitation doit être un nombre entier d’heures entre 1 et 720'],
    ]);
  });
});
