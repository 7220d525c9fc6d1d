import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { VolunteerAllowanceBasis, WorkMonthStatus } from '@inscrio/shared';
import { users } from './identity';
import { createdAt, org, scoped, updatedAt } from './columns';

/*
 * Holders' work time (« Heures prestées », issue #21). The hours themselves are never stored: they are
 * computed from the prestations, their sessions and these corrections (modules/work-time/work-time.rules.ts).
 */

/** Time a holder adds (or removes, negative) on a day, with a note: a meeting, a tournament, a replacement. */
export const workTimeCorrections = pgTable(
  'work_time_corrections',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    holderUserId: text('holder_user_id').notNull(),
    /** The local day ('yyyy-MM-dd' in the organisation's time zone). */
    day: date('day', { mode: 'string' }).notNull(),
    /** Signed minutes, never 0. */
    minutes: integer('minutes').notNull(),
    note: text('note').notNull(),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('work_time_corrections_holder_day').on(t.organizationId, t.holderUserId, t.day),
    foreignKey({
      columns: [t.organizationId, t.holderUserId],
      foreignColumns: [users.organizationId, users.id],
    }),
    check('work_time_corrections_minutes', sql`${t.minutes} <> 0 and abs(${t.minutes}) <= 1440`),
  ],
);

/**
 * A holder's month once submitted: `submitted → validated | rejected`, `rejected → submitted`. No row
 * means a draft. A validated month is frozen: no correction on its days changes any more, and its
 * figures are the snapshot taken at validation.
 */
export const workTimeMonths = pgTable(
  'work_time_months',
  {
    organizationId: scoped(),
    holderUserId: text('holder_user_id').notNull(),
    /** 'yyyy-MM'. */
    month: text('month').notNull(),
    status: text('status').$type<Exclude<WorkMonthStatus, 'draft'>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: text('decided_by_user_id'),
    /** Why the manager rejected it (kept after a new submission until the next decision). */
    managerNote: text('manager_note'),
    /**
     * The month as validated (days, totals, allowance): what payroll was given stays what is shown and
     * exported, even if a session of the month changes afterwards. Null until validated.
     */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.holderUserId, t.month] }),
    index('work_time_months_org_month').on(t.organizationId, t.month),
    foreignKey({
      columns: [t.organizationId, t.holderUserId],
      foreignColumns: [users.organizationId, users.id],
    }),
  ],
);

/** A holder the organisation compensates as a volunteer, by fixed allowances instead of hours. */
export const workTimeVolunteers = pgTable(
  'work_time_volunteers',
  {
    organizationId: scoped(),
    holderUserId: text('holder_user_id').notNull(),
    volunteer: boolean('volunteer').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.holderUserId] }),
    foreignKey({
      columns: [t.organizationId, t.holderUserId],
      foreignColumns: [users.organizationId, users.id],
    }),
  ],
);

/** The organisation's volunteer allowance and its ceilings (defaults: WORK_TIME_DEFAULTS, Belgium 2026). */
export const workTimeSettings = pgTable(
  'work_time_settings',
  {
    organizationId: org(),
    volunteerAllowanceBasis: text('volunteer_allowance_basis')
      .$type<VolunteerAllowanceBasis>()
      .notNull()
      .default('per-session'),
    /** Cents per session or per day. */
    volunteerAllowanceCents: integer('volunteer_allowance_cents').notNull(),
    volunteerDailyCeilingCents: integer('volunteer_daily_ceiling_cents').notNull(),
    volunteerYearlyCeilingCents: integer('volunteer_yearly_ceiling_cents').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId] })],
);

/**
 * The volunteer allowance (basis and rate) in force from a month on: each change of the settings writes
 * the current month's row (and, the first time, the rate in force before it from '0000-01'). A month's
 * allowance is counted at the rate in force in that month, so a change never rewrites earlier months.
 */
export const workTimeAllowanceRates = pgTable(
  'work_time_allowance_rates',
  {
    organizationId: org(),
    /** 'yyyy-MM': the first month this rate applies to. */
    fromMonth: text('from_month').notNull(),
    basis: text('basis').$type<VolunteerAllowanceBasis>().notNull(),
    rateCents: integer('rate_cents').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.fromMonth] })],
);
