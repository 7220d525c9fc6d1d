/** `1234` cents → `'12.34'` (Mollie wants a string with exactly two decimals). */
export const centsToDecimalString = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** `1234` cents → `12.34` (Buckaroo wants a decimal number). */
export const centsToDecimalNumber = (cents: number): number => Number(centsToDecimalString(cents));

/** `'12.34'` or `12.34` → `1234` cents, without floating-point drift. */
export function decimalToCents(value: string | number): number {
  const [whole = '0', fraction = ''] = String(value).split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
}
