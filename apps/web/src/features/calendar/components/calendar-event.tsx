import { type CalendarItem, SESSION_STATUSES } from '@inscrio/shared';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { useCalendarTexts } from '../hooks/use-calendar-texts';
import { safeColor, tint } from '../utils/color';

/*
 * One session in the three shapes the calendar draws it: a block on the week's time grid, a chip in a
 * month cell, a row in the phone's day list. All open the item's details; a cancelled session is
 * struck through, a postponed one labelled.
 */

interface EventProps {
  item: CalendarItem;
  timeZone: string;
  onSelect: (item: CalendarItem) => void;
}

function StatusLabel({ item }: { item: CalendarItem }) {
  const locale = useLocale();
  if (item.status === 'confirmed') return null;
  return (
    <span
      className={cn(
        'inline-block rounded px-1 text-[10px] leading-4 font-semibold uppercase',
        item.status === 'cancelled' ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900',
      )}
    >
      {SESSION_STATUSES.label(item.status, locale)}
    </span>
  );
}

/** A block of the week's time grid; `style` places it (top, height, left, width). */
export function CalendarBlock({
  item,
  timeZone,
  onSelect,
  style,
  compact,
}: EventProps & { style: CSSProperties; compact: boolean }) {
  const texts = useCalendarTexts(timeZone);
  const color = safeColor(item.colorCode);
  const cancelled = item.status === 'cancelled';
  const rate = texts.fillingRate(item);
  const seats = texts.freeSeats(item);
  const title = texts.title(item);
  return (
    <button
      type="button"
      onClick={() => onSelect(item)}
      style={{ ...style, backgroundColor: tint(color, cancelled ? 0.06 : 0.16), borderLeftColor: color }}
      className={cn(
        'absolute flex flex-col gap-0.5 overflow-hidden rounded-md border-l-[3px] px-1.5 py-1 text-left text-[11px] leading-tight text-slate-900 shadow-xs ring-1 ring-white transition hover:z-10 hover:shadow-md focus-visible:z-10',
        cancelled && 'text-slate-500',
      )}
      data-calendar-item={item.id}
      data-status={item.status}
      title={`${title} · ${texts.hours(item)}`}
    >
      <span className={cn('truncate font-semibold', cancelled && 'line-through')}>{title}</span>
      <span className={cn('truncate tabular-nums text-slate-600', cancelled && 'line-through')}>
        {texts.hours(item)}
      </span>
      {compact ? null : (
        <span className="flex flex-wrap items-center gap-1 text-slate-600">
          <StatusLabel item={item} />
          {cancelled || !seats ? null : (
            <span className="truncate">
              {seats}
              {rate ? ` · ${rate}` : ''}
            </span>
          )}
        </span>
      )}
    </button>
  );
}

/** A line of a month cell: colour, start time, name. */
export function CalendarChip({ item, timeZone, onSelect }: EventProps) {
  const texts = useCalendarTexts(timeZone);
  const color = safeColor(item.colorCode);
  const cancelled = item.status === 'cancelled';
  return (
    <button
      type="button"
      onClick={() => onSelect(item)}
      className={cn(
        'flex w-full items-center gap-1.5 rounded px-1 py-0.5 text-left text-[11px] leading-tight hover:bg-slate-100',
        cancelled ? 'text-slate-500' : 'text-slate-800',
      )}
      data-calendar-item={item.id}
      data-status={item.status}
    >
      <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
      <span className={cn('shrink-0 tabular-nums', cancelled && 'line-through')}>
        {texts.time(item.startDateTime)}
      </span>
      <span className={cn('truncate font-medium', cancelled && 'line-through')}>{texts.title(item)}</span>
      {item.status === 'postponed' ? (
        <span
          className="ml-auto size-1.5 shrink-0 rounded-full bg-amber-500"
          aria-label={SESSION_STATUSES.label('postponed', texts.locale)}
        />
      ) : null}
    </button>
  );
}

/** A row of the phone's day list: hours, name, status and seats. */
export function CalendarRow({ item, timeZone, onSelect }: EventProps) {
  const texts = useCalendarTexts(timeZone);
  const color = safeColor(item.colorCode);
  const cancelled = item.status === 'cancelled';
  const rate = texts.fillingRate(item);
  const seats = texts.freeSeats(item);
  return (
    <button
      type="button"
      onClick={() => onSelect(item)}
      className="flex w-full items-stretch gap-3 rounded-xl border border-slate-200 bg-white p-3 text-left shadow-xs transition hover:border-slate-300 hover:shadow-sm"
      data-calendar-item={item.id}
      data-status={item.status}
    >
      <span className="w-1 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
      <span
        className={cn(
          'w-12 shrink-0 text-sm tabular-nums',
          cancelled ? 'text-slate-500 line-through' : 'text-slate-700',
        )}
      >
        <span className="block font-semibold">{texts.time(item.startDateTime)}</span>
        <span className="block text-xs text-slate-500">
          {texts.time(new Date(Date.parse(item.startDateTime) + item.duration * 60_000))}
        </span>
      </span>
      <span className="min-w-0 flex-1 space-y-1">
        <span
          className={cn(
            'block truncate text-sm font-semibold',
            cancelled ? 'text-slate-500 line-through' : 'text-slate-900',
          )}
        >
          {texts.title(item)}
        </span>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <StatusLabel item={item} />
          {cancelled || !seats ? null : <span>{seats}</span>}
          {!cancelled && rate ? <span className="text-slate-500">·</span> : null}
          {!cancelled && rate ? <span>{rate}</span> : null}
        </span>
      </span>
    </button>
  );
}
