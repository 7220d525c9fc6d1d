import { describe, expect, it } from 'vitest';
import { attendanceRate, currentWindow } from './holdings.rules';

describe('the current period of the attendees list', () => {
  it('spans the periods covering today', () => {
    expect(
      currentWindow(
        [
          { startDate: '2026-09-01', endDate: '2027-06-30' },
          { startDate: '2026-10-15', endDate: '2026-12-20' },
          { startDate: '2027-07-01', endDate: '2027-08-31' },
        ],
        '2026-11-27',
      ),
    ).toEqual({ from: '2026-09-01', to: '2027-06-30' });
    // Its first and last days count.
    expect(currentWindow([{ startDate: '2026-11-27', endDate: '2026-11-27' }], '2026-11-27')).toEqual({
      from: '2026-11-27',
      to: '2026-11-27',
    });
  });

  it('looks 90 days either side of today when no period covers it', () => {
    expect(currentWindow([{ startDate: '2027-01-01', endDate: '2027-06-30' }], '2026-11-27')).toEqual({
      from: '2026-08-29',
      to: '2027-02-25',
    });
  });
});

describe('the attendance rate', () => {
  it('is the share of past sessions attended, none before the first', () => {
    expect(attendanceRate(0, 0)).toBeNull();
    expect(attendanceRate(4, 1)).toBe(75);
    expect(attendanceRate(3, 1)).toBe(67);
    expect(attendanceRate(2, 0)).toBe(100);
    expect(attendanceRate(2, 5)).toBe(0);
  });
});
