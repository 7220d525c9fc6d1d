import { describe, expect, it } from 'vitest';
import {
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
