import { formatDuration } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatPattern } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';

/** 'lun. 07/09/2026 17:00' in the organisation's time zone. */
export function useSessionDate() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (instant: string) =>
    `${formatPattern(new Date(instant), 'EEE', timeZone, locale)} ${formatDateTime(instant, timeZone, locale)}`;
}

/** 'lundi 07/09/2026 · 17:00 – 18:30 (1h30)'. */
export function SessionWhen({ start, duration }: { start: string; duration: number }) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const date = new Date(start);
  const end = new Date(date.getTime() + duration * 60_000);
  const day = formatPattern(date, 'EEEE', timeZone, locale);
  return (
    <span>
      <span className="capitalize">{day}</span> {formatDate(start, timeZone, locale)} ·{' '}
      {t('when.range', {
        start: formatPattern(date, 'HH:mm', timeZone, locale),
        end: formatPattern(end, 'HH:mm', timeZone, locale),
      })}{' '}
      ({formatDuration(duration)})
    </span>
  );
}
