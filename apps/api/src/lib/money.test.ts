import { describe, expect, it } from 'vitest';
import { centsToDecimal, centsToDecimalNumber, decimalToCents, MAX_CENTS, parseCents } from './money';

describe('centsToDecimal', () => {
  it('writes two decimals, the sign in front', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(1250)).toBe('12.50');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(-1250)).toBe('-12.50'); // a credit note
    expect(centsToDecimal(-0)).toBe('0.00');
    expect(centsToDecimal(1250, ',')).toBe('12,50');
    expect(centsToDecimal(-123456789, ',')).toBe('-1234567,89');
  });

  it('is exact on big totals, where cents / 100 would drift', () => {
    expect(centsToDecimal(MAX_CENTS)).toBe('100000000000.00');
    expect(centsToDecimal(MAX_CENTS - 1)).toBe('99999999999.99');
    expect(centsToDecimal(-(MAX_CENTS - 1))).toBe('-99999999999.99');
    expect(centsToDecimalNumber(99_999_999_999)).toBe(999_999_999.99);
  });

  it('refuses what is not a whole number of cents within bounds', () => {
    for (const bad of [0.5, Number.NaN, Infinity, MAX_CENTS + 1, -(MAX_CENTS + 1)]) {
      expect(() => centsToDecimal(bad)).toThrow(RangeError);
    }
  });
});

describe('parseCents', () => {
  it('reads decimals from their digits, no floating point', () => {
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('19.99')).toBe(1999);
    expect(parseCents('0012.50')).toBe(1250);
    expect(parseCents('12.300')).toBe(1230);
    expect(parseCents(' 45 ')).toBe(4500);
    expect(parseCents('-3.2')).toBe(-320);
    expect(Object.is(parseCents('-0.00'), 0)).toBe(true);
    expect(parseCents('9999999999999.99')).toBe(999_999_999_999_999);
  });

  it('gives null for anything else', () => {
    for (const bad of [
      '',
      '12.305',
      '1e3',
      '12,50',
      '+1',
      '--1',
      '1.',
      '.5',
      '12345678901234',
      '1.123456',
      'abc',
    ]) {
      expect(parseCents(bad), bad).toBeNull();
    }
  });
});

describe('decimalToCents', () => {
  it('reads a provider’s text or number', () => {
    expect(decimalToCents('123.45')).toBe(12345);
    expect(decimalToCents('10')).toBe(1000);
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
    expect(decimalToCents(-12.5)).toBe(-1250);
    expect(decimalToCents(1_000_000.07)).toBe(100_000_007);
  });

  it('throws on what is no amount', () => {
    expect(() => decimalToCents('12.345')).toThrow(RangeError);
    expect(() => decimalToCents('abc')).toThrow(RangeError);
    expect(() => decimalToCents(Number.NaN)).toThrow(RangeError);
    expect(() => decimalToCents(1e12)).toThrow(RangeError);
  });
});
