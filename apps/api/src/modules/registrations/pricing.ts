import { includedTax, isWithinAgeLimits, type SupplementFrequency } from '@inscrio/shared';

/*
 * What a registration line costs, in integer cents, VAT included. Pure: the caller reads the activity's
 * price and supplements (the eligibility or cart repository) and the member's age on the session date.
 */

/** A supplement of the activity, as the repositories read it. */
export interface SupplementData {
  id: string;
  name: string;
  price: number;
  /** Months; with `maxAge`, the age bracket that makes the supplement apply (none: chosen by the family). */
  minAge: number | null;
  maxAge: number | null;
  /** Absent: 'once' (the default). */
  frequency?: SupplementFrequency | string;
}

export interface PriceSupplement {
  supplementId: string;
  name: string;
  /** Cents. */
  price: number;
  /** Once per participant, activity and period, or on every session (`chargeOnceSupplements`). */
  frequency: SupplementFrequency;
}

/** A line's price, VAT included, computed on the session date. */
export interface LinePrice {
  unitPrice: number;
  supplements: PriceSupplement[];
  /** Hundredths of a percent. */
  taxPercentage: number;
  totalAmount: number;
  taxAmount: number;
}

/**
 * A line's price from its parts: the session's price and the supplements charged with it. The VAT is
 * that of each part, summed, since the invoice prints each supplement as its own line (so the order's
 * VAT and its invoice's agree to the cent).
 */
export function linePrice(
  unitPrice: number,
  supplements: PriceSupplement[],
  taxPercentage: number,
): LinePrice {
  return {
    unitPrice,
    supplements,
    taxPercentage,
    totalAmount: unitPrice + supplements.reduce((sum, s) => sum + s.price, 0),
    taxAmount:
      includedTax(unitPrice, taxPercentage) +
      supplements.reduce((sum, s) => sum + includedTax(s.price, taxPercentage), 0),
  };
}

/**
 * The price of one line: the activity's price, the supplements whose age bracket holds the attendee on
 * the session date, and the chosen optional supplements (those without a bracket). Every applying
 * supplement is listed, `once` ones too: `chargeOnceSupplements` then leaves those out of the lines
 * after the first of a member, activity and period.
 */
export function priceLine(
  blueprint: { price: number; taxPercentage: number },
  supplements: readonly SupplementData[],
  ageMonths: number | null,
  chosen: readonly string[],
): LinePrice {
  const applied: PriceSupplement[] = [];
  for (const s of supplements) {
    const bracketed = s.minAge !== null || s.maxAge !== null;
    const applies = bracketed
      ? ageMonths !== null && isWithinAgeLimits(ageMonths, s.minAge, s.maxAge)
      : chosen.includes(s.id);
    if (applies) {
      applied.push({
        supplementId: s.id,
        name: s.name,
        price: s.price,
        frequency: s.frequency === 'per-session' ? 'per-session' : 'once',
      });
    }
  }
  return linePrice(blueprint.price, applied, blueprint.taxPercentage);
}
