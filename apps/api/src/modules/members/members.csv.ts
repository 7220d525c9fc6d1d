/*
 * CSV as Excel opens it in Belgium and France: UTF-8 with a byte order mark (else accents break), ';'
 * between cells (',' is their decimal separator), CRLF line ends.
 */

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

/**
 * Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP): such a cell gets a
 * leading apostrophe, which Excel and LibreOffice show as text and do not evaluate.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** One cell: formula-safe, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]): string =>
  `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
