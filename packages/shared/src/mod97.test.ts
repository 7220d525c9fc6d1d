import { describe, expect, it } from 'vitest';
import { mod97 } from './mod97';

// Known-good values from the domain brief (../shared/reference/domain-brief.md, §3 and §4).
describe('mod97', () => {
  it('gives the Belgian structured references’ check digits', () => {
    expect(mod97('0108068171')).toBe(83);
    expect(mod97('2025000123')).toBe(90);
    expect(mod97('0000000097')).toBe(0); // printed 97, never 00
  });

  it('gives 1 for valid IBANs and RF references, rearranged (first 4 characters last)', () => {
    const rearranged = (value: string) => value.slice(4) + value.slice(0, 4);
    expect(mod97(rearranged('BE71096123456769'))).toBe(1);
    expect(mod97(rearranged('FR1420041010050500013M02606'))).toBe(1);
    expect(mod97(rearranged('RF712348231'))).toBe(1);
    expect(mod97(rearranged('RF18539007547034'))).toBe(1);
    expect(mod97(rearranged('RF44INV2025001'))).toBe(1);
    expect(mod97(rearranged('BE72096123456769'))).not.toBe(1);
  });

  it('computes an RF check from the base followed by RF00 (ISO 11649 annex)', () => {
    expect(mod97('2348231RF00')).toBe(27); // 98 − 27 = 71 → RF71
  });

  it('reads letters in either case and agrees with plain arithmetic on small numbers', () => {
    expect(mod97('inv2025001rf00')).toBe(mod97('INV2025001RF00'));
    for (const n of [0, 1, 96, 97, 98, 4030192, 9_007_199_254_740_991]) {
      expect(mod97(String(n))).toBe(Number(BigInt(n) % 97n));
    }
    expect(mod97('')).toBe(0);
  });

  it('is exact on long values (no number overflow)', () => {
    const long = '9'.repeat(64);
    expect(mod97(long)).toBe(Number(BigInt(long) % 97n));
  });

  it('refuses anything but letters and digits, and values over 64 characters', () => {
    expect(() => mod97('12 34')).toThrow(RangeError);
    expect(() => mod97('+++010')).toThrow(RangeError);
    expect(() => mod97('1'.repeat(65))).toThrow(RangeError);
  });
});
