import { describe, expect, it } from 'vitest';
import { isValidVatNumber, normalizeVatNumber } from './vat';

describe('Belgian VAT numbers (97 − first 8 digits mod 97 = last 2)', () => {
  it.each([
    // 04030192 mod 97 = 36 → 61
    'BE0403019261',
    // remainder 0 → 97, never 00
    'BE0428759497',
    // 1-series numbers (issued since September 2023): 10000002 mod 97 = 78 → 19
    'BE1000000219',
  ])('%s is valid', (number) => expect(isValidVatNumber(number)).toBe(true));

  it.each([
    // expects 50
    'BE0431150351',
    // a remainder of 0 is 97, not 00
    'BE0428759400',
    // first digit 0 or 1 only
    'BE2403019261',
    // 11 digits
    'BE04030192610',
  ])('%s is invalid', (number) => expect(isValidVatNumber(number)).toBe(false));

  it('accepts spaces, dots, lower case and a missing prefix when the country is known', () => {
    expect(isValidVatNumber('BE 0403.019.261')).toBe(true);
    expect(isValidVatNumber('be0403019261')).toBe(true);
    expect(isValidVatNumber('0403.019.261', 'BEL')).toBe(true);
    expect(isValidVatNumber('0403019261')).toBe(false);
    expect(isValidVatNumber('0431.150.351', 'BEL')).toBe(false);
  });

  it('gives an old 9-digit number its leading 0', () => {
    expect(normalizeVatNumber('BE 403.019.261')).toBe('BE0403019261');
    expect(isValidVatNumber('403019261', 'BEL')).toBe(true);
  });
});

describe('French VAT numbers (key + SIREN)', () => {
  it.each([
    // 303265045 mod 97 = 74 → (12 + 222) mod 97 = 40
    'FR40303265045',
    // 334175221 mod 97 = 36 → (12 + 108) mod 97 = 23
    'FR23334175221',
  ])('%s is valid', (number) => expect(isValidVatNumber(number)).toBe(true));

  it.each([
    // wrong key
    'FR41303265045',
    // the SIREN fails Luhn (last digit changed, key recomputed for it: 303265046 mod 97 = 75 → 43)
    'FR43303265046',
    // 8-digit SIREN
    'FR4030326504',
  ])('%s is invalid', (number) => expect(isValidVatNumber(number)).toBe(false));

  it('accepts the newer keys with letters, but never I or O, and still checks the SIREN', () => {
    expect(isValidVatNumber('FRK7303265045')).toBe(true);
    expect(isValidVatNumber('FR 4Z 303 265 045')).toBe(true);
    expect(isValidVatNumber('FRI7303265045')).toBe(false);
    expect(isValidVatNumber('FRO7303265045')).toBe(false);
    expect(isValidVatNumber('FRK7303265046')).toBe(false);
  });

  it('accepts a missing prefix when the country is known', () => {
    expect(isValidVatNumber('40 303 265 045', 'FRA')).toBe(true);
    expect(normalizeVatNumber('40 303 265 045', 'FRA')).toBe('FR40303265045');
  });
});

describe('Luxembourg VAT numbers (last 2 = first 6 mod 89)', () => {
  it('checks the worked examples', () => {
    // 150274 mod 89 = 42
    expect(isValidVatNumber('LU15027442')).toBe(true);
    expect(isValidVatNumber('LU15027443')).toBe(false);
    expect(isValidVatNumber('LU150274420')).toBe(false);
  });

  it('accepts a missing prefix when the country is known', () => {
    expect(isValidVatNumber('1502 7442', 'LUX')).toBe(true);
  });
});

describe('the country', () => {
  it('must match the prefix when both are given', () => {
    expect(isValidVatNumber('BE0403019261', 'BEL')).toBe(true);
    expect(isValidVatNumber('BE0403019261', 'FRA')).toBe(false);
    expect(isValidVatNumber('LU15027442', 'BEL')).toBe(false);
  });

  it('refuses other countries and rubbish', () => {
    expect(isValidVatNumber('NL123456789B01')).toBe(false);
    expect(isValidVatNumber('')).toBe(false);
    expect(isValidVatNumber('TVA')).toBe(false);
  });

  it('normalises without a country', () => {
    expect(normalizeVatNumber(' lu 1502-7442 ')).toBe('LU15027442');
    expect(normalizeVatNumber('0403019261')).toBe('0403019261');
  });
});
