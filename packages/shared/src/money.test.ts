import { describe, expect, it } from 'vitest';
import {
  amountDue,
  centsToEuroInput,
  creditNoteSettlement,
  decimalToHundredths,
  eurosToCents,
  hundredthsToDecimal,
  includedTax,
} from './money';

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

describe('decimalToHundredths', () => {
  it('reads a comma or a dot, at most two decimals, spaces, € and % ignored', () => {
    expect(decimalToHundredths('12,50')).toBe(1250);
    expect(decimalToHundredths('12.5')).toBe(1250);
    expect(decimalToHundredths(' 1 250 € ')).toBe(125000);
    expect(decimalToHundredths('1\u202f250\u00a0€')).toBe(125000);
    expect(decimalToHundredths('5,5 %')).toBe(550);
    expect(decimalToHundredths('21')).toBe(2100);
    expect(decimalToHundredths('0,05')).toBe(5);
  });

  it('is undefined when nothing is typed and null when it is not a number', () => {
    expect(decimalToHundredths('')).toBeUndefined();
    expect(decimalToHundredths(' € ')).toBeUndefined();
    expect(decimalToHundredths('12,505')).toBeNull();
    expect(decimalToHundredths('douze')).toBeNull();
    expect(decimalToHundredths('1,2,3')).toBeNull();
  });

  it('takes a sign only when asked, and bounds the whole part', () => {
    expect(decimalToHundredths('-3')).toBeNull();
    expect(decimalToHundredths('-3', { negative: true })).toBe(-300);
    expect(decimalToHundredths('-0,5', { negative: true })).toBe(-50);
    expect(decimalToHundredths('123456789')).toBe(12345678900);
    expect(decimalToHundredths('1234567890')).toBeNull();
    expect(decimalToHundredths('12345678', { maxWholeDigits: 7 })).toBeNull();
  });
});

describe('eurosToCents', () => {
  it('reads an amount typed in euros, null when it is none', () => {
    expect(eurosToCents('12,50')).toBe(1250);
    expect(eurosToCents('12 €')).toBe(1200);
    expect(eurosToCents('0.1')).toBe(10);
    expect(eurosToCents('19,99')).toBe(1999);
    expect(eurosToCents('')).toBeNull();
    expect(eurosToCents('abc')).toBeNull();
    expect(eurosToCents('-5')).toBeNull();
  });
});

describe('hundredthsToDecimal and centsToEuroInput', () => {
  it('write cents back as a field shows them, in French or English', () => {
    expect(centsToEuroInput(1250, 'fr')).toBe('12,50');
    expect(centsToEuroInput(1250, 'en')).toBe('12.50');
    expect(centsToEuroInput(5, 'fr')).toBe('0,05');
    expect(centsToEuroInput(0, 'fr')).toBe('0,00');
    expect(centsToEuroInput(-1999, 'en')).toBe('-19.99');
  });

  it('drop the zero decimals when asked', () => {
    expect(hundredthsToDecimal(2100, 'fr', { trimZeros: true })).toBe('21');
    expect(hundredthsToDecimal(550, 'fr', { trimZeros: true })).toBe('5,5');
    expect(hundredthsToDecimal(1005, 'en', { trimZeros: true })).toBe('10.05');
    expect(hundredthsToDecimal(-50, 'fr', { trimZeros: true })).toBe('-0,5');
  });

  it('read back to the same number', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 1234, 99_999_999]) {
      expect(eurosToCents(centsToEuroInput(cents, 'fr'))).toBe(cents);
      expect(decimalToHundredths(hundredthsToDecimal(cents, 'en', { trimZeros: true }))).toBe(cents);
    }
  });
});
