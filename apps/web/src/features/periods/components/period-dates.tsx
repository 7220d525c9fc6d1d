import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';

/** '01/09/2026 – 31/12/2026'. */
export function PeriodDates({ start, end }: { start: string; end: string }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <span className="tabular-nums">
      {formatDate(start, timeZone, locale)} – {formatDate(end, timeZone, locale)}
    </span>
  );
}

/** 'Le 04/12/2026 09:00', or 'Non fixée'. */
export function RegistrationOpening({ instant }: { instant: string | null }) {
  const { t } = useTranslation('periods');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return instant ? (
    <span className="tabular-nums">{formatDateTime(instant, timeZone, locale)}</span>
  ) : (
    <span className="text-slate-500">{t('notSet')}</span>
  );
}
