import { describe, expect, it } from 'vitest';
import { amountDue, creditNoteSettlement, includedTax } from './money';

describe('amountDue', () => {
  it('is the total less what was credited and what was paid', () => {
    expect(amountDue({ totalAmount: 5000, creditedAmount: 0, paidAmount: 0 })).toBe(5000);
    expect(amountDue({ totalAmount: 5000, creditedAmount: 2500, paidAmount: 0 })).toBe(2500);
    expect(amountDue({ totalAmount: 5000, creditedAmount: 2500, paidAmount: 1000 })).toBe(1500);
    expect(amountDue({ totalAmount: 5000, creditedAmount: 2500, paidAmount: 2500 })).toBe(0);
  });

  it('is never negative (a paid order credited afterwards)', () => {
    expect(amountDue({ totalAmount: 5000, creditedAmount: 2500, paidAmount: 5000 })).toBe(0);
  });
});

describe('creditNoteSettlement', () => {
  const invoice = (paidAmount: number, creditedAmount = 2500) => ({
    totalAmount: 5000,
    creditedAmount,
    paidAmount,
  });

  it('says refunded when money went back with it', () => {
    expect(creditNoteSettlement({ refunded: true, invoice: invoice(5000), newerUnrefunded: 0 })).toBe(
      'refunded',
    );
  });

  it('says deducted when it cancelled an amount still due', () => {
    expect(creditNoteSettlement({ refunded: false, invoice: invoice(0), newerUnrefunded: 0 })).toBe(
      'deducted',
    );
    // Paid afterwards, only what was left: still a deduction.
    expect(creditNoteSettlement({ refunded: false, invoice: invoice(2500), newerUnrefunded: 0 })).toBe(
      'deducted',
    );
  });

  it('says not refunded when the family had paid what it credits', () => {
    expect(creditNoteSettlement({ refunded: false, invoice: invoice(5000), newerUnrefunded: 0 })).toBe(
      'not-refunded',
    );
    // Two notes of 25 € on a paid 50 € order, 25 € of which was overpaid: the newest owes it.
    const both = invoice(5000 - 2500, 5000);
    expect(creditNoteSettlement({ refunded: false, invoice: both, newerUnrefunded: 0 })).toBe('not-refunded');
    expect(creditNoteSettlement({ refunded: false, invoice: both, newerUnrefunded: 2500 })).toBe('deducted');
  });
});

describe('includedTax', () => {
  /** Exact rounding (half up) in integers, to compare with. */
  const exact = (total: number, rate: number) => {
    const d = BigInt(10_000 + rate);
    const twice = 2n * BigInt(total) * BigInt(rate);
    return Number((twice + d) / (2n * d));
  };

  it('is total × rate / (100 % + rate), rounded to the cent', () => {
    expect(includedTax(12_100, 2100)).toBe(2100);
    expect(includedTax(5000, 600)).toBe(283); // 283.02
    expect(includedTax(1000, 2100)).toBe(174); // 173.55
    expect(includedTax(1, 2100)).toBe(0); // 0.17
    expect(includedTax(3, 2100)).toBe(1); // 0.52
    expect(includedTax(1, 10_000)).toBe(1); // 0.5: a half cent goes up
  });

  it('is nothing without a rate', () => {
    expect(includedTax(12_100, 0)).toBe(0);
    expect(includedTax(12_100, -100)).toBe(0);
    expect(includedTax(0, 2100)).toBe(0);
  });

  it('on a negative amount (a credit) mirrors the positive one except on a half cent, which goes up', () => {
    expect(includedTax(-12_100, 2100)).toBe(-2100);
    expect(includedTax(-5000, 600)).toBe(-283);
    expect(includedTax(-3, 2100)).toBe(-1);
    expect(Object.is(includedTax(-1, 10_000), 0)).toBe(true); // −0.5 → 0, never −0
  });

  it('is exact on big totals (up to a billion euros)', () => {
    for (const total of [99_999_999_999, 12_345_678_901, 100_000_000_000, 7]) {
      for (const rate of [550, 600, 1200, 2100, 2000]) {
        expect(includedTax(total, rate), `${total} at ${rate}`).toBe(exact(total, rate));
      }
    }
  });
});
