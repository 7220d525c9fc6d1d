/*
 * Lines typed by a manager (a free invoice, a partial credit note): quantity, unit price in euros
 * VAT included and VAT rate in %, as typed. `toManualLine` turns them into the API's units (cents,
 * hundredths of a percent); a value that cannot be read is passed on as typed, so the shared schema
 * answers with its format message under the field.
 */

import { decimalToHundredths, hundredthsToDecimal, includedTax } from '@inscrio/shared';

export interface LineFormValues {
  description: string;
  quantity: string;
  /** Euros, comma or dot. */
  unitPrice: string;
  /** Percent, comma or dot. */
  taxPercentage: string;
}

export const emptyLine = (taxPercentage = '0'): LineFormValues => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  taxPercentage,
});

/** '12' → 12; '' → undefined (required); anything else as typed. */
export function parseInteger(text: string): number | string | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  return /^\d{1,9}$/.test(value) ? Number(value) : value;
}

/**
 * A decimal with at most two decimals, comma or dot, spaces and a trailing '€' or '%' tolerated, in
 * hundredths: '12,50' → 1250 (cents), '5,5 %' → 550 (hundredths of a percent); '' → undefined.
 */
export function parseHundredths(text: string): number | string | undefined {
  const hundredths = decimalToHundredths(text);
  return hundredths === null ? text : hundredths;
}

export function toManualLine(line: LineFormValues) {
  return {
    description: line.description,
    quantity: parseInteger(line.quantity),
    unitPrice: parseHundredths(line.unitPrice),
    taxPercentage: parseHundredths(line.taxPercentage),
  };
}

export interface LinesTotal {
  total: number;
  tax: number;
}

/** Totals of the lines that can be read so far (a line still being typed counts as nothing). */
export function linesTotal(lines: LineFormValues[]): LinesTotal {
  let total = 0;
  let tax = 0;
  for (const line of lines) {
    const quantity = parseInteger(line.quantity);
    const price = parseHundredths(line.unitPrice);
    const rate = parseHundredths(line.taxPercentage);
    if (typeof quantity !== 'number' || typeof price !== 'number') continue;
    const lineTotal = quantity * price;
    total += lineTotal;
    tax += typeof rate === 'number' ? includedTax(lineTotal, rate) : 0;
  }
  return { total, tax };
}

/** Cents or hundredths as the form shows them: 1250 → '12,50' in French, '12.50' in English. */
export function hundredthsText(value: number, locale: 'fr' | 'en', trimZeros = false): string {
  return hundredthsToDecimal(value, locale, { trimZeros });
}
