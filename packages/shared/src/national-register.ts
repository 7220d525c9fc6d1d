/*
 * Belgian national register numbers (numéro de registre national, NN/RRN): 11 digits `YYMMDD SSS CC`,
 * birth date, a sequence (odd for men, even for women) and a check number. The check is 97 minus the
 * first nine digits modulo 97; for people born in 2000 or later the nine digits are prefixed with a 2
 * (2 000 000 000 + the nine digits) before the modulo. A birth date may be partly unknown (month or day
 * 00, or a BIS number with the month raised by 20 or 40), so the date is not checked, only the sum.
 * Sources: https://fr.wikipedia.org/wiki/Num%C3%A9ro_de_registre_national (structure and check);
 * arthurdejong/python-stdnum `stdnum/be/nn.py` (the post-2000 variant).
 */

/** The 11 digits of a number as people type it (`85.07.30-033.28`, spaces, dashes), or null. */
export function normalizeNationalRegisterNumber(value: string): string | null {
  const digits = value.replace(/[\s.\-/]/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

/** Whether the check number fits the first nine digits, for a birth before or after 2000. */
export function isValidNationalRegisterNumber(value: string): boolean {
  const digits = normalizeNationalRegisterNumber(value);
  if (!digits) return false;
  const body = Number(digits.slice(0, 9));
  const check = Number(digits.slice(9));
  return 97 - (body % 97) === check || 97 - ((2_000_000_000 + body) % 97) === check;
}

/** The usual written form `YY.MM.DD-SSS.CC`. */
export function formatNationalRegisterNumber(value: string): string {
  const d = normalizeNationalRegisterNumber(value);
  if (!d) return value;
  return `${d.slice(0, 2)}.${d.slice(2, 4)}.${d.slice(4, 6)}-${d.slice(6, 9)}.${d.slice(9)}`;
}

/** Only the last two digits shown (`•• •• ••-•••.28`): what a screen may show of a stored number. */
export function maskNationalRegisterNumber(value: string): string {
  const d = normalizeNationalRegisterNumber(value);
  return d ? `••.••.••-•••.${d.slice(9)}` : '';
}
