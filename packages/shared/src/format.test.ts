import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  COUNTRY_OPTIONS,
  ageRestrictionText,
  countryIndicative,
  countryName,
  displayName,
  formatAge,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatPercent,
  formatSeats,
  isCountryCode,
  isCustomButtonVisible,
  isEmpty,
  localDay,
  UNLIMITED_SEATS,
  withHttps,
} from './format';

const SPECIAL_SPACES = /[\u00a0\u202f]/;

describe('formatMoney', () => {
  it.each([
    [0, '0,00 €', '€0.00'],
    [1, '0,01 €', '€0.01'],
    [5, '0,05 €', '€0.05'],
    [99, '0,99 €', '€0.99'],
    [100, '1,00 €', '€1.00'],
    [1250, '12,50 €', '€12.50'],
    [99999, '999,99 €', '€999.99'],
    [100000, '1 000,00 €', '€1,000.00'],
    [123450, '1 234,50 €', '€1,234.50'],
    [123456789, '1 234 567,89 €', '€1,234,567.89'],
    [-1, '-0,01 €', '-€0.01'],
    [-1250, '-12,50 €', '-€12.50'],
    [-123450, '-1 234,50 €', '-€1,234.50'],
  ])('%i cents → %j / %j', (cents, fr, en) => {
    expect(formatMoney(cents, 'fr')).toBe(fr);
    expect(formatMoney(cents, 'en')).toBe(en);
  });

  it('uses plain spaces only', () => {
    expect(formatMoney(123456789)).not.toMatch(SPECIAL_SPACES);
    expect(formatMoney(-123456789)).not.toMatch(SPECIAL_SPACES);
  });

  it('formats in French by default', () => {
    expect(formatMoney(1250)).toBe('12,50 €');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0, 'fr')).toBe('0,00 €');
    expect(formatMoney(-0.4, 'en')).toBe('€0.00');
  });

  it('rounds fractional cents to the cent', () => {
    expect(formatMoney(1250.4)).toBe('12,50 €');
    expect(formatMoney(1250.5)).toBe('12,51 €');
  });
});

describe('formatCount', () => {
  it('groups digits with plain spaces in French, commas in English', () => {
    expect(formatCount(45000, 'fr')).toBe('45 000');
    expect(formatCount(100000, 'en')).toBe('100,000');
    expect(formatCount(7)).toBe('7');
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0 %', '0%'],
    [1, '0,01 %', '0.01%'],
    [550, '5,5 %', '5.5%'],
    [600, '6 %', '6%'],
    [1234, '12,34 %', '12.34%'],
    [2100, '21 %', '21%'],
    [10000, '100 %', '100%'],
    [123456, '1 234,56 %', '1,234.56%'],
    [-600, '-6 %', '-6%'],
  ])('%i hundredths → %j / %j', (hundredths, fr, en) => {
    expect(formatPercent(hundredths, 'fr')).toBe(fr);
    expect(formatPercent(hundredths, 'en')).toBe(en);
  });

  it('formats in French by default with plain spaces', () => {
    expect(formatPercent(2100)).toBe('21 %');
    expect(formatPercent(123456)).not.toMatch(SPECIAL_SPACES);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 min'],
    [1, '1 min'],
    [5, '5 min'],
    [45, '45 min'],
    [59, '59 min'],
    [60, '1h00'],
    [61, '1h01'],
    [90, '1h30'],
    [119, '1h59'],
    [120, '2h00'],
    [125, '2h05'],
    [600, '10h00'],
    [1439, '23h59'],
    [1500, '25h00'],
  ])('%i minutes → %j', (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });

  it('keeps the sign of a negative duration and rounds fractions', () => {
    expect(formatDuration(-90)).toBe('-1h30');
    expect(formatDuration(-5)).toBe('-5 min');
    expect(formatDuration(59.6)).toBe('1h00');
    expect(formatDuration(-0)).toBe('0 min');
  });
});

describe('formatAge', () => {
  it.each([
    [0, '0 mois', '0 months'],
    [1, '1 mois', '1 month'],
    [2, '2 mois', '2 months'],
    [6, '6 mois', '6 months'],
    [11, '11 mois', '11 months'],
    [12, '1 an', '1 year'],
    [18, '1 an', '1 year'],
    [23, '1 an', '1 year'],
    [24, '2 ans', '2 years'],
    [36, '3 ans', '3 years'],
    [144, '12 ans', '12 years'],
  ])('%i months → %j / %j', (months, fr, en) => {
    expect(formatAge(months, 'fr')).toBe(fr);
    expect(formatAge(months, 'en')).toBe(en);
  });

  it('formats in French by default', () => {
    expect(formatAge(36)).toBe('3 ans');
  });
});

describe('ageRestrictionText', () => {
  it.each([
    [0, 0],
    [undefined, undefined],
    [null, null],
    [0, null],
    [undefined, 0],
  ])('has no restriction for %j and %j', (min, max) => {
    expect(ageRestrictionText(min, max, 'fr')).toBe("Aucune restriction d'âge.");
    expect(ageRestrictionText(min, max, 'en')).toBe('No age restriction.');
  });

  it.each([
    [0, 144, "Jusqu'à 12 ans", 'Up to 12 years'],
    [null, 11, "Jusqu'à 11 mois", 'Up to 11 months'],
    [undefined, 12, "Jusqu'à 12 mois", 'Up to 12 months'],
    [null, 30, "Jusqu'à 30 mois", 'Up to 30 months'],
    [18, 36, 'Entre 18 mois et 3 ans', 'Between 18 months and 3 years'],
    [1, 40, 'Entre 1 mois et 40 mois', 'Between 1 month and 40 months'],
    [6, 0, 'À partir de 6 mois', 'From 6 months'],
    [1, undefined, 'À partir de 1 mois', 'From 1 month'],
    [36, null, 'À partir de 3 ans', 'From 3 years'],
    [36, 144, 'Entre 3 ans et 12 ans', 'Between 3 years and 12 years'],
    [6, 11, 'Entre 6 mois et 11 mois', 'Between 6 months and 11 months'],
    [11, 12, 'Entre 11 mois et 12 mois', 'Between 11 months and 12 months'],
    [72, 96, 'Entre 6 ans et 8 ans', 'Between 6 years and 8 years'],
  ])('min %j, max %j → %j / %j', (min, max, fr, en) => {
    expect(ageRestrictionText(min, max, 'fr')).toBe(fr);
    expect(ageRestrictionText(min, max, 'en')).toBe(en);
  });

  it('writes in French by default', () => {
    expect(ageRestrictionText(0, 0)).toBe("Aucune restriction d'âge.");
  });
});

describe('formatSeats', () => {
  it.each([
    [-1, 'Illimité', 'Unlimited'],
    [0, '0 place', '0 seats'],
    [1, '1 place', '1 seat'],
    [2, '2 places', '2 seats'],
    [12, '12 places', '12 seats'],
    [250, '250 places', '250 seats'],
  ])('%i → %j / %j', (seats, fr, en) => {
    expect(formatSeats(seats, 'fr')).toBe(fr);
    expect(formatSeats(seats, 'en')).toBe(en);
  });

  it('writes in French by default', () => {
    expect(UNLIMITED_SEATS).toBe(-1);
    expect(formatSeats(-1)).toBe('Illimité');
  });
});

describe('displayName', () => {
  it.each([
    [{ firstName: 'Marie', lastName: 'Dupont', email: 'm@d.be' }, 'Marie Dupont'],
    [{ firstName: '  Marie ', lastName: ' Dupont  ' }, 'Marie Dupont'],
    [{ firstName: 'Marie', lastName: '', email: 'm@d.be' }, 'Marie'],
    [{ firstName: 'Marie', lastName: '   ' }, 'Marie'],
    [{ firstName: 'Marie', lastName: null }, 'Marie'],
    [{ lastName: 'Dupont', email: 'm@d.be' }, 'Dupont'],
    [{ firstName: '', lastName: 'Dupont' }, 'Dupont'],
    [{ firstName: '', lastName: '', email: 'm@d.be' }, 'm@d.be'],
    [{ firstName: null, lastName: undefined, email: ' m@d.be ' }, 'm@d.be'],
  ])('%j → %j', (person, expected) => {
    expect(displayName(person)).toBe(expected);
    expect(displayName(person, 'holder', 'en')).toBe(expected);
  });

  it.each([
    ['member', 'Membre', 'Member'],
    ['holder', 'Titulaire', 'Holder'],
    ['participant', 'Participant', 'Participant'],
  ] as const)('falls back to the %s word', (fallback, fr, en) => {
    for (const person of [null, undefined, {}, { firstName: '', lastName: ' ', email: '' }]) {
      expect(displayName(person, fallback, 'fr')).toBe(fr);
      expect(displayName(person, fallback, 'en')).toBe(en);
    }
  });

  it('defaults to "Membre"', () => {
    expect(displayName(null)).toBe('Membre');
  });
});

describe('withHttps', () => {
  it.each([
    ['club.be', 'https://club.be'],
    ['www.club.be/path?q=1', 'https://www.club.be/path?q=1'],
    ['  club.be  ', 'https://club.be'],
    ['http://club.be', 'http://club.be'],
    ['https://club.be', 'https://club.be'],
    ['HTTPS://Club.be', 'HTTPS://Club.be'],
    ['Http://club.be', 'Http://club.be'],
    ['httpsclub.be', 'https://httpsclub.be'],
    ['http:/club.be', 'https://http:/club.be'],
  ])('%j → %j', (url, expected) => {
    expect(withHttps(url)).toBe(expected);
  });

  it('keeps empty values empty', () => {
    expect(withHttps('')).toBe('');
    expect(withHttps('   ')).toBe('');
    expect(withHttps(null)).toBe('');
    expect(withHttps(undefined)).toBe('');
  });
});

describe('isEmpty', () => {
  it.each([null, undefined, ''])('%j is empty', (value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each([' ', '0', 0, false, NaN, [], {}, 'a'])('%j is not empty', (value) => {
    expect(isEmpty(value)).toBe(false);
  });
});

describe('isCustomButtonVisible', () => {
  const full = { showCustomButton: true, customButtonName: 'Boutique', customButtonURL: 'shop.club.be' };

  it('shows an enabled button with a name and a URL', () => {
    expect(isCustomButtonVisible(full)).toBe(true);
  });

  it.each([
    [{ ...full, showCustomButton: false }],
    [{ ...full, showCustomButton: null }],
    [{ ...full, showCustomButton: undefined }],
    [{ ...full, customButtonName: '' }],
    [{ ...full, customButtonName: '  ' }],
    [{ ...full, customButtonName: null }],
    [{ ...full, customButtonName: undefined }],
    [{ ...full, customButtonURL: '' }],
    [{ ...full, customButtonURL: ' ' }],
    [{ ...full, customButtonURL: null }],
    [{ ...full, customButtonURL: undefined }],
    [{}],
    [null],
    [undefined],
  ])('hides %j', (settings) => {
    expect(isCustomButtonVisible(settings)).toBe(false);
  });
});

describe('countries', () => {
  it('lists Belgium, France and Luxembourg', () => {
    expect(COUNTRY_OPTIONS).toEqual([
      { code: 'BEL', name: 'Belgique', indicative: '+32' },
      { code: 'FRA', name: 'France', indicative: '+33' },
      { code: 'LUX', name: 'Luxembourg', indicative: '+352' },
    ]);
    expect(COUNTRY_CODES).toEqual(COUNTRY_OPTIONS.map((option) => option.code));
  });

  it.each([
    ['BEL', 'Belgique', '+32'],
    ['FRA', 'France', '+33'],
    ['LUX', 'Luxembourg', '+352'],
  ])('%s is %s (%s)', (code, name, indicative) => {
    expect(countryName(code)).toBe(name);
    expect(countryIndicative(code)).toBe(indicative);
    expect(isCountryCode(code)).toBe(true);
  });

  it.each(['DEU', 'bel', 'BE', '', null, undefined])('unknown code %j gives empty texts', (code) => {
    expect(countryName(code)).toBe('');
    expect(countryIndicative(code)).toBe('');
    expect(isCountryCode(code)).toBe(false);
  });
});

describe('formatDate and formatDateTime', () => {
  const BRUSSELS = 'Europe/Brussels';

  it.each([
    // winter time, UTC+1
    ['2024-01-15T22:59:00Z', '15/01/2024', '15/01/2024 23:59'],
    ['2024-01-15T23:00:00Z', '16/01/2024', '16/01/2024 00:00'],
    ['2024-01-15T23:30:00Z', '16/01/2024', '16/01/2024 00:30'],
    // summer time, UTC+2
    ['2024-07-01T21:59:00Z', '01/07/2024', '01/07/2024 23:59'],
    ['2024-07-01T22:00:00Z', '02/07/2024', '02/07/2024 00:00'],
    ['2024-07-01T22:30:00Z', '02/07/2024', '02/07/2024 00:30'],
    // spring forward: 02:00 local does not exist
    ['2024-03-31T00:59:00Z', '31/03/2024', '31/03/2024 01:59'],
    ['2024-03-31T01:00:00Z', '31/03/2024', '31/03/2024 03:00'],
    // fall back: 02:30 local happens twice
    ['2024-10-27T00:30:00Z', '27/10/2024', '27/10/2024 02:30'],
    ['2024-10-27T01:30:00Z', '27/10/2024', '27/10/2024 02:30'],
    // end of year and leap day
    ['2024-12-31T23:00:00Z', '01/01/2025', '01/01/2025 00:00'],
    ['2024-02-29T12:05:00Z', '29/02/2024', '29/02/2024 13:05'],
  ])('%s in Brussels → %s / %s', (iso, date, dateTime) => {
    for (const locale of ['fr', 'en'] as const) {
      expect(formatDate(iso, BRUSSELS, locale)).toBe(date);
      expect(formatDateTime(iso, BRUSSELS, locale)).toBe(dateTime);
      expect(formatDateTime(new Date(iso), BRUSSELS, locale)).toBe(dateTime);
    }
  });

  it('follows the given time zone', () => {
    const instant = '2024-07-01T02:00:00Z';
    expect(formatDateTime(instant, 'UTC')).toBe('01/07/2024 02:00');
    expect(formatDateTime(instant, 'America/New_York')).toBe('30/06/2024 22:00');
    expect(formatDateTime(instant, 'Asia/Tokyo')).toBe('01/07/2024 11:00');
    expect(formatDate(instant, 'America/New_York', 'en')).toBe('30/06/2024');
  });

  it('uses a 24-hour clock in both languages', () => {
    expect(formatDateTime('2024-07-01T12:00:00Z', 'UTC', 'en')).toBe('01/07/2024 12:00');
    expect(formatDateTime('2024-07-01T13:45:00Z', 'UTC', 'en')).toBe('01/07/2024 13:45');
    expect(formatDateTime('2024-07-01T00:00:00Z', 'UTC', 'en')).toBe('01/07/2024 00:00');
  });

  it('formats in French by default', () => {
    expect(formatDate('2024-07-01T10:00:00Z', BRUSSELS)).toBe('01/07/2024');
  });

  it('keeps a calendar date (YYYY-MM-DD) on its day in any time zone', () => {
    expect(formatDate('2020-02-29', 'America/Los_Angeles')).toBe('29/02/2020');
    expect(formatDate('2020-02-29', 'Pacific/Kiritimati', 'en')).toBe('29/02/2020');
    expect(formatDateTime('2020-02-29', BRUSSELS)).toBe('29/02/2020 00:00');
  });

  it('gives an empty text for an invalid date', () => {
    expect(formatDate('not a date', BRUSSELS)).toBe('');
    expect(formatDateTime(new Date(Number.NaN), BRUSSELS)).toBe('');
  });

  it('throws on an unknown time zone, a configuration error', () => {
    expect(() => formatDate('2024-07-01T10:00:00Z', 'Europe/Nowhere')).toThrow(RangeError);
    expect(() => formatDate('2024-07-01', 'Europe/Nowhere')).toThrow(RangeError);
    // Every time: a formatter that could not be built is not remembered.
    expect(() => formatDate('2024-07-01', 'Europe/Nowhere')).toThrow(RangeError);
  });
});

describe('localDay', () => {
  it('is the calendar day of the instant in the time zone', () => {
    // 23:30 UTC on 15 January is already the 16th in Brussels (UTC+1), still the 15th in New York.
    expect(localDay(new Date('2024-01-15T23:30:00Z'), 'Europe/Brussels')).toBe('2024-01-16');
    expect(localDay(new Date('2024-01-15T23:30:00Z'), 'America/New_York')).toBe('2024-01-15');
    // Summer time (UTC+2) and the last instant of a year.
    expect(localDay(new Date('2024-07-01T21:59:00Z'), 'Europe/Brussels')).toBe('2024-07-01');
    expect(localDay(new Date('2024-07-01T22:00:00Z'), 'Europe/Brussels')).toBe('2024-07-02');
    expect(localDay(new Date('2024-12-31T23:00:00Z'), 'Europe/Luxembourg')).toBe('2025-01-01');
  });

  it('gives an empty text for an invalid date and throws on an unknown time zone', () => {
    expect(localDay(new Date(Number.NaN), 'Europe/Brussels')).toBe('');
    expect(() => localDay(new Date(), 'Europe/Nowhere')).toThrow(RangeError);
  });
});
