import type { Locale } from '@inscrio/shared';
import { formatPattern } from '@/lib/dates';

/** '09:30 – 10:45' in the time zone. */
export function hoursText(startDateTime: string, duration: number, timeZone: string, locale: Locale): string {
  const start = new Date(startDateTime);
  const end = new Date(start.getTime() + duration * 60_000);
  return `${formatPattern(start, 'HH:mm', timeZone, locale)} – ${formatPattern(end, 'HH:mm', timeZone, locale)}`;
}

/** 'Mercredi 25 novembre 2026' (`short`: 'mer. 25/11/2026') in the time zone. */
export function dayText(instant: string, timeZone: string, locale: Locale, short = false): string {
  const pattern = short
    ? locale === 'fr'
      ? 'EEE dd/MM/yyyy'
      : 'EEE MM/dd/yyyy'
    : locale === 'fr'
      ? 'EEEE d MMMM yyyy'
      : 'EEEE, MMMM d, yyyy';
  const text = formatPattern(new Date(instant), pattern, timeZone, locale);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
