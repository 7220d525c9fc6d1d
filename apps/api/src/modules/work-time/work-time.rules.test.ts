import { describe, expect, it } from 'vitest';
import {
  computeMonth,
  correctionDayAllowed,
  correctionWindow,
  rateInForce,
  type HeldSessionFacts,
  monthBounds,
  submitRefusal,
  volunteerAllowance,
  weekStartOf,
} from './work-time.rules';

const BRUSSELS = 'Europe/Brussels';
/** A time after every session of these tests: all of them were held. */
const LATER = new Date('2030-01-01T00:00:00Z');
let n = 0;
const session = (
  start: string,
  duration: number,
  more: Partial<HeldSessionFacts> = {},
): HeldSessionFacts => ({
  prestationId: `prs_${++n}`,
  serviceId: `svc_${n}`,
  activityName: 'Football',
  startDateTime: new Date(start),
  duration,
  serviceStatus: 'confirmed',
  prestationStatus: 'assigned',
  ...more,
});

describe('computeMonth', () => {
  it('counts a session on the last Sunday of March on its local day, for its planned minutes', () => {
    // 29 March 2026: clocks go from 02:00 to 03:00. 01:30 CET is 00:30 UTC; 00:30 CET on the 29th is
    // 23:30 UTC on the 28th.
    const month = computeMonth({
      month: '2026-03',
      timeZone: BRUSSELS,
      now: LATER,
      sessions: [
        session('2026-03-29T00:30:00Z', 120), // 01:30 local, crosses the change: 120 minutes all the same
        session('2026-03-28T23:30:00Z', 60), // 00:30 local on Sunday the 29th
        session('2026-03-31T21:30:00Z', 90), // 23:30 CEST on the 31st: still March
      ],
      corrections: [],
    });
    expect(month.days.map((d) => [d.day, d.minutes])).toEqual([
      ['2026-03-29', 180],
      ['2026-03-31', 90],
    ]);
    expect(month.totals).toMatchObject({
      sessionMinutes: 270,
      totalMinutes: 270,
      sessions: 3,
      daysWorked: 2,
    });
    // The 29th is a Sunday: its week started on Monday the 23rd; the 31st opens the next week.
    expect(month.weeks).toEqual([
      { weekStart: '2026-03-23', minutes: 180 },
      { weekStart: '2026-03-30', minutes: 90 },
    ]);
  });

  it('puts a session on the night the clocks go back (last Sunday of October) on the right day and month', () => {
    // 25 October 2026: 03:00 CEST becomes 02:00 CET.
    const october = computeMonth({
      month: '2026-10',
      timeZone: BRUSSELS,
      now: LATER,
      sessions: [
        session('2026-10-25T00:30:00Z', 60), // 02:30 CEST, the first 02:30 of the night
        session('2026-10-25T01:30:00Z', 60), // 02:30 CET, the second one: both on the 25th
        session('2026-10-31T22:30:00Z', 60), // 23:30 CET on the 31st: October
        session('2026-10-31T23:30:00Z', 60), // 00:30 CET on 1 November: not October
      ],
      corrections: [],
    });
    expect(october.days.map((d) => [d.day, d.minutes])).toEqual([
      ['2026-10-25', 120],
      ['2026-10-31', 60],
    ]);
    const november = computeMonth({
      month: '2026-11',
      timeZone: BRUSSELS,
      now: LATER,
      sessions: [session('2026-10-31T23:30:00Z', 60)],
      corrections: [],
    });
    expect(november.days.map((d) => d.day)).toEqual(['2026-11-01']);
  });

  it('reads the day in the organisation time zone, not in UTC', () => {
    const facts = {
      month: '2026-06',
      now: LATER,
      sessions: [session('2026-06-30T23:00:00Z', 60)],
      corrections: [],
    };
    expect(computeMonth({ ...facts, timeZone: BRUSSELS }).days).toEqual([]); // 1 July, 01:00 local
    expect(computeMonth({ ...facts, timeZone: 'America/Montreal' }).days[0]?.day).toBe('2026-06-30');
  });

  it('shows but does not count sessions the holder missed or that were cancelled', () => {
    const month = computeMonth({
      month: '2026-05',
      timeZone: BRUSSELS,
      now: LATER,
      sessions: [
        session('2026-05-04T16:00:00Z', 60),
        session('2026-05-05T16:00:00Z', 60, { prestationStatus: 'absent' }),
        session('2026-05-06T16:00:00Z', 60, { serviceStatus: 'cancelled' }),
        session('2026-05-07T16:00:00Z', 60, { serviceStatus: 'postponed' }),
      ],
      corrections: [],
    });
    expect(month.days.map((d) => [d.day, d.minutes, d.sessions[0]!.excludedBecause])).toEqual([
      ['2026-05-04', 60, null],
      ['2026-05-05', 0, 'holder-absent'],
      ['2026-05-06', 0, 'session-cancelled'],
      ['2026-05-07', 60, null],
    ]);
    expect(month.totals).toMatchObject({ sessionMinutes: 120, sessions: 2, daysWorked: 2 });
  });

  it('shows a session that has not started yet without counting it', () => {
    const month = computeMonth({
      month: '2026-05',
      timeZone: BRUSSELS,
      now: new Date('2026-05-10T12:00:00Z'),
      sessions: [session('2026-05-04T16:00:00Z', 60), session('2026-05-12T16:00:00Z', 60)],
      corrections: [],
    });
    expect(month.days.map((d) => [d.day, d.minutes, d.sessions[0]!.excludedBecause])).toEqual([
      ['2026-05-04', 60, null],
      ['2026-05-12', 0, 'upcoming'],
    ]);
  });

  it('adds and removes corrections on their days, and ignores those of other months', () => {
    const month = computeMonth({
      month: '2026-05',
      timeZone: BRUSSELS,
      now: LATER,
      sessions: [session('2026-05-04T16:00:00Z', 90)],
      corrections: [
        { id: 'c1', day: '2026-05-04', minutes: -30, note: 'Parti plus tôt' },
        { id: 'c2', day: '2026-05-16', minutes: 240, note: 'Tournoi' },
        { id: 'c3', day: '2026-06-01', minutes: 60, note: 'Autre mois' },
      ],
    });
    expect(month.days.map((d) => [d.day, d.minutes])).toEqual([
      ['2026-05-04', 60],
      ['2026-05-16', 240],
    ]);
    expect(month.totals).toMatchObject({ sessionMinutes: 90, correctionMinutes: 210, totalMinutes: 300 });
  });
});

describe('volunteerAllowance', () => {
  const month = computeMonth({
    month: '2026-05',
    timeZone: BRUSSELS,
    now: LATER,
    sessions: [
      session('2026-05-04T08:00:00Z', 60),
      session('2026-05-04T10:00:00Z', 60),
      session('2026-05-04T14:00:00Z', 60),
      session('2026-05-05T16:00:00Z', 60, { prestationStatus: 'absent' }),
      session('2026-05-06T16:00:00Z', 60),
    ],
    corrections: [{ id: 'c', day: '2026-05-09', minutes: 120, note: 'Tournoi' }],
  });
  const settings = { rateCents: 2000, dailyCeilingCents: 4402, yearlyCeilingCents: 176_083 };

  it('pays per counted session and warns when a day passes the daily ceiling', () => {
    const { allowance, warnings } = volunteerAllowance(month, { ...settings, basis: 'per-session' }, 0);
    expect(allowance).toMatchObject({ units: 4, dueCents: 8000, yearToDateCents: 8000 });
    expect(warnings).toEqual(['daily-ceiling']); // three sessions on the 4th: 60,00 € > 44,02 €
  });

  it('pays per day worked (corrections included) and warns past the yearly ceiling', () => {
    const { allowance, warnings } = volunteerAllowance(month, { ...settings, basis: 'per-day' }, 170_000);
    expect(allowance).toMatchObject({ units: 3, dueCents: 6000, yearToDateCents: 176_000 });
    expect(warnings).toEqual([]);
    expect(volunteerAllowance(month, { ...settings, basis: 'per-day' }, 170_100).warnings).toEqual([
      'yearly-ceiling',
    ]);
  });
});

describe('month helpers', () => {
  it('knows month bounds, leap years included, and Monday-first weeks', () => {
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(weekStartOf('2026-11-01')).toBe('2026-10-26'); // a Sunday
    expect(weekStartOf('2026-11-02')).toBe('2026-11-02'); // a Monday
  });

  it('lets a draft or rejected month be submitted once it is over, never a submitted or validated one', () => {
    expect(submitRefusal('draft', '2026-05', '2026-06-01')).toBeNull();
    expect(submitRefusal('rejected', '2026-04', '2026-05-01')).toBeNull();
    expect(submitRefusal('draft', '2026-05', '2026-05-31')).toBe('work_month_not_over');
    expect(submitRefusal('draft', '2026-06', '2026-05-31')).toBe('work_month_not_over');
    expect(submitRefusal('submitted', '2026-04', '2026-05-01')).toBe('work_month_locked');
    expect(submitRefusal('validated', '2026-04', '2026-05-01')).toBe('work_month_locked');
  });

  it('takes corrections on the current month and the 12 before it, never a month not begun', () => {
    expect(correctionWindow('2026-11-28')).toEqual({ first: '2025-11-01', last: '2026-11-30' });
    expect(correctionWindow('2026-01-01')).toEqual({ first: '2025-01-01', last: '2026-01-31' });
    expect(correctionDayAllowed('2026-11-30', '2026-11-28')).toBe(true);
    expect(correctionDayAllowed('2025-11-01', '2026-11-28')).toBe(true);
    expect(correctionDayAllowed('2025-10-31', '2026-11-28')).toBe(false);
    expect(correctionDayAllowed('2026-12-01', '2026-11-28')).toBe(false);
    expect(correctionDayAllowed('1900-01-01', '2026-11-28')).toBe(false);
    expect(correctionDayAllowed('2199-12-31', '2026-11-28')).toBe(false);
  });

  it('counts each month at the allowance rate in force in it', () => {
    const current = {
      basis: 'per-session',
      rateCents: 3000,
      dailyCeilingCents: 4402,
      yearlyCeilingCents: 176_083,
    } as const;
    expect(rateInForce([], '2026-05', current)).toEqual(current);
    const rates = [
      { fromMonth: '0000-01', basis: 'per-session', rateCents: 2000 },
      { fromMonth: '2026-06', basis: 'per-day', rateCents: 2500 },
      { fromMonth: '2026-11', basis: 'per-session', rateCents: 3000 },
    ] as const;
    expect(rateInForce(rates, '2026-05', current)).toMatchObject({ basis: 'per-session', rateCents: 2000 });
    expect(rateInForce(rates, '2026-06', current)).toMatchObject({ basis: 'per-day', rateCents: 2500 });
    expect(rateInForce(rates, '2026-10', current)).toMatchObject({ basis: 'per-day', rateCents: 2500 });
    expect(rateInForce(rates, '2027-01', current)).toMatchObject({
      rateCents: 3000,
      dailyCeilingCents: 4402,
    });
  });
});
