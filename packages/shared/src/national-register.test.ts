import { describe, expect, it } from 'vitest';
import {
  formatNationalRegisterNumber,
  isValidNationalRegisterNumber,
  maskNationalRegisterNumber,
  normalizeNationalRegisterNumber,
} from './national-register';

describe('Belgian national register numbers', () => {
  it('accepts a number of someone born before 2000 (97 − first nine digits mod 97)', () => {
    // 850730033: 850730033 mod 97 = 69 → 97 − 69 = 28
    expect(isValidNationalRegisterNumber('85073003328')).toBe(true);
    expect(isValidNationalRegisterNumber('85.07.30-033.28')).toBe(true);
    expect(isValidNationalRegisterNumber('85 07 30 033 28')).toBe(true);
  });

  it('accepts a number of a child born in 2000 or later (2 prefixed before the modulo)', () => {
    // 2 000 000 000 + 190315012 = 2190315012; mod 97 = 13 → 84
    expect(isValidNationalRegisterNumber('19031501284')).toBe(true);
    // The same nine digits read as a 1919 birth: 190315012 mod 97 = 42 → 55
    expect(isValidNationalRegisterNumber('19031501255')).toBe(true);
    // A remainder of 0 gives 97, never 00: 2170501003 mod 97 = 0
    expect(isValidNationalRegisterNumber('17050100397')).toBe(true);
  });

  it('refuses a wrong check number, a wrong length and letters', () => {
    expect(isValidNationalRegisterNumber('85073003329')).toBe(false);
    expect(isValidNationalRegisterNumber('19031501285')).toBe(false);
    expect(isValidNationalRegisterNumber('17050100300')).toBe(false);
    expect(isValidNationalRegisterNumber('8507300332')).toBe(false);
    expect(isValidNationalRegisterNumber('850730033288')).toBe(false);
    expect(isValidNationalRegisterNumber('85O73003328')).toBe(false);
    expect(isValidNationalRegisterNumber('')).toBe(false);
  });

  it('normalises, formats and masks', () => {
    expect(normalizeNationalRegisterNumber('85.07.30-033.28')).toBe('85073003328');
    expect(normalizeNationalRegisterNumber('abc')).toBeNull();
    expect(formatNationalRegisterNumber('85073003328')).toBe('85.07.30-033.28');
    expect(maskNationalRegisterNumber('85073003328')).toBe('••.••.••-•••.28');
  });
});
