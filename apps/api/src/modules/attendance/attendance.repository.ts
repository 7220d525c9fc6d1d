import { and, asc, count, desc, eq, exists, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  attendanceMarks,
  blueprints,
  establishments,
  participants,
  prestations,
  services,
} from '../../db/schema';
import { blueprintOfService } from '../services/joins.repository';
import type { ServiceScope } from '../services/services.repository';
import { COMING_STATUSES } from '../services/session-context.repository';

export type NewAttendanceMarkRow = typeof attendanceMarks.$inferInsert;

export interface AttendanceListFilters {
  /** Sessions starting at or after this instant. */
  from?: Date;
  /** Sessions starting before this instant. */
  to?: Date;
  establishmentId?: string;
  blueprintId?: string;
  /** Soonest first (upcoming) or latest first (past). */
  order: 'asc' | 'desc';
}

/** The session's live registrations statuses (registrations' live unique index). */
const LIVE_STATUSES = ['invited', 'reserved', 'confirmed', 'needs-review'];

export function createAttendanceRepository(db: Executor) {
  function scopeConditions(organizationId: string, scope: ServiceScope): (SQL | undefined)[] {
    return [
      scope.establishmentId ? eq(blueprints.establishmentId, scope.establishmentId) : undefined,
      scope.holderUserId
        ? exists(
            db
              .select({ one: sql`1` })
              .from(prestations)
              .where(
                and(
                  eq(prestations.organizationId, organizationId),
                  eq(prestations.serviceId, services.id),
                  eq(prestations.holderUserId, scope.holderUserId),
                ),
              ),
          )
        : undefined,
    ];
  }

  /** Participants of the row's session in the given condition (an index lookup per session). */
  const countOf = (condition: SQL) => sql<number>`(
    select count(*)::int from ${participants}
    where ${participants.organizationId} = ${services.organizationId}
      and ${participants.serviceId} = ${services.id}
      and ${inArray(participants.status, [...COMING_STATUSES])}
      and ${condition})`;

  return {
    /** One page of the sessions to take attendance on, with their counts, and how many match. */
    async listServices(
      organizationId: string,
      filters: AttendanceListFilters,
      scope: ServiceScope,
      limit: number,
      offset: number,
    ) {
      const where = and(
        eq(services.organizationId, organizationId),
        filters.from ? gte(services.startDateTime, filters.from) : undefined,
        filters.to ? lt(services.startDateTime, filters.to) : undefined,
        filters.establishmentId ? eq(blueprints.establishmentId, filters.establishmentId) : undefined,
        filters.blueprintId ? eq(services.blueprintId, filters.blueprintId) : undefined,
        ...scopeConditions(organizationId, scope),
      );
      const order = filters.order === 'asc' ? asc : desc;
      const rows = await db
        .select({
          id: services.id,
          blueprintId: services.blueprintId,
          blueprintName: blueprints.name,
          colorCode: blueprints.colorCode,
          establishmentId: blueprints.establishmentId,
          establishmentName: establishments.name,
          startDateTime: services.startDateTime,
          duration: services.duration,
          status: services.status,
          maxSeats: services.maxSeats,
          reservedSeats: services.reservedSeats,
          confirmed: countOf(sql`true`),
          marked: countOf(sql`${participants.attendanceMarkedAt} is not null`),
        })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .innerJoin(
          establishments,
          and(
            eq(establishments.organizationId, blueprints.organizationId),
            eq(establishments.id, blueprints.establishmentId),
          ),
        )
        .where(where)
        .orderBy(order(services.startDateTime), order(services.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(where);
      return { rows, total: total!.n };
    },

    /** The establishment's name, for a session's page. */
    async establishmentName(organizationId: string, establishmentId: string) {
      const [row] = await db
        .select({ name: establishments.name })
        .from(establishments)
        .where(
          and(eq(establishments.organizationId, organizationId), eq(establishments.id, establishmentId)),
        );
      return row?.name ?? null;
    },

    /** The given participants of the session, locked until the transaction ends (in id order). */
    async lockParticipants(organizationId: string, serviceId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: participants.id,
          memberId: participants.memberId,
          status: participants.status,
          attendanceMarkId: participants.attendanceMarkId,
          attendanceMarkedAt: participants.attendanceMarkedAt,
          attendanceNote: participants.attendanceNote,
        })
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.serviceId, serviceId),
            inArray(participants.id, [...ids]),
          ),
        )
        .orderBy(asc(participants.id))
        .for('update');
    },

    /** Whether the member has another live registration to the session (then it cannot be confirmed again). */
    async hasOtherLiveRegistration(
      organizationId: string,
      serviceId: string,
      memberId: string,
      participantId: string,
    ) {
      const [row] = await db
        .select({ id: participants.id })
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.serviceId, serviceId),
            eq(participants.memberId, memberId),
            ne(participants.id, participantId),
            inArray(participants.status, LIVE_STATUSES),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Which of these mark ids the organisation already stored. */
    async storedMarkIds(organizationId: string, markIds: readonly string[]): Promise<Set<string>> {
      if (markIds.length === 0) return new Set();
      const rows = await db
        .select({ markId: attendanceMarks.markId })
        .from(attendanceMarks)
        .where(
          and(
            eq(attendanceMarks.organizationId, organizationId),
            inArray(attendanceMarks.markId, [...markIds]),
          ),
        );
      return new Set(rows.map((row) => row.markId));
    },

    /** Stores marks (a mark id already stored is kept as it was); answers the ids stored now. */
    async insertMarks(rows: NewAttendanceMarkRow[]): Promise<string[]> {
      const stored: string[] = [];
      for (let i = 0; i < rows.length; i += 250) {
        const inserted = await db
          .insert(attendanceMarks)
          .values(rows.slice(i, i + 250))
          .onConflictDoNothing()
          .returning({ markId: attendanceMarks.markId });
        stored.push(...inserted.map((row) => row.markId));
      }
      return stored;
    },

    /** The participant holds the seat `takeSeat` just took for it (registrations' seat counter rule). */
    async setHoldsSeat(organizationId: string, participantId: string) {
      await db
        .update(participants)
        .set({ holdsSeat: true })
        .where(and(eq(participants.organizationId, organizationId), eq(participants.id, participantId)));
    },

    /** Sets a participant's status and current mark. */
    async setCurrentMark(
      organizationId: string,
      participantId: string,
      fields: {
        status: 'confirmed' | 'absent';
        attendanceMarkId: string;
        attendanceMarkedAt: Date;
        attendanceNote: string | null;
      },
    ) {
      await db
        .update(participants)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(participants.organizationId, organizationId), eq(participants.id, participantId)));
    },
  };
}
