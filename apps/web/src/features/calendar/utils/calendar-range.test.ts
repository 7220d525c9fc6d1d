import { describe, expect, it } from 'vitest';
import {
  dayKey,
  groupByDay,
  layoutDay,
  parseDayKey,
  shiftAnchor,
  startOfToday,
  visibleHours,
  visibleRange,
} from './calendar-range';

const BRUSSELS = 'Europe/Brussels';

const utc = (date: Date | null | undefined) => (date ? new Date(date.getTime()).toISOString() : null);

const item = (startDateTime: string, duration: number, id = startDateTime) => ({
  id,
  startDateTime,
  duration,
});

describe('the calendar range', () => {
  it('starts weeks on Monday at midnight in the time zone, across the October clock change', () => {
    const range = visibleRange('week', new Date('2026-10-22T10:00:00Z'), BRUSSELS);
    expect(utc(range.from)).toBe('2026-10-18T22:00:00.000Z');
    // The week holds the 25-hour Sunday: the next Monday starts at 23:00 UTC.
    expect(utc(range.to)).toBe('2026-10-25T23:00:00.000Z');
    expect(range.days.map((day) => dayKey(day, BRUSSELS))).toEqual([
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
    ]);
  });

  it('pads a month to whole weeks, Monday to Sunday', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const range = visibleRange('month', new Date('2026-11-15T12:00:00Z'), BRUSSELS);
    expect(dayKey(range.from, BRUSSELS)).toBe('2026-10-26');
    expect(dayKey(range.days.at(-1)!, BRUSSELS)).toBe('2026-12-06');
    expect(range.days).toHaveLength(42);
    // At most 62 days: the API's limit for one request.
    expect((range.to.getTime() - range.from.getTime()) / 86_400_000).toBeLessThanOrEqual(62);
  });

  it('reads the day of the address and refuses what is not a day', () => {
    expect(utc(parseDayKey('2026-03-29', BRUSSELS))).toBe('2026-03-28T23:00:00.000Z');
    expect(parseDayKey('2026-02-30', BRUSSELS)).toBeNull();
    expect(parseDayKey('next week', BRUSSELS)).toBeNull();
    expect(parseDayKey(null, BRUSSELS)).toBeNull();
  });

  it('moves by a week or a month, and knows today in the time zone', () => {
    const anchor = parseDayKey('2026-01-31', BRUSSELS)!;
    expect(dayKey(shiftAnchor('week', anchor, 1, BRUSSELS), BRUSSELS)).toBe('2026-02-07');
    expect(dayKey(shiftAnchor('month', anchor, 1, BRUSSELS), BRUSSELS)).toBe('2026-02-28');
    expect(dayKey(shiftAnchor('month', anchor, -1, BRUSSELS), BRUSSELS)).toBe('2025-12-31');
    // 23:30 UTC on 31 December is already New Year's Day in Brussels.
    expect(dayKey(startOfToday(BRUSSELS, new Date('2026-12-31T23:30:00Z')), BRUSSELS)).toBe('2027-01-01');
  });
});

describe('the items of a day', () => {
  it('are grouped by their local day, in start order', () => {
    const days = groupByDay(
      [
        item('2026-11-24T16:00:00Z', 60, 'b'),
        item('2026-11-24T08:00:00Z', 60, 'a'),
        item('2026-11-24T23:30:00Z', 60, 'c'),
      ],
      BRUSSELS,
    );
    expect([...days.keys()]).toEqual(['2026-11-24', '2026-11-25']);
    expect(days.get('2026-11-24')?.map((entry) => entry.id)).toEqual(['a', 'b']);
  });

  it('share the width when they overlap, and take it all when alone', () => {
    const placed = layoutDay(
      [
        item('2026-11-24T08:00:00Z', 90, 'a'), // 09:00–10:30
        item('2026-11-24T08:30:00Z', 60, 'b'), // 09:30–10:30
        item('2026-11-24T09:30:00Z', 30, 'c'), // 10:30–11:00: reuses a column of its group
        item('2026-11-24T15:00:00Z', 60, 'd'), // 16:00–17:00: alone
      ],
      BRUSSELS,
    );
    const byId = Object.fromEntries(placed.map((block) => [block.item.id, block]));
    expect(byId.a).toMatchObject({ start: 540, end: 630, column: 0, columns: 2 });
    expect(byId.b).toMatchObject({ start: 570, end: 630, column: 1, columns: 2 });
    expect(byId.c).toMatchObject({ start: 630, column: 0, columns: 1 });
    expect(byId.d).toMatchObject({ start: 960, column: 0, columns: 1 });
  });

  it('widen the hours of the grid beyond 08:00–20:00 when needed, never past midnight', () => {
    expect(visibleHours([], BRUSSELS)).toEqual({ first: 8, last: 20 });
    expect(
      visibleHours([item('2026-11-24T06:15:00Z', 60), item('2026-11-24T21:00:00Z', 180)], BRUSSELS),
    ).toEqual({
      first: 7,
      last: 24,
    });
  });
});
