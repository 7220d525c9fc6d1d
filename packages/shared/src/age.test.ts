import { describe, expect, it } from 'vitest';
import { ageInMonthsOn, ageText } from './age';

describe('age of a family member', () => {
  it('counts whole months, a month counting once its day is reached', () => {
    expect(ageInMonthsOn('2016-03-14', '2026-03-13')).toBe(119);
    expect(ageInMonthsOn('2016-03-14', '2026-03-14')).toBe(120);
    expect(ageInMonthsOn('2026-01-31', '2026-02-28')).toBe(0);
    expect(ageInMonthsOn('2026-01-31', '2026-03-01')).toBe(1);
  });

  it('has no age without a valid past birthdate', () => {
    expect(ageInMonthsOn(null, '2026-03-14')).toBeNull();
    expect(ageInMonthsOn('14/03/2016', '2026-03-14')).toBeNull();
    expect(ageInMonthsOn('2027-01-01', '2026-03-14')).toBeNull();
  });

  it('reads months under one year and years after, in each language', () => {
    expect(ageText('2025-09-01', '2026-03-14', 'fr')).toBe('6 mois');
    expect(ageText('2016-03-14', '2026-03-14', 'fr')).toBe('10 ans');
    expect(ageText('2025-03-14', '2026-03-14', 'fr')).toBe('1 an');
    expect(ageText('2016-03-14', '2026-03-14', 'en')).toBe('10 years');
    expect(ageText('2026-02-14', '2026-03-14', 'en')).toBe('1 month');
  });
});
