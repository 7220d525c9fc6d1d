import { describe, expect, it } from 'vitest';
import {
  dateFnsLocale,
  formatDate,
  formatDateTime,
  formatPattern,
  startOfWeekIn,
  WEEK_STARTS_ON,
} from './dates';

describe('dates (spec section 9)', () => {
  const instant = new Date('2026-03-29T22:30:00Z');

  it('shows dd/MM/yyyy and dd/MM/yyyy HH:mm in the organisation time zone', () => {
    expect(formatDate(instant, 'Europe/Brussels', 'fr')).toBe('30/03/2026');
    expect(formatDateTime(instant, 'Europe/Brussels', 'fr')).toBe('30/03/2026 00:30');
    expect(formatDateTime(instant, 'America/New_York', 'en')).toBe('29/03/2026 18:30');
    // A birthdate is a calendar day, not an instant.
    expect(formatDate('1985-04-12', 'America/New_York', 'fr')).toBe('12/04/1985');
  });

  it('starts weeks on Monday in both languages', () => {
    expect(WEEK_STARTS_ON).toBe(1);
    expect(dateFnsLocale('fr').options?.weekStartsOn).toBe(1);
    expect(dateFnsLocale('en').options?.weekStartsOn).toBe(1);
    expect(dateFnsLocale('en').code).toBe('en-US');
    expect(dateFnsLocale('fr').code).toBe('fr');
    // Sunday 29 March 2026 in Brussels belongs to the week of Monday 23 March.
    const monday = startOfWeekIn(new Date('2026-03-29T10:00:00Z'), 'Europe/Brussels');
    expect(formatDate(monday, 'Europe/Brussels', 'fr')).toBe('23/03/2026');
  });

  it('speaks French and English (US)', () => {
    expect(formatPattern(instant, 'EEEE d MMMM yyyy', 'Europe/Brussels', 'fr')).toBe('lundi 30 mars 2026');
    expect(formatPattern(instant, 'EEEE, MMMM d, yyyy', 'Europe/Brussels', 'en')).toBe(
      'Monday, March 30, 2026',
    );
  });
});
