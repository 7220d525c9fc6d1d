import { TZDate } from '@date-fns/tz';
import { formatDate as formatDateIn, formatDateTime as formatDateTimeIn, type Locale } from '@inscrio/shared';
import { format, type Locale as DateFnsLocale, startOfWeek } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';

/*
 * Dates are shown 'dd/MM/yyyy' and 'dd/MM/yyyy HH:mm' in the organisation's time zone, weeks start on
 * Monday, and date-fns speaks French or English (US) (spec section 9). The two fixed patterns come from
 * the shared formatters so the API's documents and the screens agree.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Brussels';

/** Weeks start on Monday in both languages (en-US would otherwise start them on Sunday). */
export const WEEK_STARTS_ON = 1;

const DATE_FNS_LOCALES: Record<Locale, DateFnsLocale> = {
  fr: { ...fr, options: { ...fr.options, weekStartsOn: WEEK_STARTS_ON } },
  en: { ...enUS, options: { ...enUS.options, weekStartsOn: WEEK_STARTS_ON } },
};

export function dateFnsLocale(locale: Locale): DateFnsLocale {
  return DATE_FNS_LOCALES[locale];
}

/** 'dd/MM/yyyy' in the time zone. */
export function formatDate(
  date: Date | string,
  timeZone: string = DEFAULT_TIME_ZONE,
  locale: Locale = 'fr',
): string {
  return formatDateIn(date, timeZone, locale);
}

/** 'dd/MM/yyyy HH:mm' in the time zone. */
export function formatDateTime(
  date: Date | string,
  timeZone: string = DEFAULT_TIME_ZONE,
  locale: Locale = 'fr',
): string {
  return formatDateTimeIn(date, timeZone, locale);
}

/** A date-fns pattern ('EEEE d MMMM yyyy') applied in the time zone and language. */
export function formatPattern(date: Date, pattern: string, timeZone: string, locale: Locale): string {
  return format(new TZDate(date, timeZone), pattern, { locale: dateFnsLocale(locale) });
}

/** The Monday that starts the week of `date`, in the time zone. */
export function startOfWeekIn(date: Date, timeZone: string): Date {
  return startOfWeek(new TZDate(date, timeZone), { weekStartsOn: WEEK_STARTS_ON });
}
