import {
  localDay,
  type VolunteerAllowanceBasis,
  type WorkMonthStatus,
  type WorkSessionExclusion,
  type WorkTimeWarning,
} from '@inscrio/shared';

/*
 * The hours of a holder's month, computed from facts (the sessions held, their statuses, the corrections)
 * with no database. A session counts on its local day in the organisation's time zone, for its duration
 * in minutes as planned: on the night the clocks change, a 02:00 session of 60 minutes still counts 60
 * minutes, and a session at 00:30 local on 1 November (23:30 UTC the day before) belongs to November.
 */

export interface HeldSessionFacts {
  prestationId: string;
  serviceId: string;
  activityName: string;
  startDateTime: Date;
  /** Minutes. */
  duration: number;
  /** confirmed | postponed | cancelled */
  serviceStatus: string;
  /** assigned | absent */
  prestationStatus: string;
}

export interface CorrectionFacts {
  id: string;
  /** 'yyyy-MM-dd'. */
  day: string;
  /** Signed minutes. */
  minutes: number;
  note: string;
}

export interface SessionLine extends Omit<HeldSessionFacts, 'serviceStatus' | 'prestationStatus'> {
  minutes: number;
  excludedBecause: WorkSessionExclusion | null;
}

export interface DayLine {
  day: string;
  minutes: number;
  sessions: SessionLine[];
  corrections: CorrectionFacts[];
}

export interface MonthTotals {
  sessionMinutes: number;
  correctionMinutes: number;
  totalMinutes: number;
  /** Sessions that count. */
  sessions: number;
  /** Days whose total is above zero. */
  daysWorked: number;
}

export interface ComputedMonth {
  days: DayLine[];
  weeks: { weekStart: string; minutes: number }[];
  totals: MonthTotals;
}

/**
 * Why a session of the holder does not count, or null when it does: cancelled, the holder absent, or
 * not begun yet (it counts once it starts). A cancelled session wins over an absence.
 */
export function exclusionOf(
  session: Pick<HeldSessionFacts, 'serviceStatus' | 'prestationStatus' | 'startDateTime'>,
  now: Date,
): WorkSessionExclusion | null {
  if (session.serviceStatus === 'cancelled') return 'session-cancelled';
  if (session.prestationStatus === 'absent') return 'holder-absent';
  if (session.startDateTime.getTime() > now.getTime()) return 'upcoming';
  return null;
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** The first and last days of a 'yyyy-MM' month. */
export function monthBounds(month: string): { first: string; last: string } {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`not a month: ${month}`);
  const [year, monthNumber] = [Number(match[1]), Number(match[2])];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(lastDay).padStart(2, '0')}` };
}

/** The Monday of a day's week ('yyyy-MM-dd'; weeks start on Monday, spec section 9). */
export function weekStartOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const fromMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - fromMonday * 86_400_000).toISOString().slice(0, 10);
}

/** The holder's days in `month` (local days in `timeZone`), the weeks' and the month's totals. */
export function computeMonth(facts: {
  month: string;
  timeZone: string;
  /** Sessions starting after it are shown, not counted. */
  now: Date;
  sessions: HeldSessionFacts[];
  corrections: CorrectionFacts[];
}): ComputedMonth {
  const { first, last } = monthBounds(facts.month);
  const byDay = new Map<string, DayLine>();
  const dayOf = (day: string) => {
    let line = byDay.get(day);
    if (!line) byDay.set(day, (line = { day, minutes: 0, sessions: [], corrections: [] }));
    return line;
  };
  const within = (day: string) => day >= first && day <= last;
  const totals: MonthTotals = {
    sessionMinutes: 0,
    correctionMinutes: 0,
    totalMinutes: 0,
    sessions: 0,
    daysWorked: 0,
  };

  for (const session of facts.sessions) {
    const day = localDay(session.startDateTime, facts.timeZone);
    if (!within(day)) continue;
    const excludedBecause = exclusionOf(session, facts.now);
    const minutes = excludedBecause ? 0 : session.duration;
    const { serviceStatus: _s, prestationStatus: _p, ...rest } = session;
    dayOf(day).sessions.push({ ...rest, minutes, excludedBecause });
    dayOf(day).minutes += minutes;
    totals.sessionMinutes += minutes;
    if (!excludedBecause) totals.sessions++;
  }
  for (const correction of facts.corrections) {
    if (!within(correction.day)) continue;
    dayOf(correction.day).corrections.push(correction);
    dayOf(correction.day).minutes += correction.minutes;
    totals.correctionMinutes += correction.minutes;
  }

  const days = [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
  for (const line of days) {
    line.sessions.sort((a, b) => a.startDateTime.getTime() - b.startDateTime.getTime());
    if (line.minutes > 0) totals.daysWorked++;
  }
  totals.totalMinutes = totals.sessionMinutes + totals.correctionMinutes;

  const weeks = new Map<string, number>();
  for (const line of days) {
    const week = weekStartOf(line.day);
    weeks.set(week, (weeks.get(week) ?? 0) + line.minutes);
  }
  return {
    days,
    weeks: [...weeks.entries()].map(([weekStart, minutes]) => ({ weekStart, minutes })),
    totals,
  };
}

export interface AllowanceSettings {
  basis: VolunteerAllowanceBasis;
  rateCents: number;
  dailyCeilingCents: number;
  yearlyCeilingCents: number;
}

/** The allowance in force from a month on ('yyyy-MM'). */
export interface AllowanceRate {
  fromMonth: string;
  basis: VolunteerAllowanceBasis;
  rateCents: number;
}

/** The rate recorded before the first change of the settings, in force before every later one. */
export const EARLIEST_RATE_MONTH = '0000-01';

/**
 * The basis and rate in force in `month`: the latest rate from a month not after it, else the current
 * settings (never changed since rates are recorded). A change never rewrites an earlier month.
 */
export function rateInForce(
  rates: readonly AllowanceRate[],
  month: string,
  current: AllowanceSettings,
): AllowanceSettings {
  let found: AllowanceRate | null = null;
  for (const rate of rates)
    if (rate.fromMonth <= month && (!found || rate.fromMonth > found.fromMonth)) found = rate;
  return found ? { ...current, basis: found.basis, rateCents: found.rateCents } : current;
}

/** What one day of a volunteer pays: the rate per counted session, or the rate once for a day worked. */
export function dayAllowanceCents(day: DayLine, settings: AllowanceSettings): number {
  if (settings.basis === 'per-day') return day.minutes > 0 ? settings.rateCents : 0;
  return day.sessions.filter((s) => s.excludedBecause === null).length * settings.rateCents;
}

/**
 * A volunteer's allowance for the month and the ceilings' warnings: a day paying more than the daily
 * ceiling, or the calendar year (earlier months' allowances plus this one) past the yearly ceiling.
 */
export function volunteerAllowance(
  month: ComputedMonth,
  settings: AllowanceSettings,
  earlierMonthsOfYearCents: number,
) {
  let dueCents = 0;
  let units = 0;
  let overDaily = false;
  for (const day of month.days) {
    const cents = dayAllowanceCents(day, settings);
    dueCents += cents;
    units += settings.rateCents > 0 ? cents / settings.rateCents : 0;
    if (cents > settings.dailyCeilingCents) overDaily = true;
  }
  const yearToDateCents = earlierMonthsOfYearCents + dueCents;
  const warnings: WorkTimeWarning[] = [];
  if (overDaily) warnings.push('daily-ceiling');
  if (yearToDateCents > settings.yearlyCeilingCents) warnings.push('yearly-ceiling');
  return {
    allowance: {
      basis: settings.basis,
      units,
      rateCents: settings.rateCents,
      dueCents,
      yearToDateCents,
      dailyCeilingCents: settings.dailyCeilingCents,
      yearlyCeilingCents: settings.yearlyCeilingCents,
    },
    warnings,
  };
}

/** Corrections may change while the month is a draft or was sent back; never once submitted or validated. */
export const isEditable = (status: WorkMonthStatus): boolean => status === 'draft' || status === 'rejected';

/** A month may be submitted when editable and over (its last day is before today). */
export function submitRefusal(status: WorkMonthStatus, month: string, today: string) {
  if (!isEditable(status)) return 'work_month_locked' as const;
  if (monthBounds(month).last >= today) return 'work_month_not_over' as const;
  return null;
}

/** Whether the month is over on `today` ('yyyy-MM-dd'), so it may be submitted. */
export const isOver = (month: string, today: string) => monthBounds(month).last < today;

/** Only a submitted month may be validated or rejected. */
export const canDecide = (status: WorkMonthStatus): boolean => status === 'submitted';

/** How far back a holder may correct a day: the current month and the 12 months before it. */
export const CORRECTION_MONTHS_BACK = 12;

/** The days ('yyyy-MM-dd') a correction may fall on, `today` being the organisation's local day. */
export function correctionWindow(today: string): { first: string; last: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - CORRECTION_MONTHS_BACK, 1)).toISOString().slice(0, 10);
  return { first, last: monthBounds(today.slice(0, 7)).last };
}

/** Whether a correction may fall on `day`: within `correctionWindow(today)` (no month not begun yet). */
export function correctionDayAllowed(day: string, today: string): boolean {
  const { first, last } = correctionWindow(today);
  return day >= first && day <= last;
}
