import { DEFAULT_LOCALE } from './locale';
import type { Locale } from './locale';

const INTL_LOCALES: Record<Locale, string> = { fr: 'fr-FR', en: 'en-US' };

/** Intl puts narrow no-break spaces (U+202F) and no-break spaces (U+00A0) in French numbers; we show plain spaces. */
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

function plural(locale: Locale, count: number, one: string, other: string): string {
  return new Intl.PluralRules(INTL_LOCALES[locale]).select(count) === 'one' ? one : other;
}

/** Integer cents as euros with 2 decimals: fr '1 234,50 €', en '€1,234.50'. */
export function formatMoney(cents: number, locale: Locale = DEFAULT_LOCALE): string {
  // `|| 0` turns -0 into 0 so that a rounded-away negative amount never shows as '-0,00 €'.
  const euros = Math.round(cents) / 100 || 0;
  const text = new Intl.NumberFormat(INTL_LOCALES[locale], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(euros);
  return plainSpaces(text);
}

/** A whole number with the locale's digit grouping: 45000 → fr '45 000', en '45,000'. */
export function formatCount(count: number, locale: Locale = DEFAULT_LOCALE): string {
  return plainSpaces(new Intl.NumberFormat(INTL_LOCALES[locale], { maximumFractionDigits: 0 }).format(count));
}

/** A percentage stored in hundredths of a percent: 2100 → fr '21 %', en '21%'; 550 → '5,5 %' / '5.5%'. */
export function formatPercent(hundredths: number, locale: Locale = DEFAULT_LOCALE): string {
  const text = new Intl.NumberFormat(INTL_LOCALES[locale], {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(Math.round(hundredths) / 10000 || 0);
  return plainSpaces(text);
}

/** Minutes as 'NhMM' from one hour, else 'M min': 90 → '1h30', 60 → '1h00', 45 → '45 min'. */
export function formatDuration(minutes: number): string {
  const total = Math.round(minutes) || 0;
  const sign = total < 0 ? '-' : '';
  const abs = Math.abs(total);
  if (abs < 60) return `${sign}${abs} min`;
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `${sign}${hours}h${String(rest).padStart(2, '0')}`;
}

/** An age in months: under 12 in months ('6 mois', '1 month'), otherwise in whole years ('3 ans', '1 year'). */
export function formatAge(months: number, locale: Locale = DEFAULT_LOCALE): string {
  if (months < 12) {
    if (locale === 'fr') return `${months} mois`;
    return `${months} ${months === 1 ? 'month' : 'months'}`;
  }
  const years = Math.floor(months / 12);
  if (locale === 'fr') return `${years} ${years === 1 ? 'an' : 'ans'}`;
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** Below this many months, age limits are entered and shown in months; from it on, in years (DESIGN.md 10). */
export const AGE_LIMIT_MONTHS_BELOW = 36;

/** Whether a stored age limit (months) is a number of years (36, 48…) rather than of months (18, 30…). */
export function isYearAgeLimit(months: number): boolean {
  return months >= AGE_LIMIT_MONTHS_BELOW && months % 12 === 0;
}

/**
 * An age limit (months) in the unit it was entered in: '12 ans' for 144, '18 mois' / '24 mois' below
 * 3 years (a limit of 24 months admits until 25 months, not until the 3rd birthday, so it is not '2 ans').
 */
export function formatAgeLimit(months: number, locale: Locale = DEFAULT_LOCALE): string {
  if (isYearAgeLimit(months)) return formatAge(months, locale);
  if (locale === 'fr') return `${months} mois`;
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/**
 * Age limits in months; zero or absent means no limit on that side. Both limits are inclusive (a maximum
 * of 12 years admits a child of 12 years and 11 months; see `isWithinAgeLimits`).
 */
export function ageRestrictionText(
  minMonths: number | null | undefined,
  maxMonths: number | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const min = minMonths ? minMonths : 0;
  const max = maxMonths ? maxMonths : 0;
  const fr = locale === 'fr';
  if (min <= 0 && max <= 0) return fr ? "Aucune restriction d'âge." : 'No age restriction.';
  if (min <= 0) return `${fr ? "Jusqu'à" : 'Up to'} ${formatAgeLimit(max, locale)}`;
  if (max <= 0) return `${fr ? 'À partir de' : 'From'} ${formatAgeLimit(min, locale)}`;
  return fr
    ? `Entre ${formatAgeLimit(min, locale)} et ${formatAgeLimit(max, locale)}`
    : `Between ${formatAgeLimit(min, locale)} and ${formatAgeLimit(max, locale)}`;
}

/** maxSeats value meaning "no limit" (spec section 9). */
export const UNLIMITED_SEATS = -1;

/** Seat count of an activity; -1 means unlimited. Zero follows each language's plural rule ('0 place', '0 seats'). */
export function formatSeats(seats: number, locale: Locale = DEFAULT_LOCALE): string {
  if (seats === UNLIMITED_SEATS) return locale === 'fr' ? 'Illimité' : 'Unlimited';
  return locale === 'fr'
    ? `${seats} ${plural(locale, seats, 'place', 'places')}`
    : `${seats} ${plural(locale, seats, 'seat', 'seats')}`;
}

export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export type DisplayNameFallback = 'member' | 'holder' | 'participant';

const DISPLAY_NAME_FALLBACKS: Record<Locale, Record<DisplayNameFallback, string>> = {
  fr: { member: 'Membre', holder: 'Titulaire', participant: 'Participant' },
  en: { member: 'Member', holder: 'Holder', participant: 'Participant' },
};

/** First and last name, else first, else last, else e-mail, else a generic word for the person. */
export function displayName(
  person: PersonName | null | undefined,
  fallback: DisplayNameFallback = 'member',
  locale: Locale = DEFAULT_LOCALE,
): string {
  const first = person?.firstName?.trim() ?? '';
  const last = person?.lastName?.trim() ?? '';
  const email = person?.email?.trim() ?? '';
  const name = [first, last].filter((part) => part !== '').join(' ');
  if (name !== '') return name;
  if (email !== '') return email;
  return DISPLAY_NAME_FALLBACKS[locale][fallback];
}

/** Prefixes external links typed without a scheme: 'club.be' → 'https://club.be'. */
export function withHttps(url: string | null | undefined): string {
  const trimmed = url?.trim() ?? '';
  if (trimmed === '') return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Empty means null, undefined or the empty string (spec section 5); whitespace and 0 are not empty. */
export function isEmpty(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

export interface CustomButtonSettings {
  showCustomButton?: boolean | null;
  customButtonName?: string | null;
  customButtonURL?: string | null;
}

/** The website's external button shows only when enabled with both a name and a URL (blank counts as missing). */
export function isCustomButtonVisible(settings: CustomButtonSettings | null | undefined): boolean {
  return (
    settings?.showCustomButton === true &&
    !isEmpty(settings.customButtonName?.trim()) &&
    !isEmpty(settings.customButtonURL?.trim())
  );
}

export const COUNTRY_CODES = ['BEL', 'FRA', 'LUX'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export interface CountryOption {
  code: CountryCode;
  name: string;
  indicative: string;
}

export const COUNTRY_OPTIONS: readonly CountryOption[] = Object.freeze([
  Object.freeze({ code: 'BEL', name: 'Belgique', indicative: '+32' }),
  Object.freeze({ code: 'FRA', name: 'France', indicative: '+33' }),
  Object.freeze({ code: 'LUX', name: 'Luxembourg', indicative: '+352' }),
] as const);

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** French country name, '' for an unknown code. */
export function countryName(code: string | null | undefined): string {
  return COUNTRY_OPTIONS.find((option) => option.code === code)?.name ?? '';
}

/** International dial prefix ('+32'), '' for an unknown code. */
export function countryIndicative(code: string | null | undefined): string {
  return COUNTRY_OPTIONS.find((option) => option.code === code)?.indicative ?? '';
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface DateParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

/*
 * Date formatters by language and time zone, built once: building an `Intl.DateTimeFormat` costs tens
 * of times more than using one, and a request may format dozens of dates. Only formatters that could be
 * built are kept, so an unknown time zone throws at every call.
 */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string, locale: Locale): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    });
    dateFormatters.set(key, formatter);
  }
  return formatter;
}

function dateParts(date: Date | string, timeZone: string, locale: Locale): DateParts | null {
  // Looked up first so that an unknown time zone always throws (RangeError), whatever the date.
  const formatter = dateFormatter(timeZone, locale);
  // A bare 'YYYY-MM-DD' (a birthdate, say) is a calendar day, not an instant: shifting it into a time
  // zone west of UTC would show the previous day.
  if (typeof date === 'string') {
    const match = DATE_ONLY.exec(date);
    if (match) {
      const [, year = '', month = '', day = ''] = match;
      return { year, month, day, hour: '00', minute: '00' };
    }
  }
  const instant = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(instant.getTime())) return null;
  const parts = formatter.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((part) => part.type === type)?.value ?? '';
  return {
    day: get('day'),
    month: get('month'),
    year: get('year').padStart(4, '0'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/** 'yyyy-MM-dd': the calendar day of an instant in the given IANA time zone ('' for an invalid date). */
export function localDay(instant: Date, timeZone: string): string {
  const parts = dateParts(instant, timeZone, DEFAULT_LOCALE);
  return parts ? `${parts.year}-${parts.month}-${parts.day}` : '';
}

/**
 * 'dd/MM/yyyy' in the given IANA time zone, the same pattern in both languages (spec section 9).
 * An invalid date gives ''; an unknown time zone throws, as it is a configuration error.
 */
export function formatDate(date: Date | string, timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  const parts = dateParts(date, timeZone, locale);
  return parts ? `${parts.day}/${parts.month}/${parts.year}` : '';
}

/** 'dd/MM/yyyy HH:mm' (24-hour clock) in the given IANA time zone. */
export function formatDateTime(
  date: Date | string,
  timeZone: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const parts = dateParts(date, timeZone, locale);
  return parts ? `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}` : '';
}
