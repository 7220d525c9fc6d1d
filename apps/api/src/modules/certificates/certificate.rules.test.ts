import { describe, expect, it } from 'vitest';
import {
  fourteenthBirthday,
  groupLines,
  healthMutualSummary,
  paidShare,
  type PaidLine,
  paymentCertificateLines,
  statesTheSame,
  taxCertificateParts,
  yearIsOver,
} from './certificate.rules';

const line = (overrides: Partial<PaidLine> = {}): PaidLine => ({
  memberId: 'mem_1',
  familyId: 'fam_1',
  blueprintId: 'bp_swim',
  activityName: 'Natation',
  establishmentId: 'est_default',
  periodId: 'per_1',
  periodName: 'Automne',
  sessionDate: '2026-03-14',
  attended: true,
  lineCents: 1500,
  creditedCents: 0,
  orderNetCents: 1500,
  orderLinesNetCents: 1500,
  orderPaidCents: 1500,
  paidYear: 2026,
  ...overrides,
});

describe('what was actually paid for a line', () => {
  it('is the price net of the credit notes on it', () => {
    expect(
      paidShare(
        line({ creditedCents: 500, orderNetCents: 1000, orderLinesNetCents: 1000, orderPaidCents: 1000 }),
      ),
    ).toBe(1000);
  });

  it('is never above what the order received (a partial payment pays each line in proportion)', () => {
    // Two lines of 1500 on an order of 3000 of which 1000 was paid: 500 each.
    expect(paidShare(line({ orderNetCents: 3000, orderLinesNetCents: 3000, orderPaidCents: 1000 }))).toBe(
      500,
    );
    expect(paidShare(line({ orderPaidCents: 0 }))).toBe(0);
    expect(paidShare(line({ creditedCents: 1500 }))).toBe(0);
  });

  it('is lowered by a credit note on no line (a typed one), spread over the lines', () => {
    // A 100 € order credited 30 € by a typed credit note and refunded: 70 € received, 70 € stated.
    const credited = { lineCents: 10_000, orderNetCents: 7_000, orderLinesNetCents: 10_000 };
    expect(paidShare(line({ ...credited, orderPaidCents: 7_000 }))).toBe(7_000);
    // Paid 50 € of it: 50 €, not 50 × 100 / 70.
    expect(paidShare(line({ ...credited, orderPaidCents: 5_000 }))).toBe(5_000);
    // Paid 100 € and the 30 € not given back yet: the 30 € are owed to the family, 70 € stated.
    expect(paidShare(line({ ...credited, orderPaidCents: 10_000 }))).toBe(7_000);
  });
});

describe('certificate periods', () => {
  it('groups a year by activity and period with its days, daily rate and amount', () => {
    const lines = [
      line({ sessionDate: '2026-03-14' }),
      line({ sessionDate: '2026-03-21' }),
      line({
        sessionDate: '2026-03-21',
        lineCents: 200,
        orderNetCents: 200,
        orderLinesNetCents: 200,
        orderPaidCents: 200,
      }),
      line({
        blueprintId: 'bp_judo',
        activityName: 'Judo',
        periodId: null,
        periodName: null,
        sessionDate: '2026-01-10',
      }),
    ];
    expect(groupLines(lines)).toEqual([
      expect.objectContaining({ activityName: 'Judo', days: 1, amountCents: 1500, from: '2026-01-10' }),
      expect.objectContaining({
        activityName: 'Natation',
        from: '2026-03-14',
        to: '2026-03-21',
        days: 2,
        amountCents: 3200,
        dailyCents: 1600,
      }),
    ]);
  });

  it('281.86: only days attended, fully paid in the year, before the 14th birthday; four periods a part', () => {
    expect(fourteenthBirthday('2012-06-01')).toBe('2026-06-01');
    const lines = [
      line({ sessionDate: '2026-05-31' }),
      line({ sessionDate: '2026-06-01', blueprintId: 'bp_after' }),
      line({ sessionDate: '2026-04-01', blueprintId: 'bp_absent', attended: false }),
      line({ sessionDate: '2026-04-02', blueprintId: 'bp_unpaid', orderPaidCents: 1000 }),
      line({ sessionDate: '2026-04-03', blueprintId: 'bp_lastyear', paidYear: 2025 }),
    ];
    const parts = taxCertificateParts(lines, 2026, '2012-06-01');
    expect(parts).toHaveLength(1);
    expect(parts[0]!.map((l) => l.blueprintId)).toEqual(['bp_swim']);

    const many = [1, 2, 3, 4, 5].map((n) => line({ blueprintId: `bp_${n}`, sessionDate: `2026-0${n}-10` }));
    expect(taxCertificateParts(many, 2026, null).map((part) => part.length)).toEqual([4, 1]);
  });

  it('payment certificate: every line of orders paid that year, attended or not', () => {
    const lines = [line({ attended: false }), line({ paidYear: 2025, blueprintId: 'bp_old' })];
    expect(paymentCertificateLines(lines, 2026)).toHaveLength(1);
  });

  it('health-mutual: the dates and the sum actually paid', () => {
    const summary = healthMutualSummary([
      line({ sessionDate: '2026-03-21' }),
      line({ sessionDate: '2026-03-14', creditedCents: 1500 }),
    ]);
    expect(summary).toEqual({ amountCents: 1500, from: '2026-03-14', to: '2026-03-21', year: 2026 });
  });
});

describe('yearIsOver', () => {
  it('opens a year on 1 January in the organisation’s time zone, not in UTC', () => {
    // 23:30 UTC on 31 December is already 00:30 on 1 January in Brussels.
    const newYearInBrussels = new Date('2026-12-31T23:30:00Z');
    expect(yearIsOver(2026, newYearInBrussels, 'Europe/Brussels')).toBe(true);
    expect(yearIsOver(2026, newYearInBrussels, 'UTC')).toBe(false);
    expect(yearIsOver(2026, new Date('2026-11-28T10:00:00Z'), 'Europe/Brussels')).toBe(false);
    expect(yearIsOver(2025, new Date('2026-11-28T10:00:00Z'), 'Europe/Brussels')).toBe(true);
  });
});

describe('statesTheSame', () => {
  const issued = { amountCents: 4000, from: '2026-09-07', to: '2026-12-14' };
  it('holds while the amount and the dates are those of the certificate', () => {
    expect(statesTheSame(issued, { ...issued })).toBe(true);
    expect(statesTheSame(issued, { ...issued, amountCents: 2000 })).toBe(false);
    expect(statesTheSame(issued, { ...issued, to: '2026-12-21' })).toBe(false);
  });
});
