/*
 * Money is integer cents end to end (CONVENTIONS 6). These are the only conversions between cents and
 * decimal euros the API makes: for payment providers, EPC QR codes, bank statements and CSV exports.
 * The VAT included in a price (`includedTax`) is in `@inscrio/shared`'s money.ts, since the web app
 * previews it the same way; `formatMoney` there is for display.
 */

/** The largest amount converted: 10^13 cents (100 billion euros) stays far from 2^53, so every sum is exact. */
export const MAX_CENTS = 10 ** 13;

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || Math.abs(cents) > MAX_CENTS) {
    throw new RangeError(`Not an amount in cents: ${cents}`);
  }
}

/**
 * `1234` cents → `'12.34'`, `-250` → `'-2.50'`: exactly two decimals, no grouping, the sign in front.
 * `decimalSeparator` `','` gives what French and Belgian spreadsheets read as a number (`'12,34'`).
 */
export function centsToDecimal(cents: number, decimalSeparator: '.' | ',' = '.'): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  return `${cents < 0 ? '-' : ''}${units}${decimalSeparator}${String(abs % 100).padStart(2, '0')}`;
}

/** `1234` cents → `12.34` (Buckaroo wants a decimal number). */
export const centsToDecimalNumber = (cents: number): number => Number(centsToDecimal(cents));

/** Up to 13 whole digits (see MAX_CENTS) and 5 decimals, as bank statements write them. */
const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,5}))?$/;

/**
 * A decimal amount in euros (`'125.5'`, `'0012.50'`, `'-3.20'`, `'12.300'`) as integer cents, read from
 * the digits so that no floating-point rounding creeps in (`'0.29'` is 29, where 0.29 × 100 is not).
 * Null when the text is not such a decimal or is not a whole number of cents (`'12.305'`, `'1e3'`).
 */
export function parseCents(text: string): number | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, units = '', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const cents = Number(units) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  // `|| 0`: '-0.00' is 0, never -0.
  return sign === '-' ? -cents || 0 : cents;
}

/**
 * A provider's amount (`'12.34'`, or a JSON number such as `12.34`) as cents. A number is rounded to the
 * cent, which undoes its binary drift (0.1 + 0.2 → 30). Throws when it is no amount: a provider that
 * sends one is not to be trusted with a guess.
 */
export function decimalToCents(value: string | number): number {
  if (typeof value === 'number') {
    const cents = Math.round(value * 100);
    assertCents(cents);
    return cents || 0;
  }
  const cents = parseCents(value);
  if (cents === null) throw new RangeError(`Not an amount in euros: ${value.slice(0, 40)}`);
  return cents;
}
