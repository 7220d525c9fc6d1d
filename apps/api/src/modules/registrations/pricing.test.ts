import { describe, expect, it } from 'vitest';
import { includedTax } from '@inscrio/shared';
import { linePrice, priceLine, type SupplementData } from './pricing';

const ACTIVITY = { price: 2500, taxPercentage: 600 };
const TSHIRT: SupplementData = { id: 'sup_tshirt', name: 'T-shirt', price: 1500, minAge: null, maxAge: null };
const MEAL: SupplementData = {
  ...TSHIRT,
  id: 'sup_meal',
  name: 'Repas',
  price: 800,
  frequency: 'per-session',
};
/** 6 to 8 years: 72 months up to the day before the 9th birthday. */
const SMALL: SupplementData = { id: 'sup_small', name: '6-8 ans', price: 300, minAge: 72, maxAge: 96 };
const TODDLER: SupplementData = { id: 'sup_toddler', name: 'Bébés', price: 200, minAge: null, maxAge: 18 };

describe('includedTax', () => {
  it('takes the VAT out of a VAT-inclusive amount, rounded to the cent', () => {
    expect(includedTax(2500, 600)).toBe(142); // 141.51
    expect(includedTax(1500, 600)).toBe(85); // 84.91
    expect(includedTax(300, 600)).toBe(17); // 16.98
    expect(includedTax(12100, 2100)).toBe(2100); // exact
    expect(includedTax(1000, 2100)).toBe(174); // 173.55
    expect(includedTax(1, 2100)).toBe(0); // 0.17
    expect(includedTax(3, 2100)).toBe(1); // 0.52
  });

  it('is zero without VAT and on a free line', () => {
    expect(includedTax(2500, 0)).toBe(0);
    expect(includedTax(0, 2100)).toBe(0);
  });
});

describe('linePrice', () => {
  it('sums the price and supplements, and the VAT of each part rounded on its own', () => {
    const price = linePrice(
      100,
      [
        { supplementId: 'a', name: 'A', price: 100, frequency: 'once' },
        { supplementId: 'b', name: 'B', price: 100, frequency: 'per-session' },
      ],
      600,
    );
    expect(price.totalAmount).toBe(300);
    // Each part 5.66 → 6, as the invoice prints each supplement as its own line (the whole would be 17).
    expect(price.taxAmount).toBe(18);
    expect(includedTax(300, 600)).toBe(17);
  });

  it('is the bare price without supplements', () => {
    expect(linePrice(2500, [], 600)).toEqual({
      unitPrice: 2500,
      supplements: [],
      taxPercentage: 600,
      totalAmount: 2500,
      taxAmount: 142,
    });
  });
});

describe('priceLine', () => {
  const supplements = [TSHIRT, MEAL, SMALL, TODDLER];
  const names = (ageMonths: number | null, chosen: string[] = []) =>
    priceLine(ACTIVITY, supplements, ageMonths, chosen).supplements.map((s) => s.name);

  it('adds a chosen optional supplement only when chosen, unknown ids ignored', () => {
    expect(names(40)).toEqual([]);
    expect(names(40, ['sup_tshirt', 'sup_unknown'])).toEqual(['T-shirt']);
  });

  it('adds an age-bracket supplement from the minimum age to the last month of the maximum year', () => {
    expect(names(71)).toEqual([]);
    expect(names(72)).toEqual(['6-8 ans']);
    expect(names(107)).toEqual(['6-8 ans']); // 8 years and 11 months
    expect(names(108)).toEqual([]);
    expect(names(18)).toEqual(['Bébés']); // a maximum in months: its last month included
    expect(names(19)).toEqual([]);
  });

  it('never adds an age-bracket supplement for an unknown age, nor because it was chosen', () => {
    expect(names(null, ['sup_small'])).toEqual([]);
    expect(names(40, ['sup_small'])).toEqual([]);
  });

  it('keeps the activity order of supplements and their frequency (once by default)', () => {
    const price = priceLine(ACTIVITY, supplements, 80, ['sup_meal', 'sup_tshirt']);
    expect(price.supplements).toEqual([
      { supplementId: 'sup_tshirt', name: 'T-shirt', price: 1500, frequency: 'once' },
      { supplementId: 'sup_meal', name: 'Repas', price: 800, frequency: 'per-session' },
      { supplementId: 'sup_small', name: '6-8 ans', price: 300, frequency: 'once' },
    ]);
    expect(price.totalAmount).toBe(2500 + 1500 + 800 + 300);
    expect(price.taxAmount).toBe(142 + 85 + 45 + 17);
    expect(price.unitPrice).toBe(2500);
    expect(price.taxPercentage).toBe(600);
  });

  it('reads any other frequency as once', () => {
    const odd = { ...TSHIRT, frequency: 'yearly' };
    expect(priceLine(ACTIVITY, [odd], 80, [odd.id]).supplements[0]!.frequency).toBe('once');
  });
});
