/*
 * ISO 7064 MOD 97-10, the one check behind IBANs (ISO 13616), ISO 11649 creditor references (`RF…`) and
 * Belgian structured references (OGM/VCS). Letters count as numbers (A=10 … Z=35).
 */

/** Longest value taken (an IBAN is at most 34 characters, an RF reference 25): the loop stays short. */
const MAX_LENGTH = 64;

/**
 * Remainder modulo 97 of a string of digits and letters, letters read as A=10 … Z=35 (either case).
 * Computed 7 digits at a time, so a long value never overflows a number. Throws on any other character.
 */
export function mod97(value: string): number {
  if (value.length > MAX_LENGTH || !/^[0-9A-Za-z]*$/.test(value)) {
    throw new RangeError('mod97 takes up to 64 letters or digits');
  }
  const digits = [...value.toUpperCase()].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  }
  return remainder;
}
