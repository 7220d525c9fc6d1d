import type { TZDate } from '@date-fns/tz';
import type { CalendarItem } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatPattern } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { dayKey } from '../utils/calendar-range';
import { safeColor } from '../utils/color';
import { CalendarChip } from './calendar-event';

/** Items a desktop month cell lists before '+N autres'. */
const VISIBLE_PER_DAY = 3;

interface MonthGridProps {
  days: TZDate[];
  /** 'yyyy-MM' of the month shown: days of the padding weeks are greyed. */
  monthKey: string;
  itemsByDay: Map<string, CalendarItem[]>;
  timeZone: string;
  todayKey: string;
  onSelect: (item: CalendarItem) => void;
  /** A day's number, or its '+N autres', opens that day. */
  onOpenDay: (day: TZDate) => void;
  /** Phones: small cells with coloured dots; the chosen day is listed under the grid. */
  compact?: boolean;
  selectedKey?: string | null;
}

function WeekdayHeader({ days, timeZone }: { days: TZDate[]; timeZone: string }) {
  const locale = useLocale();
  return (
    <div className="grid grid-cols-7 border-b border-slate-200 bg-slate-50/80" aria-hidden="true">
      {days.slice(0, 7).map((day) => (
        <div
          key={day.getTime()}
          className="py-2 text-center text-[11px] font-semibold text-slate-500 uppercase"
        >
          {formatPattern(day, 'EEE', timeZone, locale).replace('.', '')}
        </div>
      ))}
    </div>
  );
}

/** The month padded to whole weeks, Monday first. */
export function MonthGrid({
  days,
  monthKey,
  itemsByDay,
  timeZone,
  todayKey,
  onSelect,
  onOpenDay,
  compact = false,
  selectedKey = null,
}: MonthGridProps) {
  const { t } = useTranslation('calendar');
  const locale = useLocale();

  return (
    <div
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs"
      data-calendar-view="month"
    >
      <WeekdayHeader days={days} timeZone={timeZone} />
      <div className="grid grid-cols-7">
        {days.map((day, index) => {
          const key = dayKey(day, timeZone);
          const items = itemsByDay.get(key) ?? [];
          const outside = !key.startsWith(monthKey);
          const isToday = key === todayKey;
          const lastColumn = index % 7 === 6;
          const label = formatPattern(
            day,
            locale === 'fr' ? 'EEEE d MMMM' : 'EEEE, MMMM d',
            timeZone,
            locale,
          );
          const number = (
            <span
              className={cn(
                'grid size-7 place-items-center rounded-full text-sm font-semibold tabular-nums',
                isToday && 'bg-brand-700 text-white',
                !isToday && (outside ? 'text-slate-500' : 'text-slate-800'),
                !isToday && selectedKey === key && 'bg-brand-100 text-brand-900',
              )}
            >
              {formatPattern(day, 'd', timeZone, locale)}
            </span>
          );

          if (compact) {
            return (
              <button
                key={key}
                type="button"
                onClick={() => onOpenDay(day)}
                className={cn(
                  'flex min-h-14 flex-col items-center gap-1 border-b border-slate-100 py-1.5',
                  !lastColumn && 'border-r',
                  outside && 'bg-slate-50/70',
                  selectedKey === key && 'bg-brand-50',
                )}
                aria-pressed={selectedKey === key}
                aria-label={t('month.dayLabel', { day: label, count: items.length })}
                data-day={key}
              >
                {number}
                <span className="flex flex-wrap justify-center gap-0.5 px-0.5" aria-hidden="true">
                  {items.slice(0, 4).map((item) => (
                    <span
                      key={item.id}
                      className={cn('size-1.5 rounded-full', item.status === 'cancelled' && 'opacity-30')}
                      style={{ backgroundColor: safeColor(item.colorCode) }}
                    />
                  ))}
                </span>
              </button>
            );
          }

          const more = items.length - VISIBLE_PER_DAY;
          return (
            <div
              key={key}
              className={cn(
                'flex min-h-30 min-w-0 flex-col gap-0.5 border-b border-slate-100 p-1.5',
                !lastColumn && 'border-r',
                outside && 'bg-slate-50/70',
              )}
              data-day={key}
            >
              <button
                type="button"
                onClick={() => onOpenDay(day)}
                className="self-start rounded-full hover:bg-slate-100"
                aria-label={t('month.openDay', { day: label })}
                aria-current={isToday ? 'date' : undefined}
              >
                {number}
              </button>
              <ul className="min-w-0 space-y-0.5">
                {items.slice(0, VISIBLE_PER_DAY).map((item) => (
                  <li key={item.id} className="min-w-0">
                    <CalendarChip item={item} timeZone={timeZone} onSelect={onSelect} />
                  </li>
                ))}
              </ul>
              {more > 0 ? (
                <button
                  type="button"
                  onClick={() => onOpenDay(day)}
                  className="self-start rounded px-1 text-[11px] font-semibold text-brand-700 hover:bg-brand-50"
                >
                  {t('month.more', { count: more })}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
