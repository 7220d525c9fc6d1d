import { describe, expect, it } from 'vitest';
import {
  confirmedParticipantsOfMonth,
  daysOfMonth,
  monthlyStatement,
  type Participation,
  planOnDay,
  previousMonth,
} from './statements.rules';

const plans = {
  'default-monthly': { monthlyFeeCents: 2900, participantFeeCents: 50 },
  'free-trial': { monthlyFeeCents: 0, participantFeeCents: 0 },
  unlimited: { monthlyFeeCents: 0, participantFeeCents: 0 },
};
const seen = (memberId: string, day: string, participantStatus = 'confirmed', sessionStatus = 'confirmed') =>
  ({ memberId, day, participantStatus, sessionStatus }) satisfies Participation;

describe('days of a month', () => {
  it('knows month lengths and leap years', () => {
    expect(daysOfMonth('2026-11')).toHaveLength(30);
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(daysOfMonth('2026-12').at(-1)).toBe('2026-12-31');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-11')).toBe('2026-10');
    expect(() => daysOfMonth('2026-13')).toThrow();
  });
});

describe('plan in force on a day', () => {
  const licences = [
    { planKey: 'free-trial' as const, startDay: '2026-10-05', endDay: '2026-11-04' },
    { planKey: 'default-monthly' as const, startDay: '2026-11-04', endDay: null },
  ];
  it('bills the change day at the new plan, and nothing before the first licence', () => {
    expect(planOnDay(licences, '2026-10-04')).toBeNull();
    expect(planOnDay(licences, '2026-10-05')).toBe('free-trial');
    expect(planOnDay(licences, '2026-11-03')).toBe('free-trial');
    expect(planOnDay(licences, '2026-11-04')).toBe('default-monthly');
    expect(planOnDay(licences, '2027-01-01')).toBe('default-monthly');
  });
});

describe('confirmed participants of the month', () => {
  it('counts distinct members confirmed (or absent) in a session of the month that is not cancelled', () => {
    const counted = confirmedParticipantsOfMonth('2026-11', [
      seen('m1', '2026-11-03'),
      seen('m1', '2026-11-02'), // the same member twice: once, from their first day
      seen('m2', '2026-11-10', 'absent'),
      seen('m3', '2026-11-10', 'reserved'),
      seen('m4', '2026-11-10', 'cancelled'),
      seen('m5', '2026-11-10', 'confirmed', 'cancelled'),
      seen('m6', '2026-10-31'),
      seen('m7', '2026-12-01'),
      seen('m8', '2026-11-20', 'confirmed', 'postponed'),
    ]);
    expect([...counted.entries()].sort()).toEqual([
      ['m1', '2026-11-02'],
      ['m2', '2026-11-10'],
      ['m8', '2026-11-20'],
    ]);
  });
});

describe('monthly statement', () => {
  it('bills a whole month: the plan fee plus the participant fee per confirmed participant', () => {
    const statement = monthlyStatement({
      month: '2026-11',
      licences: [{ planKey: 'default-monthly', startDay: '2026-01-01', endDay: null }],
      plans,
      participations: [seen('m1', '2026-11-02'), seen('m2', '2026-11-03'), seen('m1', '2026-11-09')],
    });
    expect(statement.lines).toEqual([
      { kind: 'plan', planKey: 'default-monthly', days: 30, daysInMonth: 30, amount: 2900 },
      { kind: 'participants', planKey: 'default-monthly', count: 2, unitPrice: 50, amount: 100 },
    ]);
    expect(statement.total).toBe(3000);
  });

  it('bills a partial month pro rata by days, participants at the plan of their day', () => {
    const statement = monthlyStatement({
      month: '2026-11',
      licences: [
        { planKey: 'free-trial', startDay: '2026-10-20', endDay: '2026-11-19' },
        { planKey: 'default-monthly', startDay: '2026-11-19', endDay: null },
      ],
      plans,
      participations: [seen('m1', '2026-11-02'), seen('m2', '2026-11-25'), seen('m3', '2026-11-19')],
    });
    // 12 days (19th to 30th) of 30: 2900 × 12 / 30 = 1160.
    expect(statement.lines).toEqual([
      { kind: 'plan', planKey: 'default-monthly', days: 12, daysInMonth: 30, amount: 1160 },
      { kind: 'participants', planKey: 'default-monthly', count: 2, unitPrice: 50, amount: 100 },
    ]);
    expect(statement.total).toBe(1260);
  });

  it('rounds the pro rata fee to the cent', () => {
    const statement = monthlyStatement({
      month: '2026-10',
      licences: [{ planKey: 'default-monthly', startDay: '2026-10-21', endDay: null }],
      plans,
      participations: [],
    });
    // 11 days of 31: 2900 × 11 / 31 = 1029.03…
    expect(statement.total).toBe(1029);
  });

  it('is zero for a free trial, an unlimited plan or a club without licence', () => {
    for (const planKey of ['free-trial', 'unlimited'] as const) {
      const statement = monthlyStatement({
        month: '2026-11',
        licences: [{ planKey, startDay: '2026-01-01', endDay: null }],
        plans,
        participations: [seen('m1', '2026-11-02')],
      });
      expect(statement).toEqual({ lines: [], total: 0 });
    }
    expect(monthlyStatement({ month: '2026-11', licences: [], plans, participations: [] }).total).toBe(0);
  });
});
