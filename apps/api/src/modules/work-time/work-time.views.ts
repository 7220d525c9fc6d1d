import {
  displayName,
  type Locale,
  VOLUNTEER_ALLOWANCE_BASES,
  WORK_TIME_DEFAULTS,
  type WorkMonthDto,
  type WorkMonthStatus,
  type WorkTimeSettings,
} from '@inscrio/shared';
import type { Executor } from '../../db/client';
import { createWorkTimeRepository, type HolderRow, type MonthRow } from './work-time.repository';
import {
  type AllowanceSettings,
  computeMonth,
  type CorrectionFacts,
  type HeldSessionFacts,
  isEditable,
  monthBounds,
  rateInForce,
  volunteerAllowance,
} from './work-time.rules';

/*
 * Builds holders' months from the database facts and the rules: one holder's day-by-day view, or a
 * page of holders' totals. Shared by the routes' service and the exports.
 */

/** The organisation's allowance settings, or the defaults (Belgian 2026 ceilings) before any change. */
export async function settingsOf(db: Executor, organizationId: string): Promise<WorkTimeSettings> {
  const row = await createWorkTimeRepository(db).settings(organizationId);
  if (!row) return { ...WORK_TIME_DEFAULTS };
  return {
    volunteerAllowanceBasis: VOLUNTEER_ALLOWANCE_BASES.is(row.volunteerAllowanceBasis)
      ? row.volunteerAllowanceBasis
      : WORK_TIME_DEFAULTS.volunteerAllowanceBasis,
    volunteerAllowanceCents: row.volunteerAllowanceCents,
    volunteerDailyCeilingCents: row.volunteerDailyCeilingCents,
    volunteerYearlyCeilingCents: row.volunteerYearlyCeilingCents,
  };
}

const allowanceSettings = (s: WorkTimeSettings): AllowanceSettings => ({
  basis: s.volunteerAllowanceBasis,
  rateCents: s.volunteerAllowanceCents,
  dailyCeilingCents: s.volunteerDailyCeilingCents,
  yearlyCeilingCents: s.volunteerYearlyCeilingCents,
});

/** The months of the year before `month` ('2026-01' … ), to sum a volunteer's earlier allowances. */
const earlierMonthsOf = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: number - 1 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
};

export interface HolderMonth {
  holder: HolderRow;
  state: Pick<WorkMonthDto, 'status' | 'submittedAt' | 'decidedAt' | 'decidedBy' | 'managerNote'>;
  computed: ReturnType<typeof computeMonth>;
  allowance: WorkMonthDto['allowance'];
  warnings: WorkMonthDto['warnings'];
}

/** What a validated month keeps (JSON: instants as ISO strings). */
export interface MonthSnapshot {
  computed: ReturnType<typeof computeMonth>;
  allowance: HolderMonth['allowance'];
  warnings: HolderMonth['warnings'];
}

export const toSnapshot = (view: HolderMonth): Record<string, unknown> => ({
  computed: view.computed,
  allowance: view.allowance,
  warnings: view.warnings,
});

/** A stored snapshot back to the computed shape (instants revived). */
function fromSnapshot(value: unknown): MonthSnapshot | null {
  const snapshot = value as MonthSnapshot | null;
  if (!snapshot?.computed?.days) return null;
  return {
    ...snapshot,
    computed: {
      ...snapshot.computed,
      days: snapshot.computed.days.map((day) => ({
        ...day,
        sessions: day.sessions.map((s) => ({ ...s, startDateTime: new Date(s.startDateTime) })),
      })),
    },
  };
}

const stateOf = (row: MonthRow | undefined): HolderMonth['state'] => ({
  status: (row?.status ?? 'draft') as WorkMonthStatus,
  submittedAt: row?.submittedAt.toISOString() ?? null,
  decidedAt: row?.decidedAt?.toISOString() ?? null,
  decidedBy: row?.decidedByName ?? null,
  managerNote: row?.managerNote ?? null,
});

/**
 * The months of these holders: their sessions and corrections over the month (from 1 January for
 * volunteers, whose yearly ceiling counts the earlier months), computed by the rules.
 */
export async function holderMonths(
  db: Executor,
  organizationId: string,
  holders: HolderRow[],
  month: string,
  timeZone: string,
  now: Date,
): Promise<HolderMonth[]> {
  const repository = createWorkTimeRepository(db);
  const ids = holders.map((h) => h.id);
  const { first, last } = monthBounds(month);
  const anyVolunteer = holders.some((h) => h.volunteer);
  const window = { timeZone, first: anyVolunteer ? `${month.slice(0, 4)}-01-01` : first, last };
  // One after the other: on a transaction (the seed) the queries share one connection.
  const sessions = await repository.heldSessions(organizationId, ids, window);
  const corrections = await repository.corrections(organizationId, ids, window);
  const states = await repository.months(organizationId, ids, month);
  const settings = anyVolunteer ? await settingsOf(db, organizationId) : null;
  // A volunteer's earlier months count at the rate then in force, or as validated (their snapshot).
  const rates = anyVolunteer ? await repository.allowanceRates(organizationId) : [];
  const validated = anyVolunteer
    ? await repository.validatedAllowances(organizationId, ids, `${month.slice(0, 4)}-01`, month)
    : [];
  return holders.map((holder) => {
    const own = <T extends { holderUserId: string }>(rows: T[]) =>
      rows.filter((r) => r.holderUserId === holder.id);
    const facts = {
      timeZone,
      now,
      sessions: own(sessions) as HeldSessionFacts[],
      corrections: own(corrections) as CorrectionFacts[],
    };
    const row = states.find((s) => s.holderUserId === holder.id);
    const frozen = row?.status === 'validated' ? fromSnapshot(row.snapshot) : null;
    if (frozen) return { holder, state: stateOf(row), ...frozen };
    const computed = computeMonth({ ...facts, month });
    let allowance: HolderMonth['allowance'] = null;
    let warnings: HolderMonth['warnings'] = [];
    if (holder.volunteer && settings) {
      const current = allowanceSettings(settings);
      const earlier = earlierMonthsOf(month).reduce((sum, m) => {
        const kept = validated.find((v) => v.holderUserId === holder.id && v.month === m);
        if (kept) return sum + (kept.dueCents ?? 0);
        const rules = rateInForce(rates, m, current);
        return sum + volunteerAllowance(computeMonth({ ...facts, month: m }), rules, 0).allowance.dueCents;
      }, 0);
      ({ allowance, warnings } = volunteerAllowance(computed, rateInForce(rates, month, current), earlier));
    }
    return { holder, state: stateOf(row), computed, allowance, warnings };
  });
}

export const holderName = (holder: HolderRow, locale: Locale) => displayName(holder, 'holder', locale);

/** One holder's month as `GET /work-time` answers it. */
export function toMonthDto(month: string, view: HolderMonth, locale: Locale): WorkMonthDto {
  return {
    month,
    holder: {
      id: view.holder.id,
      displayName: holderName(view.holder, locale),
      volunteer: view.holder.volunteer,
    },
    ...view.state,
    editable: isEditable(view.state.status),
    days: view.computed.days.map((day) => ({
      day: day.day,
      minutes: day.minutes,
      sessions: day.sessions.map((s) => ({
        prestationId: s.prestationId,
        serviceId: s.serviceId,
        activityName: s.activityName,
        startDateTime: s.startDateTime.toISOString(),
        duration: s.duration,
        minutes: s.minutes,
        excludedBecause: s.excludedBecause,
      })),
      corrections: day.corrections.map(({ id, day: d, minutes, note }) => ({ id, day: d, minutes, note })),
    })),
    weeks: view.computed.weeks,
    totals: view.computed.totals,
    allowance: view.allowance,
    warnings: view.warnings,
  };
}
