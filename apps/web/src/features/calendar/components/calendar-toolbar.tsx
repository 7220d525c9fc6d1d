import type { TZDate } from '@date-fns/tz';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatPattern } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { CALENDAR_VIEWS, type CalendarView } from '../utils/calendar-range';

interface CalendarToolbarProps {
  view: CalendarView;
  anchor: TZDate;
  days: TZDate[];
  timeZone: string;
  onViewChange: (view: CalendarView) => void;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  busy: boolean;
}

/** What the view shows: '23 – 29 nov. 2026' for a week, 'novembre 2026' for a month. */
function useRangeTitle(view: CalendarView, anchor: TZDate, days: TZDate[], timeZone: string): string {
  const locale = useLocale();
  const format = (date: Date, pattern: string) => formatPattern(date, pattern, timeZone, locale);
  if (view === 'month') return format(anchor, 'LLLL yyyy');
  const first = days[0] ?? anchor;
  const last = days[days.length - 1] ?? anchor;
  const sameYear = format(first, 'yyyy') === format(last, 'yyyy');
  const sameMonth = sameYear && format(first, 'MM') === format(last, 'MM');
  if (locale === 'fr') {
    if (sameMonth) return `${format(first, 'd')} – ${format(last, 'd MMMM yyyy')}`;
    return `${format(first, sameYear ? 'd MMM' : 'd MMM yyyy')} – ${format(last, 'd MMM yyyy')}`;
  }
  if (sameMonth) return `${format(first, 'MMMM d')} – ${format(last, 'd, yyyy')}`;
  return `${format(first, sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${format(last, 'MMM d, yyyy')}`;
}

/** Previous / next / today, the range shown, and the week–month toggle. */
export function CalendarToolbar({
  view,
  anchor,
  days,
  timeZone,
  onViewChange,
  onPrevious,
  onNext,
  onToday,
  busy,
}: CalendarToolbarProps) {
  const { t } = useTranslation('calendar');
  const title = useRangeTitle(view, anchor, days, timeZone);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h2
        className={cn(
          'w-full text-lg font-semibold text-slate-900 transition-opacity first-letter:uppercase sm:order-2 sm:w-auto sm:min-w-0 sm:flex-1 sm:truncate',
          busy && 'opacity-60',
        )}
        aria-live="polite"
        data-calendar-title=""
      >
        {title}
      </h2>
      <div className="flex items-center gap-2 sm:order-1">
        <div className="flex">
          <Button
            variant="secondary"
            size="icon"
            className="rounded-r-none"
            onClick={onPrevious}
            aria-label={t(`navigation.previous.${view}`)}
            data-calendar-previous=""
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="secondary"
            size="icon"
            className="-ml-px rounded-l-none"
            onClick={onNext}
            aria-label={t(`navigation.next.${view}`)}
            data-calendar-next=""
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <Button variant="secondary" onClick={onToday}>
          {t('navigation.today')}
        </Button>
      </div>
      <div
        className="flex w-full rounded-lg border border-slate-300 bg-white p-0.5 shadow-xs sm:order-3 sm:ml-auto sm:inline-flex sm:w-auto"
        role="group"
        aria-label={t('views.label')}
      >
        {CALENDAR_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            onClick={() => onViewChange(option)}
            aria-pressed={view === option}
            className={cn(
              'h-8 flex-1 rounded-md px-3 text-sm font-semibold transition-colors sm:flex-none',
              view === option ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {t(`views.${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
