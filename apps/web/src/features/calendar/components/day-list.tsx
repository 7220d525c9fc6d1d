import type { TZDate } from '@date-fns/tz';
import type { CalendarItem } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useCalendarTexts } from '../hooks/use-calendar-texts';
import { dayKey } from '../utils/calendar-range';
import { CalendarRow } from './calendar-event';

interface DayListProps {
  days: TZDate[];
  itemsByDay: Map<string, CalendarItem[]>;
  timeZone: string;
  todayKey: string;
  onSelect: (item: CalendarItem) => void;
}

/** Phones: the days one under the other, each with its sessions. */
export function DayList({ days, itemsByDay, timeZone, todayKey, onSelect }: DayListProps) {
  const { t } = useTranslation('calendar');
  const texts = useCalendarTexts(timeZone);
  return (
    <ol className="space-y-5" data-calendar-view="list">
      {days.map((day) => {
        const key = dayKey(day, timeZone);
        const items = itemsByDay.get(key) ?? [];
        const isToday = key === todayKey;
        return (
          <li key={key} data-day={key}>
            <h3
              className={cn(
                'flex items-center gap-2 text-sm font-semibold',
                isToday ? 'text-brand-800' : 'text-slate-800',
              )}
            >
              {texts.longDay(day)}
              {isToday ? (
                <span className="rounded-full bg-brand-700 px-2 py-0.5 text-[11px] font-semibold text-white">
                  {t('today')}
                </span>
              ) : null}
            </h3>
            {items.length === 0 ? (
              <p className="mt-1 text-sm text-slate-500">{t('list.noSession')}</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {items.map((item) => (
                  <li key={item.id}>
                    <CalendarRow item={item} timeZone={timeZone} onSelect={onSelect} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
