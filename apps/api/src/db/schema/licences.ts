import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LicencePlan } from '@inscrio/shared';
import { createdAt, org } from './columns';

/**
 * Reference table: the platform's pricing plans (keys of specification section 4), seeded by migration
 * 0019. A club pays `monthly_fee` plus `participant_fee` per participant confirmed in the month.
 */
export const pricingPlans = pgTable('pricing_plans', {
  key: text('key').$type<LicencePlan>().primaryKey(),
  name: text('name').notNull(),
  monthlyFeeCents: integer('monthly_fee_cents').notNull().default(0),
  participantFeeCents: integer('participant_fee_cents').notNull().default(0),
  /** Days a licence on this plan lasts before it moves to `next_plan_key` (0: no end). */
  trialDays: integer('trial_days').notNull().default(0),
  nextPlanKey: text('next_plan_key').$type<LicencePlan>(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * An organisation's licence: one current row (`ended_at` null) and the earlier ones as its history.
 * Moving to another plan ends the current row and starts a new one in the same transaction.
 */
export const licences = pgTable(
  'licences',
  {
    organizationId: org(),
    id: text('id').notNull(),
    planKey: text('plan_key')
      .$type<LicencePlan>()
      .notNull()
      .references(() => pricingPlans.key),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** When the plan is due to end (a free trial's last instant); null for an open-ended plan. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** When this licence was replaced by the next one; null for the current licence. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When the club's administrators were warned that the trial ends soon (sent once). */
    endWarningSentAt: timestamp('end_warning_sent_at', { withTimezone: true }),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('licences_one_current')
      .on(t.organizationId)
      .where(sql`${t.endedAt} is null`),
    // The daily job finds the current licences whose end has come (or is 7 days away).
    index('licences_current_end')
      .on(t.endsAt)
      .where(sql`${t.endedAt} is null`),
  ],
);
