import { describe, expect, it } from 'vitest';
import { priceLine } from './pricing';
import { chargeOnceSupplements, type ChargeableLine } from './supplement-charges';

const TSHIRT = { id: 'sup_tshirt', name: 'T-shirt du club', price: 1500, minAge: null, maxAge: null };
const MEAL = { ...TSHIRT, id: 'sup_meal', name: 'Repas', price: 800, frequency: 'per-session' };
const SMALL = { id: 'sup_small', name: '6-8 ans', price: 300, minAge: 72, maxAge: 107 };

const line = (
  memberId: string,
  periodId: string | null,
  chosen: string[],
  blueprintId = 'bp_foot',
  ageMonths: number | null = 96,
): ChargeableLine => ({
  memberId,
  blueprintId,
  periodId,
  price: priceLine({ price: 2500, taxPercentage: 600 }, [TSHIRT, MEAL, SMALL], ageMonths, chosen),
});

const names = (prices: { supplements: { name: string }[] }[]) =>
  prices.map((p) => p.supplements.map((s) => s.name));

describe('chargeOnceSupplements', () => {
  it('charges a once supplement on the first session of a member, activity and period only', () => {
    const prices = chargeOnceSupplements([
      line('m1', 'per_a', [TSHIRT.id]),
      line('m1', 'per_a', [TSHIRT.id]),
    ]);
    expect(names(prices)).toEqual([['T-shirt du club', '6-8 ans'], []]);
    expect(prices.map((p) => p.totalAmount)).toEqual([2500 + 1500 + 300, 2500]);
  });

  it('charges a per-session supplement on every session', () => {
    const prices = chargeOnceSupplements([
      line('m1', 'per_a', [TSHIRT.id, MEAL.id]),
      line('m1', 'per_a', [TSHIRT.id, MEAL.id]),
      line('m1', 'per_a', [TSHIRT.id, MEAL.id]),
    ]);
    expect(names(prices)).toEqual([['T-shirt du club', 'Repas', '6-8 ans'], ['Repas'], ['Repas']]);
    expect(prices.reduce((sum, p) => sum + p.totalAmount, 0)).toBe(3 * 2500 + 1500 + 3 * 800 + 300);
  });

  it('charges it again for another member, another activity or another period', () => {
    const prices = chargeOnceSupplements([
      line('m1', 'per_a', [TSHIRT.id]),
      line('m2', 'per_a', [TSHIRT.id]),
      line('m1', 'per_b', [TSHIRT.id]),
      line('m1', 'per_a', [TSHIRT.id], 'bp_swim'),
    ]);
    expect(prices.map((p) => p.supplements.some((s) => s.name === 'T-shirt du club'))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('groups sessions without a period by activity', () => {
    const prices = chargeOnceSupplements([line('m1', null, [TSHIRT.id]), line('m1', null, [TSHIRT.id])]);
    expect(prices.map((p) => p.totalAmount)).toEqual([2500 + 1500 + 300, 2500]);
  });

  it('does not charge again what a live earlier order charged', () => {
    const prices = chargeOnceSupplements(
      [line('m1', 'per_a', [TSHIRT.id, MEAL.id])],
      [{ memberId: 'm1', blueprintId: 'bp_foot', periodId: 'per_a', supplementId: TSHIRT.id }],
    );
    expect(names(prices)).toEqual([['Repas', '6-8 ans']]);
    expect(prices[0]!.totalAmount).toBe(2500 + 800 + 300);
  });

  it('keeps the VAT exact in cents, as the sum of each part', () => {
    const [first, second] = chargeOnceSupplements([
      line('m1', 'per_a', [TSHIRT.id, MEAL.id]),
      line('m1', 'per_a', [TSHIRT.id, MEAL.id]),
    ]);
    // 6 % included: 2500 → 142, 1500 → 85, 800 → 45, 300 → 17.
    expect(first!.taxAmount).toBe(142 + 85 + 45 + 17);
    expect(second!.taxAmount).toBe(142 + 45);
  });

  it('leaves an age-bracket supplement out for a child outside the bracket', () => {
    const [price] = chargeOnceSupplements([line('m1', 'per_a', [], 'bp_foot', 60)]);
    expect(price!.supplements).toEqual([]);
    expect(price!.totalAmount).toBe(2500);
  });
});
