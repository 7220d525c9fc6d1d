import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RecoveryTokenOrigin, RecoveryTokenStatus } from '@inscrio/shared';
import { families, members } from './identity';
import { createdAt, scoped, updatedAt } from './columns';

/**
 * A recovery token (« Récupération », DESIGN.md sections 5 and 10): a make-up session owed to a member who
 * missed one (cancelled in time by the family, absent, session cancelled by the organisation) or given by
 * hand. `available → used | expired | cancelled`; an expired or cancelled one never comes back, an
 * available one may be extended.
 */
export const recoveryTokens = pgTable(
  'recovery_tokens',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    memberId: text('member_id').notNull(),
    familyId: text('family_id').notNull(),
    origin: text('origin').$type<RecoveryTokenOrigin>().notNull(),
    /** The registration that was missed (null for a token issued by hand). */
    originParticipantId: text('origin_participant_id'),
    originServiceId: text('origin_service_id'),
    originBlueprintId: text('origin_blueprint_id'),
    /** Cents: what was paid for the missed session (0 when nothing was). */
    valueCents: integer('value_cents').notNull().default(0),
    status: text('status').$type<RecoveryTokenStatus>().notNull().default('available'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The registration the token paid for. */
    usedParticipantId: text('used_participant_id'),
    usedServiceId: text('used_service_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** A manager's note on a token issued by hand. */
    note: text('note'),
    createdByUserId: text('created_by_user_id'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // One token per missed registration and origin, ever: a repeated call (absence marked twice, a
    // cancellation replayed) never makes a second one.
    uniqueIndex('recovery_tokens_origin_unique')
      .on(t.organizationId, t.originParticipantId, t.origin)
      .where(sql`${t.originParticipantId} is not null`),
    index('recovery_tokens_org_family').on(t.organizationId, t.familyId, t.createdAt),
    index('recovery_tokens_org_status_created').on(t.organizationId, t.status, t.createdAt),
    index('recovery_tokens_org_member').on(t.organizationId, t.memberId),
    // The daily job's questions: available tokens past (or near) their expiry.
    index('recovery_tokens_available_expiry')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'available'`),
    foreignKey({
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.familyId],
      foreignColumns: [families.organizationId, families.id],
    }),
  ],
);
