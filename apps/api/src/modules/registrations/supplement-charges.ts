import { type LinePrice, linePrice } from './pricing';

/*
 * How often a supplement is charged (DESIGN section 10). A `once` supplement (a T-shirt, a licence,
 * equipment) is charged once per participant (member), activity and period: on the first line of that
 * member, activity and period, and on none when an earlier order of the member still live in that period
 * charged it already. Sessions without a period count as one group per activity. A `per-session`
 * supplement (a meal, a bus) is charged on every line. Age-bracket supplements follow the same rule.
 * Pure: the caller reads what was charged before (the cart repository, in SQL) and gives it here.
 */

/** A supplement charged for a member, an activity and a period (null: sessions without a period). */
export interface SupplementCharge {
  memberId: string;
  blueprintId: string;
  periodId: string | null;
  supplementId: string;
}

/** One key per (member, activity, period, supplement). */
export const chargeKey = (c: SupplementCharge): string =>
  JSON.stringify([c.memberId, c.blueprintId, c.periodId ?? null, c.supplementId]);

/** A priced line, as `priceLine` priced it alone (every applying supplement listed). */
export interface ChargeableLine {
  memberId: string;
  blueprintId: string;
  periodId: string | null;
  price: LinePrice;
}

/**
 * The prices of `lines`, in their order, with each `once` supplement kept on the first line of its
 * member, activity and period only, and left out everywhere when `alreadyCharged` holds it (an earlier
 * live order). Per-session supplements stay on every line. Totals and VAT are recomputed in cents.
 */
export function chargeOnceSupplements(
  lines: readonly ChargeableLine[],
  alreadyCharged: Iterable<SupplementCharge> = [],
): LinePrice[] {
  const charged = new Set<string>();
  for (const c of alreadyCharged) charged.add(chargeKey(c));
  return lines.map((line) => {
    const kept = line.price.supplements.filter((s) => {
      if (s.frequency !== 'once') return true;
      const key = chargeKey({ ...line, supplementId: s.supplementId });
      if (charged.has(key)) return false;
      charged.add(key);
      return true;
    });
    if (kept.length === line.price.supplements.length) return line.price;
    return linePrice(line.price.unitPrice, kept, line.price.taxPercentage);
  });
}
