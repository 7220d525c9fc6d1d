import {
  formatDate,
  formatDuration,
  formatMoney,
  formatMonth,
  localDay,
  WORK_MONTH_STATUSES,
  WORK_SESSION_EXCLUSIONS,
  type WorkMonthStatus,
  workMonthBadgeVariant,
  type WorkSessionExclusion,
} from '@inscrio/shared';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';

/** The month today falls in, in the organisation's time zone. */
export const currentMonthIn = (timeZone: string) => localDay(new Date(), timeZone).slice(0, 7);

/** A correction's signed duration: '+1h30', '-30 min'. */
export const signedDuration = (minutes: number) => `${minutes > 0 ? '+' : ''}${formatDuration(minutes)}`;

/** The formatters of the work time screens, in the organisation's zone and the user's language. */
export function useWorkTexts() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return {
    locale,
    timeZone,
    duration: formatDuration,
    money: (cents: number) => formatMoney(cents, locale),
    month: (month: string) => formatMonth(month, locale),
    day: (day: string) => formatDate(day, timeZone, locale),
    weekday: (day: string) =>
      new Intl.DateTimeFormat(locale === 'fr' ? 'fr-BE' : 'en-US', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      }).format(new Date(`${day}T12:00:00Z`)),
    time: (instant: string) => formatDateTime(instant, timeZone, locale).slice(-5),
    instant: (instant: string) => formatDate(instant, timeZone, locale),
    exclusion: (reason: WorkSessionExclusion) => WORK_SESSION_EXCLUSIONS.label(reason, locale),
  };
}

/** A month's status: Brouillon, Soumis, Validé, Refusé. */
export function MonthStatusBadge({ status }: { status: WorkMonthStatus }) {
  const locale = useLocale();
  return (
    <Badge variant={workMonthBadgeVariant(status)} data-month-status={status}>
      {WORK_MONTH_STATUSES.label(status, locale)}
    </Badge>
  );
}
