import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  addOneYear,
  generateWeeklySeries,
  isoDayOfWeek,
  localInstant,
  SeriesError,
  shiftByWeeks,
  toLocal,
  weeksCovering,
} from './series';

const BRUSSELS = 'Europe/Brussels';
const iso = (dates: { startDateTime: Date }[]) => dates.map((d) => d.startDateTime.toISOString());

function seriesProblem(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof SeriesError) return `${error.problem}:${error.field}`;
    throw error;
  }
  return undefined;
}

describe('calendar dates', () => {
  it('numbers weekdays from Monday (1) to Sunday (7)', () => {
    expect(isoDayOfWeek('2026-10-19')).toBe(1);
    expect(isoDayOfWeek('2026-10-24')).toBe(6);
    expect(isoDayOfWeek('2026-10-25')).toBe(7);
  });

  it('adds days across months and years, and one year to a leap day', () => {
    expect(addDaysToDate('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDaysToDate('2028-03-01', -1)).toBe('2028-02-29');
    expect(addOneYear('2026-09-01')).toBe('2027-09-01');
    expect(addOneYear('2028-02-29')).toBe('2029-02-28');
  });

  it('rounds a period up to whole weeks', () => {
    expect(weeksCovering('2026-09-01', '2026-12-20')).toBe(16);
    expect(weeksCovering('2026-07-06', '2026-07-10')).toBe(1);
    expect(weeksCovering('2026-09-07', '2026-09-20')).toBe(2);
  });
});

describe('localInstant', () => {
  it('keeps 18:00 Brussels time on both sides of the October and March changes', () => {
    expect(localInstant('2026-10-24', '18:00', BRUSSELS).toISOString()).toBe('2026-10-24T16:00:00.000Z');
    expect(localInstant('2026-10-25', '18:00', BRUSSELS).toISOString()).toBe('2026-10-25T17:00:00.000Z');
    expect(localInstant('2027-03-27', '18:00', BRUSSELS).toISOString()).toBe('2027-03-27T17:00:00.000Z');
    expect(localInstant('2027-03-28', '18:00', BRUSSELS).toISOString()).toBe('2027-03-28T16:00:00.000Z');
  });

  it('moves a time skipped by the spring-forward gap forward by the gap', () => {
    const instant = localInstant('2027-03-28', '02:30', BRUSSELS);
    expect(instant.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(toLocal(instant, BRUSSELS)).toEqual({ date: '2027-03-28', time: '03:30' });
  });

  it('takes the first occurrence of a time repeated by the fall-back', () => {
    expect(localInstant('2026-10-25', '02:30', BRUSSELS).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localInstant('2026-10-25', '03:00', BRUSSELS).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(localInstant('2026-10-25', '01:59', BRUSSELS).toISOString()).toBe('2026-10-24T23:59:00.000Z');
  });

  it('works in other zones', () => {
    expect(localInstant('2026-10-31', '18:00', 'America/New_York').toISOString()).toBe(
      '2026-10-31T22:00:00.000Z',
    );
    expect(localInstant('2026-11-01', '18:00', 'America/New_York').toISOString()).toBe(
      '2026-11-01T23:00:00.000Z',
    );
    expect(localInstant('2026-10-25', '18:00', 'UTC').toISOString()).toBe('2026-10-25T18:00:00.000Z');
  });
});

describe('generateWeeklySeries', () => {
  it('generates Saturday, Sunday and Monday sessions across 2026-10-25 at 18:00 local time', () => {
    const sessions = generateWeeklySeries({
      timeZone: BRUSSELS,
      daysOfWeek: [6, 7, 1],
      time: '18:00',
      fromDate: '2026-10-17',
      toDate: '2026-11-02',
    });
    expect(iso(sessions)).toEqual([
      '2026-10-17T16:00:00.000Z',
      '2026-10-18T16:00:00.000Z',
      '2026-10-19T16:00:00.000Z',
      '2026-10-24T16:00:00.000Z',
      '2026-10-25T17:00:00.000Z',
      '2026-10-26T17:00:00.000Z',
      '2026-10-31T17:00:00.000Z',
      '2026-11-01T17:00:00.000Z',
      '2026-11-02T17:00:00.000Z',
    ]);
    expect(new Set(sessions.map((s) => s.time))).toEqual(new Set(['18:00']));
  });

  it('generates across the March change and skips the given dates', () => {
    const sessions = generateWeeklySeries({
      timeZone: BRUSSELS,
      daysOfWeek: [7],
      time: '18:00',
      fromDate: '2027-03-14',
      toDate: '2027-04-11',
      skipDates: ['2027-04-04', '2027-04-05'],
    });
    expect(sessions.map((s) => s.date)).toEqual(['2027-03-14', '2027-03-21', '2027-03-28', '2027-04-11']);
    expect(iso(sessions)).toEqual([
      '2027-03-14T17:00:00.000Z',
      '2027-03-21T17:00:00.000Z',
      '2027-03-28T16:00:00.000Z',
      '2027-04-11T16:00:00.000Z',
    ]);
  });

  it('includes both ends of the range', () => {
    const sessions = generateWeeklySeries({
      timeZone: BRUSSELS,
      daysOfWeek: [1, 5],
      time: '09:15',
      fromDate: '2026-09-07',
      toDate: '2026-09-18',
    });
    expect(sessions.map((s) => s.date)).toEqual(['2026-09-07', '2026-09-11', '2026-09-14', '2026-09-18']);
  });

  it('refuses reversed ranges, ranges over a year, empty and oversized series', () => {
    const base = { timeZone: BRUSSELS, daysOfWeek: [1], time: '18:00' };
    expect(
      seriesProblem(() => generateWeeklySeries({ ...base, fromDate: '2026-10-02', toDate: '2026-10-01' })),
    ).toBe('dateOrder:toDate');
    expect(
      seriesProblem(() => generateWeeklySeries({ ...base, fromDate: '2026-09-01', toDate: '2027-09-02' })),
    ).toBe('span:toDate');
    expect(
      seriesProblem(() =>
        generateWeeklySeries({
          ...base,
          daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
          fromDate: '2026-09-01',
          toDate: '2027-09-01',
        }),
      ),
    ).toBeUndefined();
    expect(
      seriesProblem(() =>
        generateWeeklySeries({ ...base, fromDate: '2026-10-20', toDate: '2026-10-25' /* Tue → Sun */ }),
      ),
    ).toBe('empty:daysOfWeek');
    expect(
      seriesProblem(() =>
        generateWeeklySeries({
          ...base,
          daysOfWeek: [1, 2, 3],
          fromDate: '2026-09-01',
          toDate: '2026-09-30',
          maxSessions: 5,
        }),
      ),
    ).toBe('tooMany:toDate');
  });
});

describe('shiftByWeeks', () => {
  it('keeps the local wall-clock time across daylight-saving changes', () => {
    expect(shiftByWeeks(new Date('2026-10-20T16:00:00Z'), 1, BRUSSELS).toISOString()).toBe(
      '2026-10-27T17:00:00.000Z',
    );
    expect(shiftByWeeks(new Date('2027-03-22T17:00:00Z'), 1, BRUSSELS).toISOString()).toBe(
      '2027-03-29T16:00:00.000Z',
    );
    expect(shiftByWeeks(new Date('2026-09-07T07:30:00Z'), 16, BRUSSELS).toISOString()).toBe(
      '2026-12-28T08:30:00.000Z',
    );
  });
});
