import { describe, expect, it } from 'vitest';
import {
  ageInMonths,
  ageInMonthsOn,
  ageLimitEndMonths,
  ageOutsideLimits,
  ageText,
  hasAgeLimits,
  isWithinAgeLimits,
} from './age';
import { isYearAgeLimit } from './format';

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

describe('age limits, the last year included', () => {
  const SIX = 72;
  const TWELVE = 144;
  const within = (birthdate: string, day: string, min: number | null, max: number | null) =>
    isWithinAgeLimits(ageInMonthsOn(birthdate, day)!, min, max);

  it('admits a child of 6–12 years from their 6th birthday until the day before their 13th', () => {
    const born = '2014-05-10';
    expect(within(born, '2020-05-09', SIX, TWELVE)).toBe(false);
    expect(within(born, '2020-05-10', SIX, TWELVE)).toBe(true);
    expect(within(born, '2026-05-10', SIX, TWELVE)).toBe(true); // 12th birthday
    expect(within(born, '2026-05-11', SIX, TWELVE)).toBe(true); // turned 12 yesterday
    expect(within(born, '2027-04-10', SIX, TWELVE)).toBe(true); // 12 years 11 months
    expect(within(born, '2027-05-09', SIX, TWELVE)).toBe(true); // the day before the 13th birthday
    expect(within(born, '2027-05-10', SIX, TWELVE)).toBe(false); // 13th birthday
  });

  it('says which side an age falls on', () => {
    expect(ageOutsideLimits(71, SIX, TWELVE)).toBe('too-young');
    expect(ageOutsideLimits(155, SIX, TWELVE)).toBeNull();
    expect(ageOutsideLimits(156, SIX, TWELVE)).toBe('too-old');
  });

  it('lets a child born on 29 February turn a year older on 1 March in a common year', () => {
    const born = '2016-02-29';
    expect(within(born, '2029-02-28', SIX, TWELVE)).toBe(true);
    expect(within(born, '2029-03-01', SIX, TWELVE)).toBe(false);
    expect(within('2020-02-29', '2026-02-28', SIX, TWELVE)).toBe(false);
    expect(within('2020-02-29', '2026-03-01', SIX, TWELVE)).toBe(true);
    expect(within('2020-02-29', '2028-02-29', SIX, TWELVE)).toBe(true);
  });

  it('reads a maximum below 3 years (or not a whole number of years) as months', () => {
    expect(ageLimitEndMonths(18)).toBe(19);
    expect(ageLimitEndMonths(24)).toBe(25);
    expect(ageLimitEndMonths(35)).toBe(36);
    expect(ageLimitEndMonths(40)).toBe(41);
    expect(ageLimitEndMonths(36)).toBe(48);
    expect(ageLimitEndMonths(144)).toBe(156);
    // 18 months: until the day before 19 months.
    expect(within('2025-01-15', '2026-08-14', null, 18)).toBe(true);
    expect(within('2025-01-15', '2026-08-15', null, 18)).toBe(false);
  });

  it('has no limit for null or 0', () => {
    expect(ageLimitEndMonths(null)).toBeNull();
    expect(ageLimitEndMonths(0)).toBeNull();
    expect(isWithinAgeLimits(0, 0, 0)).toBe(true);
    expect(isWithinAgeLimits(1000, null, undefined)).toBe(true);
    expect(hasAgeLimits(0, null)).toBe(false);
    expect(hasAgeLimits(null, 144)).toBe(true);
  });

  it('tells year limits from month limits', () => {
    expect(isYearAgeLimit(36)).toBe(true);
    expect(isYearAgeLimit(24)).toBe(false);
    expect(isYearAgeLimit(150)).toBe(false);
  });
});

describe('ageInMonths', () => {
  it("counts to the day it is in the organisation's time zone", () => {
    // 23:30 UTC on 14 March is already 15 March in Brussels: the month of the 15th is reached there only.
    const now = new Date('2026-03-14T23:30:00Z');
    expect(ageInMonths('2020-03-15', now, 'Europe/Brussels')).toBe(72);
    expect(ageInMonths('2020-03-15', now, 'UTC')).toBe(71);
  });

  it('is 0, never negative, for a birthdate after today', () => {
    expect(ageInMonths('2030-01-01', new Date('2026-03-14T12:00:00Z'), 'UTC')).toBe(0);
  });
});
