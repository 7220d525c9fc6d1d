import type { TZDate } from '@date-fns/tz';
import type { CalendarItem } from '@inscrio/shared';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatPattern } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { dayKey, layoutDay, minutesOfDay, visibleHours } from '../utils/calendar-range';
import { CalendarBlock } from './calendar-event';

/** Height of one hour on the grid. */
const HOUR_PX = 56;
/** Blocks shorter than this many pixels show only their name and hours. */
const ROOMY_PX = 64;

interface WeekGridProps {
  days: TZDate[];
  itemsByDay: Map<string, CalendarItem[]>;
  timeZone: string;
  todayKey: string;
  onSelect: (item: CalendarItem) => void;
}

/** The current minute, refreshed every minute, for the line that marks "now". */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The week on a time grid (tablets and desktops): seven columns, Monday first. */
export function WeekGrid({ days, itemsByDay, timeZone, todayKey, onSelect }: WeekGridProps) {
  const locale = useLocale();
  const now = useNow();
  const all = days.flatMap((day) => itemsByDay.get(dayKey(day, timeZone)) ?? []);
  const { first, last } = visibleHours(all, timeZone);
  const hours = Array.from({ length: last - first }, (_, index) => first + index);
  const nowMinutes = minutesOfDay(now, timeZone);
  const columns = 'grid grid-cols-[3.25rem_repeat(7,minmax(0,1fr))]';

  return (
    <div
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs"
      data-calendar-view="week"
    >
      <div className={cn(columns, 'border-b border-slate-200 bg-slate-50/80')}>
        <div />
        {days.map((day) => {
          const key = dayKey(day, timeZone);
          const isToday = key === todayKey;
          return (
            <div key={key} className="border-l border-slate-200 px-1 py-2 text-center" data-day={key}>
              <p
                className={cn(
                  'text-[11px] font-semibold uppercase',
                  isToday ? 'text-brand-700' : 'text-slate-500',
                )}
              >
                {formatPattern(day, 'EEE', timeZone, locale).replace('.', '')}
              </p>
              <p
                className={cn(
                  'mx-auto mt-0.5 grid size-8 place-items-center rounded-full text-base font-semibold tabular-nums',
                  isToday ? 'bg-brand-700 text-white' : 'text-slate-900',
                )}
                aria-current={isToday ? 'date' : undefined}
              >
                {formatPattern(day, 'd', timeZone, locale)}
              </p>
            </div>
          );
        })}
      </div>
      <div className={cn(columns, 'relative')} style={{ height: hours.length * HOUR_PX }}>
        <div aria-hidden="true">
          {hours.map((hour) => (
            <div key={hour} className="relative" style={{ height: HOUR_PX }}>
              {hour === first ? null : (
                <span className="absolute -top-2 right-2 text-[11px] text-slate-500 tabular-nums">
                  {String(hour).padStart(2, '0')}:00
                </span>
              )}
            </div>
          ))}
        </div>
        {days.map((day) => {
          const key = dayKey(day, timeZone);
          const placed = layoutDay(itemsByDay.get(key) ?? [], timeZone);
          const showNow = key === todayKey && nowMinutes >= first * 60 && nowMinutes <= last * 60;
          return (
            <div
              key={key}
              className={cn('relative border-l border-slate-200', key === todayKey && 'bg-brand-50/40')}
              style={{
                backgroundImage: 'linear-gradient(to bottom, rgb(226 232 240) 1px, transparent 1px)',
                backgroundSize: `100% ${HOUR_PX}px`,
              }}
            >
              {placed.map((block) => {
                const top = ((block.start - first * 60) / 60) * HOUR_PX;
                const height = Math.max(((block.end - block.start) / 60) * HOUR_PX - 2, 22);
                return (
                  <CalendarBlock
                    key={block.item.id}
                    item={block.item}
                    timeZone={timeZone}
                    onSelect={onSelect}
                    compact={height < ROOMY_PX}
                    style={{
                      top: top + 1,
                      height,
                      left: `calc(${(block.column / block.columns) * 100}% + 2px)`,
                      width: `calc(${100 / block.columns}% - 4px)`,
                    }}
                  />
                );
              })}
              {showNow ? (
                <div
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-x-0 z-20 h-0.5 bg-red-500 before:absolute before:-top-1 before:-left-1 before:size-2.5 before:rounded-full before:bg-red-500"
                  style={{ top: ((nowMinutes - first * 60) / 60) * HOUR_PX }}
                />
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
