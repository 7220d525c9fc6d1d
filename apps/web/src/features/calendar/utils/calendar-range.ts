import { TZDate } from '@date-fns/tz';
import type { CalendarItem } from '@inscrio/shared';
import {
  addDays,
  addMonths,
  addWeeks,
  endOfMonth,
  format,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { WEEK_STARTS_ON } from '@/lib/dates';

/*
 * The calendar's arithmetic, in the organisation's time zone: days are that zone's days (23 or 25
 * hours on a daylight-saving change), weeks start on Monday (spec section 9).
 */

export type CalendarView = 'week' | 'month';

export const CALENDAR_VIEWS: readonly CalendarView[] = ['week', 'month'];

/** 'yyyy-MM-dd' of an instant, as a day of the time zone. */
export function dayKey(date: Date | string | number, timeZone: string): string {
  return format(new TZDate(new Date(date).getTime(), timeZone), 'yyyy-MM-dd');
}

/** The midnight starting day 'yyyy-MM-dd' in the time zone, or null when the text is no such day. */
export function parseDayKey(value: string | null | undefined, timeZone: string): TZDate | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2199) return null;
  const date = new TZDate(year, month - 1, day, timeZone);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** The midnight starting today in the time zone. */
export function startOfToday(timeZone: string, now: Date = new Date()): TZDate {
  return startOfDay(new TZDate(now.getTime(), timeZone));
}

export interface CalendarRange {
  /** Midnight of the first day shown (a Monday). */
  from: TZDate;
  /** Midnight after the last day shown: the range is [from, to). */
  to: TZDate;
  days: TZDate[];
}

/** The days a view shows around `anchor`: its week, or its month padded to whole weeks. */
export function visibleRange(view: CalendarView, anchor: Date, timeZone: string): CalendarRange {
  // date-fns keeps the TZDate class, but some of its signatures are typed with a plain Date.
  const inZone = (date: Date) => new TZDate(date.getTime(), timeZone);
  const day = startOfDay(inZone(anchor));
  const options = { weekStartsOn: WEEK_STARTS_ON } as const;
  const from = inZone(view === 'week' ? startOfWeek(day, options) : startOfWeek(startOfMonth(day), options));
  const to = inZone(view === 'week' ? addDays(from, 7) : addDays(startOfWeek(endOfMonth(day), options), 7));
  const days: TZDate[] = [];
  for (let current = from; current < to; current = inZone(addDays(current, 1))) days.push(current);
  return { from, to, days };
}

/** The anchor one week or one month before (-1) or after (+1). */
export function shiftAnchor(view: CalendarView, anchor: Date, step: number, timeZone: string): TZDate {
  const day = startOfDay(new TZDate(anchor.getTime(), timeZone));
  return view === 'week' ? addWeeks(day, step) : addMonths(day, step);
}

/** Items by the day they start on ('yyyy-MM-dd' in the time zone), each day in start order. */
export function groupByDay<T extends Pick<CalendarItem, 'startDateTime'>>(
  items: readonly T[],
  timeZone: string,
): Map<string, T[]> {
  const sorted = [...items].sort((a, b) => Date.parse(a.startDateTime) - Date.parse(b.startDateTime));
  const days = new Map<string, T[]>();
  for (const item of sorted) {
    const key = dayKey(item.startDateTime, timeZone);
    const list = days.get(key);
    if (list) list.push(item);
    else days.set(key, [item]);
  }
  return days;
}

/** Wall-clock minutes since midnight in the time zone (09:30 → 570). */
export function minutesOfDay(date: Date | string, timeZone: string): number {
  const local = new TZDate(new Date(date).getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

export interface PositionedItem<T> {
  item: T;
  /** Minutes since midnight where the block starts and ends (ends at most at midnight). */
  start: number;
  end: number;
  /** Side-by-side placement of overlapping items: column index among `columns`. */
  column: number;
  columns: number;
}

const DAY_MINUTES = 24 * 60;

/**
 * Places one day's items on a time grid: overlapping items share the width in columns, each group of
 * items that overlap one another (directly or through others) using as many columns as it needs.
 */
export function layoutDay<T extends Pick<CalendarItem, 'startDateTime' | 'duration'>>(
  items: readonly T[],
  timeZone: string,
): PositionedItem<T>[] {
  const blocks = items
    .map((item) => {
      const start = minutesOfDay(item.startDateTime, timeZone);
      return {
        item,
        start,
        end: Math.min(DAY_MINUTES, start + Math.max(item.duration, 1)),
        column: 0,
        columns: 1,
      };
    })
    .sort((a, b) => a.start - b.start || b.end - a.end);

  const placed: PositionedItem<T>[] = [];
  let group: PositionedItem<T>[] = [];
  let columnEnds: number[] = [];
  let groupEnd = -1;

  const closeGroup = () => {
    for (const block of group) block.columns = columnEnds.length;
    placed.push(...group);
    group = [];
    columnEnds = [];
  };

  for (const block of blocks) {
    if (block.start >= groupEnd && group.length > 0) closeGroup();
    let column = columnEnds.findIndex((end) => end <= block.start);
    if (column === -1) {
      column = columnEnds.length;
      columnEnds.push(block.end);
    } else {
      columnEnds[column] = block.end;
    }
    block.column = column;
    group.push(block);
    groupEnd = Math.max(groupEnd, block.end);
  }
  if (group.length > 0) closeGroup();
  return placed;
}

/** The hours a week grid shows: 08:00–20:00 at least, widened to fit every item. */
export function visibleHours(
  items: readonly Pick<CalendarItem, 'startDateTime' | 'duration'>[],
  timeZone: string,
): { first: number; last: number } {
  let first = 8;
  let last = 20;
  for (const item of items) {
    const start = minutesOfDay(item.startDateTime, timeZone);
    const end = Math.min(DAY_MINUTES, start + item.duration);
    first = Math.min(first, Math.floor(start / 60));
    last = Math.max(last, Math.ceil(end / 60));
  }
  return { first: Math.max(0, first), last: Math.min(24, last) };
}
