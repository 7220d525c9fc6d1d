/*
 * The one CSV writer of every export (CONVENTIONS 16). CSV as Excel opens it in Belgium and France: UTF-8
 * with a byte order mark (else accents break), ';' between cells (',' is their decimal separator), CRLF
 * line ends.
 */

import { centsToDecimal } from './money';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/** An amount in cents, written as a decimal number the spreadsheet can sum. */
export interface CsvAmount {
  cents: number;
}

export const csvAmount = (cents: number): CsvAmount => ({ cents });

export type CsvValue = string | number | CsvAmount | null | undefined;

export interface CsvFormat {
  /** `always`: every text cell between quotes; `when-needed` (default): only those that hold ; " or a line break. */
  quoteText?: 'always' | 'when-needed';
  /** Of amounts: ',' for a French spreadsheet (default), '.' for an English one. */
  decimalSeparator?: '.' | ',';
}

/**
 * Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP): such a text cell gets
 * a leading apostrophe, which Excel and LibreOffice show as text and do not evaluate.
 *
 * Only text is neutralised. Numbers and amounts are written by this code from integers (digits, a '-' sign
 * and a decimal separator, nothing a user typed), so a credit of -12,50 stays a number an accountant can
 * sum; neutralised, it would become the text '-12,50.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** One cell: text formula-safe and quoted as the format says; numbers and amounts as they are. */
export function csvCell(value: CsvValue, format: CsvFormat = {}): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a number for a CSV cell: ${value}`);
    return String(value);
  }
  if (typeof value === 'object' && value !== null) {
    return centsToDecimal(value.cents, format.decimalSeparator ?? ',');
  }
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return format.quoteText === 'always' || NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of cells, with its CRLF. */
export const csvLine = (cells: readonly CsvValue[], format: CsvFormat = {}): string =>
  `${cells.map((cell) => csvCell(cell, format)).join(CSV_SEPARATOR)}\r\n`;
