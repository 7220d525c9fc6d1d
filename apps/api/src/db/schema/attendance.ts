import { boolean, foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { AttendanceMark } from '@inscrio/shared';
import { createdAt, scoped } from './columns';
import { participants } from './registrations';

/**
 * Every attendance mark received, as the device made it: the history of a participant's marks. Its key
 * is the client's mark id, so a batch sent twice (a retry after a lost answer) stores each mark once.
 * The participant's current mark lives on `participants` (status `absent`, `attendance_*` columns):
 * the mark with the latest `marked_at` wins, whatever the order the marks arrive in.
 */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    organizationId: scoped(),
    markId: text('mark_id').notNull(),
    serviceId: text('service_id').notNull(),
    participantId: text('participant_id').notNull(),
    mark: text('mark').$type<AttendanceMark>().notNull(),
    note: text('note'),
    /** When the device says the mark was made (never later than its arrival). */
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    markedByUserId: text('marked_by_user_id'),
    /** Whether it became the participant's current mark when it arrived (false: an older mark, late). */
    applied: boolean('applied').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.markId] }),
    index('attendance_marks_org_participant').on(t.organizationId, t.participantId, t.markedAt),
    foreignKey({
      columns: [t.organizationId, t.participantId],
      foreignColumns: [participants.organizationId, participants.id],
    }),
  ],
);
