import { type CalendarItem, formatPercent, formatSeats, UNLIMITED_SEATS } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { formatPattern } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';

/** The texts every view of an item shares: its title, its hours, its free seats, its filling rate. */
export function useCalendarTexts(timeZone: string) {
  const { t } = useTranslation('calendar');
  const locale = useLocale();

  const time = (date: Date | string) => formatPattern(new Date(date), 'HH:mm', timeZone, locale);

  return {
    locale,
    time,
    /** '09:30 – 10:45'. */
    hours(item: Pick<CalendarItem, 'startDateTime' | 'duration'>): string {
      const start = new Date(item.startDateTime);
      return `${time(start)} – ${time(new Date(start.getTime() + item.duration * 60_000))}`;
    },
    /** « Natation — Léa », « Natation — Léa et Tom » on a family's calendar; the activity's name otherwise. */
    title(item: Pick<CalendarItem, 'serviceName' | 'attendees'>): string {
      if (item.attendees.length === 0) return item.serviceName;
      return `${item.serviceName} — ${new Intl.ListFormat(locale, { type: 'conjunction' }).format(item.attendees)}`;
    },
    /** 'Illimité', 'Complet' or '12 places libres'; null on a family's calendar (no figures there). */
    freeSeats(item: Pick<CalendarItem, 'seats'>): string | null {
      if (!item.seats) return null;
      const { freeSeats } = item.seats;
      if (freeSeats === UNLIMITED_SEATS) return formatSeats(UNLIMITED_SEATS, locale);
      if (freeSeats === 0) return t('seats.full');
      return t('seats.free', { count: freeSeats });
    },
    /** The filling rate ('45 %'); unlimited sessions have none. */
    fillingRate(item: Pick<CalendarItem, 'seats'>): string | null {
      if (!item.seats || item.seats.maxSeats === UNLIMITED_SEATS) return null;
      return formatPercent(item.seats.fillingRate * 100, locale);
    },
    /** 'Lundi 23 novembre 2026'. */
    longDay(date: Date | string): string {
      const text = formatPattern(
        new Date(date),
        locale === 'fr' ? 'EEEE d MMMM yyyy' : 'EEEE, MMMM d, yyyy',
        timeZone,
        locale,
      );
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
    },
  };
}
