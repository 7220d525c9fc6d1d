import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countDigits,
  isCalendarDate,
  isTimeZone,
  optionalEnum,
  optionalPastDate,
  optionalText,
  requiredInteger,
  requiredPastDate,
  requiredText,
} from './fields';
import { TEXT_LIMITS } from './limits';
import { fieldIssues, issuesOf } from './test-utils';
import { z } from 'zod';

describe('isTimeZone', () => {
  it.each([
    'Europe/Brussels',
    'Europe/Paris',
    'Europe/Luxembourg',
    'America/New_York',
    'UTC',
    'Asia/Kolkata',
    'Asia/Calcutta',
    'Etc/UTC',
  ])('%s is valid', (zone) => {
    expect(isTimeZone(zone)).toBe(true);
  });

  it.each(['', 'Europe/Nowhere', 'europe/brussels', 'Brussels', 'GMT+1', '+01:00', 'Europe/Brussels '])(
    '%j is not valid',
    (zone) => {
      expect(isTimeZone(zone)).toBe(false);
    },
  );
});

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '2023-12-31', '2023-01-01', '0099-06-15', '1900-01-31'])(
    '%s exists',
    (date) => {
      expect(isCalendarDate(date)).toBe(true);
    },
  );

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-1-01',
    '01/02/2024',
    '2024-01-01T00:00',
    '',
  ])('%j does not', (date) => {
    expect(isCalendarDate(date)).toBe(false);
  });
});

describe('countDigits', () => {
  it('counts digits only', () => {
    expect(countDigits('+32 (0)470 12.34-56')).toBe(12);
    expect(countDigits('abc')).toBe(0);
    expect(countDigits('')).toBe(0);
  });
});

describe('past dates', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('in the morning (UTC)', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2024-06-15T08:00:00Z'));
    });

    it('takes an optional date as not given when empty, and checks it when given', () => {
      const schema = optionalPastDate('fr');
      for (const value of [undefined, null, '', '  ', '2024-06-15'])
        expect(issuesOf(schema, value)).toEqual({});
      expect(issuesOf(schema, '2024-02-30')).toEqual({ '': ['Date invalide (format AAAA-MM-JJ)'] });
      expect(issuesOf(schema, '2024-06-16')).toEqual({ '': ['La date ne peut pas être dans le futur'] });
    });

    it('accepts today and rejects tomorrow', () => {
      const schema = requiredPastDate('fr');
      expect(issuesOf(schema, '2024-06-15')).toEqual({});
      expect(issuesOf(schema, '2024-06-16')).toEqual({ '': ['La date ne peut pas être dans le futur'] });
      expect(issuesOf(requiredPastDate('en'), '2024-06-16')).toEqual({
        '': ['The date cannot be in the future'],
      });
    });
  });

  describe('late in the evening (UTC), already tomorrow in Brussels', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2024-06-15T23:30:00Z'));
    });

    it("accepts the Brussels date so a user is never refused their today's date", () => {
      expect(issuesOf(requiredPastDate('fr'), '2024-06-16')).toEqual({});
      expect(issuesOf(requiredPastDate('fr'), '2024-06-17')).toEqual({
        '': ['La date ne peut pas être dans le futur'],
      });
    });
  });
});

describe('optionalEnum', () => {
  const schema = z.object({ country: optionalEnum(['BEL', 'FRA'], 'fr', 'country') });

  it('takes undefined, null and empty as not given', () => {
    expect(issuesOf(schema, {})).toEqual({});
    expect(issuesOf(schema, { country: null })).toEqual({});
    expect(issuesOf(schema, { country: '' })).toEqual({});
  });

  it('checks a given value', () => {
    expect(fieldIssues(schema, { country: 'BEL' }, 'country')).toEqual([]);
    expect(fieldIssues(schema, { country: 'DEU' }, 'country')).toEqual(['Pays invalide']);
    expect(fieldIssues(schema, { country: 3 }, 'country')).toEqual(['Pays invalide']);
  });
});

describe('every text and number has a maximum', () => {
  it('a required text: one message, the maximum given or a single line by default', () => {
    const schema = z.object({ name: requiredText('fr', 2, 5), line: requiredText('fr') });
    expect(issuesOf(schema, { name: '123456', line: 'x'.repeat(TEXT_LIMITS.line + 1) })).toEqual({
      name: ['Ce champ doit contenir au plus 5 caractères'],
      line: [`Ce champ doit contenir au plus ${TEXT_LIMITS.line} caractères`],
    });
    // Trimmed first: surrounding spaces do not count.
    expect(issuesOf(schema, { name: '  12345  ', line: 'ok' })).toEqual({});
  });

  it('an optional text: empty is still "not given", too long has the English message too', () => {
    const schema = z.object({ note: optionalText('en', 0, 3) });
    expect(issuesOf(schema, { note: '' })).toEqual({});
    expect(fieldIssues(schema, { note: 'abcd' }, 'note')).toEqual([
      'This field must contain at most 3 characters',
    ]);
  });

  it('an integer: 2^53 is past the maximum, not "not whole"; a fraction is not whole', () => {
    const schema = z.object({ n: requiredInteger('fr', 1_200) });
    expect(fieldIssues(schema, { n: 2 ** 53 }, 'n')).toEqual(['La valeur ne peut pas dépasser 1200']);
    expect(fieldIssues(schema, { n: 1.5 }, 'n')).toEqual(['La valeur doit être un nombre entier']);
    expect(fieldIssues(schema, { n: 1_200 }, 'n')).toEqual([]);
  });
});
