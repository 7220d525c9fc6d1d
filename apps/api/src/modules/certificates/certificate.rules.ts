import { TAX_CERTIFICATE_MAX_PERIODS } from '@inscrio/shared';

/*
 * What a certificate states, from the family's order lines: pure rules, facts in, decision out (no
 * database). Amounts are cents. What was "actually paid" for a line is its price net of the credit notes
 * on it, and never more than the order's payments cover: an order paid in part pays each of its lines
 * in proportion (rounded down), so a certificate never states more than was received.
 */

/** One order line of a member's session, with its order's money and the session's facts. */
export interface PaidLine {
  memberId: string;
  familyId: string;
  blueprintId: string;
  activityName: string;
  establishmentId: string;
  periodId: string | null;
  periodName: string | null;
  /** The session's day in the organisation's time zone, 'YYYY-MM-DD'. */
  sessionDate: string;
  /** Confirmed (not absent nor cancelled), on a session held and already started. */
  attended: boolean;
  lineCents: number;
  /** Credit notes on this line (its invoice lines). */
  creditedCents: number;
  /** The order's total net of its credit notes (those on a line and those on no line, typed ones). */
  orderNetCents: number;
  /** The order's lines net of the credit notes on them: what the order's receipts are spread over. */
  orderLinesNetCents: number;
  /** What the order received, net of refunds. */
  orderPaidCents: number;
  /** The year the order was fully paid (organisation's time zone), null while it is not. */
  paidYear: number | null;
}

/**
 * The cents actually paid for a line: its net price, or its share of what the order received. A credit
 * note on no line (a typed one, a partial credit of the order) lowers what the order received without
 * lowering any line, so the receipts are spread over the lines' nets: a 100 € order credited 30 € and
 * refunded states 70 €, never 100.
 */
export function paidShare(line: PaidLine): number {
  const net = Math.max(0, line.lineCents - line.creditedCents);
  const received = Math.min(line.orderPaidCents, line.orderNetCents);
  if (net === 0 || received <= 0) return 0;
  if (received >= line.orderLinesNetCents) return net;
  return Math.floor((net * received) / line.orderLinesNetCents);
}

/** The line's order is paid in full (what remains after credit notes). */
export const fullyPaid = (line: PaidLine): boolean =>
  line.orderNetCents <= 0 || line.orderPaidCents >= line.orderNetCents;

/** A printed period: one activity (and period) of the year, its days and what was paid for them. */
export interface CertificateLine {
  blueprintId: string;
  activityName: string;
  periodId: string | null;
  periodName: string | null;
  from: string;
  to: string;
  days: number;
  /** Cents per day, rounded: the real rate (281.86: the tax office applies its own daily cap). */
  dailyCents: number;
  amountCents: number;
}

const scopeOf = (line: { blueprintId: string; periodId: string | null }) =>
  `${line.blueprintId}:${line.periodId ?? ''}`;

/** Lines grouped by activity and period, in date order: the periods a year's certificate prints. */
export function groupLines(lines: PaidLine[]): CertificateLine[] {
  const groups = new Map<string, { first: PaidLine; dates: Set<string>; amount: number }>();
  for (const line of lines) {
    const key = scopeOf(line);
    const group = groups.get(key) ?? { first: line, dates: new Set<string>(), amount: 0 };
    group.dates.add(line.sessionDate);
    group.amount += paidShare(line);
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((group) => group.amount > 0)
    .map(({ first, dates, amount }) => {
      const sorted = [...dates].sort();
      return {
        blueprintId: first.blueprintId,
        activityName: first.activityName,
        periodId: first.periodId,
        periodName: first.periodName,
        from: sorted[0]!,
        to: sorted.at(-1)!,
        days: sorted.length,
        dailyCents: Math.round(amount / sorted.length),
        amountCents: amount,
      };
    })
    .sort((a, b) => a.from.localeCompare(b.from) || a.activityName.localeCompare(b.activityName));
}

/** The health-mutual certificate of a member's activity (or period): its dates and what was paid. */
export function healthMutualSummary(lines: PaidLine[]) {
  const amountCents = lines.reduce((sum, line) => sum + paidShare(line), 0);
  const dates = lines.map((line) => line.sessionDate).sort();
  return { amountCents, from: dates[0] ?? null, to: dates.at(-1) ?? null, year: yearOf(dates[0]) };
}

export const yearOf = (date: string | undefined | null): number => Number((date ?? '').slice(0, 4)) || 0;

/** The day a child turns 14: only days before it count for the 281.86 (domain brief section 5). */
export function fourteenthBirthday(birthdate: string | null): string | null {
  if (!birthdate) return null;
  return `${String(Number(birthdate.slice(0, 4)) + 14).padStart(4, '0')}${birthdate.slice(4)}`;
}

/**
 * The 281.86 periods of a child's year: sessions attended, on orders fully paid in that year, before the
 * 14th birthday; split in parts of at most four periods (one certificate each).
 */
export function taxCertificateParts(lines: PaidLine[], year: number, birthdate: string | null) {
  const limit = fourteenthBirthday(birthdate);
  const counted = lines.filter(
    (line) =>
      line.attended && fullyPaid(line) && line.paidYear === year && (!limit || line.sessionDate < limit),
  );
  return chunk(groupLines(counted), TAX_CERTIFICATE_MAX_PERIODS);
}

/** The payment certificate (France, Luxembourg) of a child's year: every line of orders paid that year. */
export function paymentCertificateLines(lines: PaidLine[], year: number): CertificateLine[] {
  return groupLines(lines.filter((line) => fullyPaid(line) && line.paidYear === year));
}

function chunk<T>(items: T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

export const sumAmounts = (lines: CertificateLine[]): number =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);

/**
 * A year's certificate (281.86, payment) is issued once the year is over in the organisation's time zone:
 * before, its expenses are not all known, and a certificate frozen in November would miss December.
 */
export function yearIsOver(year: number, now: Date, timeZone: string): boolean {
  const current = Number(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric' }).format(now));
  return year < current;
}

/**
 * A health-mutual certificate still says what is true: the same amount paid over the same dates. When
 * the family paid the rest, or a credit note lowered it, asking again issues an up-to-date one.
 */
export function statesTheSame(
  issued: { amountCents: number; from: string | null; to: string | null },
  now: { amountCents: number; from: string | null; to: string | null },
): boolean {
  return issued.amountCents === now.amountCents && issued.from === now.from && issued.to === now.to;
}
