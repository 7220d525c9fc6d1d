/*
 * What is due on an order or an invoice: one figure, read by every screen, PDF, QR payload and e-mail
 * (DESIGN.md section 10). Amounts are integer cents, VAT included.
 */

/**
 * The VAT included in a VAT-inclusive amount (cents), the rate in hundredths of a percent (2100 = 21 %):
 * total × rate / (100 % + rate), rounded to the nearest cent, a half cent upwards (`Math.round`, so
 * −0.5 goes to 0 on a negative amount). Every order line, invoice line, PDF and the web form's preview
 * take it from here, so their VAT agrees to the cent.
 */
export function includedTax(totalCents: number, taxHundredths: number): number {
  return taxHundredths <= 0 ? 0 : Math.round((totalCents * taxHundredths) / (10_000 + taxHundredths)) || 0;
}

/** The amounts of an order (or of an invoice) that decide what is still due. */
export interface DueAmounts {
  /** Cents ordered or invoiced. */
  totalAmount: number;
  /** Cents taken off by credit notes. */
  creditedAmount: number;
  /** Cents received, net of refunds. */
  paidAmount: number;
}

/** What is still to pay: total − credited − paid, never below 0. */
export function amountDue({ totalAmount, creditedAmount, paidAmount }: DueAmounts): number {
  return Math.max(0, totalAmount - creditedAmount - paidAmount);
}

/**
 * What a credit note did with the money:
 * - `refunded`: the money went back to the family with it;
 * - `deducted`: it cancelled an amount still due (taken off what the family has to pay);
 * - `not-refunded`: the family had paid it and has not been refunded (yet).
 */
export const CREDIT_NOTE_SETTLEMENTS = ['refunded', 'deducted', 'not-refunded'] as const;
export type CreditNoteSettlement = (typeof CREDIT_NOTE_SETTLEMENTS)[number];

/**
 * The settlement of a credit note that sent no refund. What the invoice received beyond what is left
 * of it after its credit notes (`paid − (total − credited)`) is money the family paid for credited
 * lines and was not given back; it is ascribed to the newest credit notes first. `newerUnrefunded` is
 * the sum of the invoice's unrefunded credit notes issued after this one.
 */
export function creditNoteSettlement(input: {
  refunded: boolean;
  invoice: DueAmounts;
  newerUnrefunded: number;
}): CreditNoteSettlement {
  if (input.refunded) return 'refunded';
  const { totalAmount, creditedAmount, paidAmount } = input.invoice;
  const overpaid = Math.max(0, paidAmount - (totalAmount - creditedAmount));
  return input.newerUnrefunded < overpaid ? 'not-refunded' : 'deducted';
}

/**
 * A decimal as a person types it ('12,50', '12.5', '1 200 €', '5,5 %') in hundredths: cents for an
 * amount in euros, hundredths of a percent for a rate ('21' → 2100). Comma or dot, at most two
 * decimals; spaces (non-breaking ones too), '€' and '%' are ignored. `undefined` when nothing is typed,
 * `null` when it is not such a number. `negative` accepts a leading '-'; `maxWholeDigits` bounds the
 * part before the comma. Integer arithmetic: no float rounding on the way.
 */
export function decimalToHundredths(
  text: string,
  { negative = false, maxWholeDigits = 9 }: { negative?: boolean; maxWholeDigits?: number } = {},
): number | null | undefined {
  const value = text.replace(/[\s€%]/g, '');
  if (value === '') return undefined;
  const match = new RegExp(`^(${negative ? '-?' : ''})(\\d{1,${maxWholeDigits}})(?:[.,](\\d{1,2}))?$`).exec(
    value,
  );
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -hundredths : hundredths;
}

/** An amount in euros typed in a field ('12,50', '12.5', '12 €') in cents; null when it is not one. */
export function eurosToCents(text: string): number | null {
  return decimalToHundredths(text) ?? null;
}

/**
 * Hundredths as a field shows them for typing again: 1250 → '12,50' (French) or '12.50' (English);
 * `trimZeros` drops the zero decimals: 2100 → '21', 550 → '5,5'.
 */
export function hundredthsToDecimal(
  value: number,
  locale: 'fr' | 'en',
  { trimZeros = false }: { trimZeros?: boolean } = {},
): string {
  const whole = Math.trunc(Math.abs(value) / 100);
  const rest = String(Math.abs(value) % 100).padStart(2, '0');
  const fraction = trimZeros ? rest.replace(/0+$/, '') : rest;
  const sign = value < 0 ? '-' : '';
  return `${sign}${whole}${fraction === '' ? '' : `${locale === 'fr' ? ',' : '.'}${fraction}`}`;
}

/** Cents as an amount field shows them: 1250 → '12,50' in French, '12.50' in English. */
export function centsToEuroInput(cents: number, locale: 'fr' | 'en'): string {
  return hundredthsToDecimal(cents, locale);
}
