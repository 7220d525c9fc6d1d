import { formatDuration } from '@inscrio/shared';
import { formatDateTime, formatPattern } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';

/** 'lun. 14/09/2026 18:00' in the organisation's time zone. */
export function useSessionDate() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (instant: string) =>
    `${formatPattern(new Date(instant), 'EEE', timeZone, locale)} ${formatDateTime(instant, timeZone, locale)}`;
}

/** A session's day, time and duration. */
export function SessionDate({ start, duration }: { start: string; duration?: number }) {
  const date = useSessionDate();
  return (
    <span className="tabular-nums">
      {date(start)}
      {duration ? <span className="text-slate-500"> · {formatDuration(duration)}</span> : null}
    </span>
  );
}
