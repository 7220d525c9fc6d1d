import type { LicencePlan } from '@inscrio/shared';

/*
 * The fee rule of the platform's monthly statements (issue 16, « Licences and platform billing »), as
 * pure functions: facts in (the club's licences, the plans, its participations of the month), the
 * statement's lines out. Days are the club's local calendar days (`yyyy-MM-dd`).
 *
 * - Plan fee: each day of the month is billed at the plan in force that day (the licence started on or
 *   before it and not ended on or before it; a plan changed during a day bills that day at the new plan),
 *   pro rata by days: monthly fee × days on the plan / days in the month, rounded to the cent. Days before
 *   the club's first licence are not billed.
 * - Confirmed participants of the month: the distinct members with at least one registration that is
 *   confirmed (or confirmed then marked absent: the seat was used) to a session of that month (its start,
 *   local day) that was not cancelled. Each is billed once, at the participant fee of the plan in force
 *   on the day of their first such session in the month.
 */

/** Participant statuses that count: a confirmed seat (absent: confirmed, then not present). */
export const BILLED_PARTICIPANT_STATUSES = ['confirmed', 'absent'] as const;

/** The VAT rate included in the platform's fees, in hundredths of a percent (21 %, the Belgian standard rate; none when the seller is exempt). */
export const PLATFORM_VAT_PERCENTAGE = 2100;

export interface LicenceSpan {
  planKey: LicencePlan;
  /** Local day the licence started. */
  startDay: string;
  /** Local day it was replaced (that day is the next licence's); null while current. */
  endDay: string | null;
}

export interface PlanFees {
  monthlyFeeCents: number;
  participantFeeCents: number;
}

export interface Participation {
  memberId: string;
  /** Local day of the session's start. */
  day: string;
  participantStatus: string;
  sessionStatus: string;
}

export interface StatementFacts {
  /** `yyyy-MM`. */
  month: string;
  licences: LicenceSpan[];
  plans: Partial<Record<LicencePlan, PlanFees>>;
  participations: Participation[];
}

export type StatementLine =
  | { kind: 'plan'; planKey: LicencePlan; days: number; daysInMonth: number; amount: number }
  | { kind: 'participants'; planKey: LicencePlan; count: number; unitPrice: number; amount: number };

export interface MonthlyStatement {
  lines: StatementLine[];
  total: number;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The days of a `yyyy-MM` month, in order. */
export function daysOfMonth(month: string): string[] {
  const match = MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  const count = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The month before a `yyyy-MM` month. */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/** The plan in force on a day: the latest licence started on or before it and not yet replaced. */
export function planOnDay(licences: LicenceSpan[], day: string): LicencePlan | null {
  let found: LicenceSpan | null = null;
  for (const licence of licences) {
    if (licence.startDay > day) continue;
    if (licence.endDay !== null && licence.endDay <= day) continue;
    if (!found || licence.startDay >= found.startDay) found = licence;
  }
  return found?.planKey ?? null;
}

/**
 * The confirmed participants of the month (see the rule above): each member once, with the day of their
 * first counted session in the month.
 */
export function confirmedParticipantsOfMonth(
  month: string,
  participations: Participation[],
): Map<string, string> {
  const firstDay = new Map<string, string>();
  for (const p of participations) {
    if (!p.day.startsWith(`${month}-`)) continue;
    if (!(BILLED_PARTICIPANT_STATUSES as readonly string[]).includes(p.participantStatus)) continue;
    if (p.sessionStatus === 'cancelled') continue;
    const known = firstDay.get(p.memberId);
    if (!known || p.day < known) firstDay.set(p.memberId, p.day);
  }
  return firstDay;
}

/** The statement of one club for one month: plan fee lines (pro rata) and participant lines, in cents. */
export function monthlyStatement(facts: StatementFacts): MonthlyStatement {
  const days = daysOfMonth(facts.month);
  const planDays = new Map<LicencePlan, number>();
  for (const day of days) {
    const plan = planOnDay(facts.licences, day);
    if (plan) planDays.set(plan, (planDays.get(plan) ?? 0) + 1);
  }
  const participantCounts = new Map<LicencePlan, number>();
  for (const day of confirmedParticipantsOfMonth(facts.month, facts.participations).values()) {
    const plan = planOnDay(facts.licences, day);
    if (plan) participantCounts.set(plan, (participantCounts.get(plan) ?? 0) + 1);
  }
  const lines: StatementLine[] = [];
  for (const [planKey, planDayCount] of planDays) {
    const fee = facts.plans[planKey]?.monthlyFeeCents ?? 0;
    const amount = Math.round((fee * planDayCount) / days.length);
    if (amount > 0) {
      lines.push({ kind: 'plan', planKey, days: planDayCount, daysInMonth: days.length, amount });
    }
  }
  for (const [planKey, count] of participantCounts) {
    const unitPrice = facts.plans[planKey]?.participantFeeCents ?? 0;
    if (unitPrice > 0 && count > 0) {
      lines.push({ kind: 'participants', planKey, count, unitPrice, amount: unitPrice * count });
    }
  }
  return { lines, total: lines.reduce((sum, line) => sum + line.amount, 0) };
}
