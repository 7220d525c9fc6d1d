import type { CountryCode } from './format';
import { mod97 } from './mod97';

/*
 * VAT numbers of the three countries the platform serves, with their check digits (domain brief
 * section 4): Belgium `BE` + 10 digits (mod 97), France `FR` + 2-character key + SIREN (Luhn, and the
 * key derived from the SIREN when numeric), Luxembourg `LU` + 8 digits (mod 89).
 */

/** The prefix a VAT number starts with, by country option code. */
export const VAT_PREFIXES: Readonly<Record<CountryCode, string>> = { BEL: 'BE', FRA: 'FR', LUX: 'LU' };

/**
 * `be 0403.019.261` → `BE0403019261`: upper case, without spaces, dots or dashes, with the country's
 * prefix added when the number has none and the country is known. An old 9-digit Belgian number gets
 * its leading 0 (enterprise numbers were lengthened to 10 digits).
 */
export function normalizeVatNumber(value: string, country?: CountryCode | null): string {
  let compact = value.replace(/[\s.\-/]/g, '').toUpperCase();
  if (country && /^\d/.test(compact)) compact = VAT_PREFIXES[country] + compact;
  if (/^BE\d{9}$/.test(compact)) compact = `BE0${compact.slice(2)}`;
  return compact;
}

/** Luhn (mod 10) over the digits, as for SIREN numbers. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const CHECKS: Record<string, (number: string) => boolean> = {
  // 97 − (first 8 digits mod 97) = last 2; a remainder of 0 gives 97, never 00.
  BE: (n) => /^[01]\d{9}$/.test(n) && 97 - mod97(n.slice(0, 8)) === Number(n.slice(8)),
  // Newer keys contain letters (never I or O) and are computed another way: they are accepted as they are.
  FR: (n) => {
    if (!/^[0-9A-HJ-NP-Z]{2}\d{9}$/.test(n)) return false;
    const key = n.slice(0, 2);
    const siren = n.slice(2);
    if (!passesLuhn(siren)) return false;
    return !/^\d{2}$/.test(key) || Number(key) === (12 + 3 * mod97(siren)) % 97;
  },
  // The last 2 digits are the first 6 mod 89.
  LU: (n) => /^\d{8}$/.test(n) && Number(n.slice(0, 6)) % 89 === Number(n.slice(6)),
};

/**
 * Whether `value` is a Belgian, French or Luxembourg VAT number with right check digits. With a
 * country, it must be that country's number (its prefix may be left out); without, the prefix says
 * which country's rule applies.
 */
export function isValidVatNumber(value: string, country?: CountryCode | null): boolean {
  const number = normalizeVatNumber(value, country);
  const prefix = number.slice(0, 2);
  if (country && prefix !== VAT_PREFIXES[country]) return false;
  const check = CHECKS[prefix];
  return check !== undefined && check(number.slice(2));
}
