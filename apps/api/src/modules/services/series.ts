import { TZDate, tzOffset } from '@date-fns/tz';
import { SERIES_MAX_SESSIONS } from '@inscrio/shared';

/*
 * Calendar arithmetic for sessions, in the organisation's time zone. Pure functions: no database, no
 * clock. Dates are plain 'YYYY-MM-DD' calendar dates (computed in UTC so the host's zone never leaks
 * in), times 'HH:mm' wall-clock times; only `localInstant` turns the pair into an instant.
 */

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

function parseDate(value: string): [number, number, number] {
  const match = DATE.exec(value);
  if (!match) throw new RangeError(`not a date: ${value}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function parseTime(value: string): [number, number] {
  const match = TIME.exec(value);
  if (!match) throw new RangeError(`not a time: ${value}`);
  return [Number(match[1]), Number(match[2])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Days since 1970-01-01 of a calendar date. */
function dayNumber(value: string): number {
  const [y, m, d] = parseDate(value);
  const date = new Date(Date.UTC(2000, m - 1, d));
  date.setUTCFullYear(y);
  return Math.round(date.getTime() / DAY_MS);
}

function fromDayNumber(day: number): string {
  const date = new Date(day * DAY_MS);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The calendar date `days` days after `date` (negative goes back). */
export function addDaysToDate(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO day of week of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoDayOfWeek(date: string): number {
  const weekday = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The same calendar day one year later (29 February → 28 February). */
export function addOneYear(date: string): string {
  const [y, m, d] = parseDate(date);
  const day = m === 2 && d === 29 && !isLeapYear(y + 1) ? 28 : d;
  return `${pad(y + 1, 4)}-${pad(m)}-${pad(day)}`;
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export interface LocalDateTime {
  /** 'YYYY-MM-DD' in the time zone. */
  date: string;
  /** 'HH:mm' in the time zone. */
  time: string;
}

/** The wall-clock date and time of an instant in `timeZone`. */
export function toLocal(instant: Date, timeZone: string): LocalDateTime {
  const local = new TZDate(instant.getTime(), timeZone);
  return {
    date: `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` `time`.
 *
 * Around daylight-saving changes a wall-clock time may not exist or may happen twice. We follow
 * RFC 5545 (what calendar clients do with a TZID time, so the iCalendar feed agrees with us):
 * - a time skipped by the spring-forward gap moves forward by the gap (02:30 → 03:30 summer time);
 * - a time repeated by the autumn fall-back is the first occurrence (02:30 summer time).
 */
export function localInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = parseDate(date);
  const [h, min] = parseTime(time);
  // TZDate already resolves the gap forward, but picks the second occurrence of a repeated time.
  const resolved = new TZDate(y, m - 1, d, h, min, timeZone).getTime();
  const offsetBefore = tzOffset(timeZone, new Date(resolved - 6 * 3_600_000));
  const offsetNow = tzOffset(timeZone, new Date(resolved));
  if (offsetBefore > offsetNow) {
    const earlier = resolved - (offsetBefore - offsetNow) * 60_000;
    const wall = toLocal(new Date(earlier), timeZone);
    if (wall.date === date && wall.time === time) return new Date(earlier);
  }
  return new Date(resolved);
}

/**
 * The same wall-clock time `weeks` weeks later in `timeZone`: 18:00 stays 18:00 across a
 * daylight-saving change, so the UTC instant moves by an hour.
 */
export function shiftByWeeks(instant: Date, weeks: number, timeZone: string): Date {
  const local = toLocal(instant, timeZone);
  return localInstant(addDaysToDate(local.date, weeks * 7), local.time, timeZone);
}

export interface WeeklySeries {
  timeZone: string;
  /** ISO days of week: 1 = Monday … 7 = Sunday. */
  daysOfWeek: readonly number[];
  /** Local start time 'HH:mm'. */
  time: string;
  /** First and last calendar dates, both included. */
  fromDate: string;
  toDate: string;
  /** Dates without a session (holidays). */
  skipDates?: readonly string[];
  /** Defaults to `SERIES_MAX_SESSIONS`. */
  maxSessions?: number;
}

export interface SeriesOccurrence extends LocalDateTime {
  startDateTime: Date;
}

export type SeriesProblem = 'dateOrder' | 'span' | 'tooMany' | 'empty';

export class SeriesError extends Error {
  constructor(
    readonly problem: SeriesProblem,
    readonly field: 'fromDate' | 'toDate' | 'daysOfWeek',
  ) {
    super(problem);
  }
}

/**
 * The sessions of a weekly series: every date from `fromDate` to `toDate` whose weekday is in
 * `daysOfWeek` and which is not skipped, at `time` local time. Throws a `SeriesError` when the range is
 * reversed, longer than a year, yields no session or too many.
 */
export function generateWeeklySeries(series: WeeklySeries): SeriesOccurrence[] {
  const { timeZone, time, fromDate, toDate } = series;
  if (toDate < fromDate) throw new SeriesError('dateOrder', 'toDate');
  if (toDate > addOneYear(fromDate)) throw new SeriesError('span', 'toDate');
  const days = new Set(series.daysOfWeek);
  const skipped = new Set(series.skipDates ?? []);
  const occurrences: SeriesOccurrence[] = [];
  for (let date = fromDate; date <= toDate; date = addDaysToDate(date, 1)) {
    if (!days.has(isoDayOfWeek(date)) || skipped.has(date)) continue;
    if (occurrences.length === (series.maxSessions ?? SERIES_MAX_SESSIONS))
      throw new SeriesError('tooMany', 'toDate');
    const startDateTime = localInstant(date, time, timeZone);
    occurrences.push({ startDateTime, ...toLocal(startDateTime, timeZone) });
  }
  if (occurrences.length === 0) throw new SeriesError('empty', 'daysOfWeek');
  return occurrences;
}

/** Whole weeks covering a period from `startDate` to `endDate` included (its length rounded up). */
export function weeksCovering(startDate: string, endDate: string): number {
  return Math.max(1, Math.ceil((daysBetween(startDate, endDate) + 1) / 7));
}
