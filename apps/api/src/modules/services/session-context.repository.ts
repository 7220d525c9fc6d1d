import { type ParticipantStatus } from '@inscrio/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { members, participants, periods } from '../../db/schema';
import { memberOfParticipant } from './joins.repository';

/** Participants a session's holder expects: confirmed, or confirmed then marked absent. */
export const COMING_STATUSES = ['confirmed', 'absent'] as const satisfies readonly ParticipantStatus[];

/**
 * What a session page lists: the live registrations (those the live unique index covers, as in
 * registrations' LIVE_STATUSES) and the absences; ended registrations are left out.
 */
const LISTED_STATUSES = [
  'invited',
  'reserved',
  'confirmed',
  'needs-review',
  'absent',
] as const satisfies readonly ParticipantStatus[];

/**
 * What the sessions' use cases read beyond their own tables: the period a session goes into, who is
 * registered, who comes. Read here so that services never import the higher periods and registrations
 * modules (docs/ARCHITECTURE.md, module order).
 */
export function createSessionContextRepository(db: Executor) {
  return {
    /** The period, in the organisation and (when set) the establishment. */
    async findPeriod(organizationId: string, periodId: string, establishmentId: string | null) {
      const [row] = await db
        .select({ id: periods.id, establishmentId: periods.establishmentId })
        .from(periods)
        .where(
          and(
            eq(periods.organizationId, organizationId),
            establishmentId ? eq(periods.establishmentId, establishmentId) : undefined,
            eq(periods.id, periodId),
          ),
        );
      return row;
    },

    /** The attendees a session page lists (ended registrations left out), by name. */
    async attendeesOf(organizationId: string, serviceId: string) {
      return db
        .select({
          id: participants.id,
          status: participants.status,
          firstName: members.firstName,
          lastName: members.lastName,
        })
        .from(participants)
        .innerJoin(members, memberOfParticipant)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.serviceId, serviceId),
            inArray(participants.status, [...LISTED_STATUSES]),
          ),
        )
        .orderBy(asc(members.lastName), asc(members.firstName), asc(participants.id));
    },

    /**
     * Who comes to a session, for its holder: the confirmed participants (and those confirmed then
     * marked absent), never invited, pending or cancelled ones. With each, the birthdate for the age and
     * a family phone: the participant's own, else that of an account of the family (its oldest), and
     * the current attendance mark.
     */
    async comingTo(organizationId: string, serviceId: string) {
      const adults = alias(members, 'family_adult');
      const familyPhone = sql<string | null>`coalesce(nullif(${members.phoneNumber}, ''), (
        select ${adults.phoneNumber} from ${members} as ${adults}
        where ${adults.organizationId} = ${members.organizationId}
          and ${adults.familyId} = ${members.familyId}
          and ${adults.userId} is not null
          and ${adults.deletedAt} is null
          and coalesce(${adults.phoneNumber}, '') <> ''
        order by ${adults.createdAt}, ${adults.id}
        limit 1
      ))`;
      return db
        .select({
          id: participants.id,
          status: participants.status,
          firstName: members.firstName,
          lastName: members.lastName,
          birthdate: members.birthdate,
          familyPhone,
          // The current attendance mark (modules/attendance), read with who comes in one query.
          attendanceMarkId: participants.attendanceMarkId,
          attendanceMarkedAt: participants.attendanceMarkedAt,
          attendanceNote: participants.attendanceNote,
        })
        .from(participants)
        .innerJoin(members, memberOfParticipant)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.serviceId, serviceId),
            inArray(participants.status, [...COMING_STATUSES]),
          ),
        )
        .orderBy(asc(members.lastName), asc(members.firstName), asc(participants.id));
    },
  };
}
