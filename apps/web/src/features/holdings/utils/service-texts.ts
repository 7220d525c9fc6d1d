import { formatPercent, formatSeats, type Locale, UNLIMITED_SEATS } from '@inscrio/shared';
import { formatPattern } from '@/lib/dates';
import type { ServiceSeats } from '../api/types';

/** '09:30 – 10:45' in the time zone. */
export function hoursText(startDateTime: string, duration: number, timeZone: string, locale: Locale): string {
  const start = new Date(startDateTime);
  const end = new Date(start.getTime() + duration * 60_000);
  return `${formatPattern(start, 'HH:mm', timeZone, locale)} – ${formatPattern(end, 'HH:mm', timeZone, locale)}`;
}

/** 'Lundi 23 novembre 2026' in the time zone. */
export function longDayText(date: Date | string, timeZone: string, locale: Locale): string {
  const text = formatPattern(
    new Date(date),
    locale === 'fr' ? 'EEEE d MMMM yyyy' : 'EEEE, MMMM d, yyyy',
    timeZone,
    locale,
  );
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

export const isUnlimited = (seats: ServiceSeats) => seats.maxSeats === UNLIMITED_SEATS;

/** '8 / 20' reserved of the maximum, or 'Illimité'. */
export function reservedText(seats: ServiceSeats, locale: Locale): string {
  return isUnlimited(seats)
    ? formatSeats(UNLIMITED_SEATS, locale)
    : `${seats.reservedSeats} / ${seats.maxSeats}`;
}

/** The filling rate (a whole percent) as '40 %'; formatPercent takes hundredths. */
export function fillingText(seats: ServiceSeats, locale: Locale): string {
  return formatPercent(seats.fillingRate * 100, locale);
}
