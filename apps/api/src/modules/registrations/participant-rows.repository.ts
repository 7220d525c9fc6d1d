import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  blueprints,
  members,
  orderLines,
  orders,
  organizations,
  participants,
  services,
} from '../../db/schema';
import { blueprintOfService, memberOfParticipant, serviceOfParticipant } from '../services/joins.repository';

/*
 * Participant rows: their shapes, the joins every participants query shares, and the reads and writes of
 * single rows (locks, seats held elsewhere, waiting list, invitations due, the order line of a moved
 * participant). Every query takes the organisation id, but the expiry job's scan.
 */

export type ParticipantRow = typeof participants.$inferSelect;
export type NewParticipantRow = typeof participants.$inferInsert;

/** Statuses covered by the live unique index: one of them per member and session at most. */
export const LIVE_STATUSES = ['invited', 'reserved', 'confirmed', 'needs-review'] as const;
/** Statuses that hold a seat (seats.repository.ts). */
export const SEAT_STATUSES = ['invited', 'reserved', 'confirmed'] as const;

/** A session's end (start + duration). */
export const serviceEnd = sql`(${services.startDateTime} + ${services.duration} * interval '1 minute')`;

export const viewColumns = {
  participant: participants,
  member: {
    id: members.id,
    firstName: members.firstName,
    lastName: members.lastName,
    birthdate: members.birthdate,
  },
  service: {
    id: services.id,
    blueprintId: services.blueprintId,
    periodId: services.periodId,
    startDateTime: services.startDateTime,
    duration: services.duration,
    status: services.status,
    blueprintName: blueprints.name,
    colorCode: blueprints.colorCode,
    establishmentId: blueprints.establishmentId,
    minAge: blueprints.minAge,
    maxAge: blueprints.maxAge,
  },
};

/** A participant with its member, session and activity, as every answer shows it. */
export interface ParticipantView {
  participant: ParticipantRow;
  member: { id: string; firstName: string; lastName: string; birthdate: string | null };
  service: {
    id: string;
    blueprintId: string;
    periodId: string | null;
    startDateTime: Date;
    duration: number;
    status: string;
    blueprintName: string;
    colorCode: string;
    establishmentId: string;
    minAge: number | null;
    maxAge: number | null;
  };
}

/** Participants with their member, session and activity (`ParticipantView`), to filter and order. */
export const selectViews = (db: Executor) =>
  db
    .select(viewColumns)
    .from(participants)
    .innerJoin(services, serviceOfParticipant)
    .innerJoin(blueprints, blueprintOfService)
    .innerJoin(members, memberOfParticipant);

export function createParticipantRowsRepository(db: Executor) {
  const view = () => selectViews(db);

  return {
    async findView(organizationId: string, id: string): Promise<ParticipantView | undefined> {
      const [row] = await view().where(
        and(eq(participants.organizationId, organizationId), eq(participants.id, id)),
      );
      return row;
    },

    async findViews(organizationId: string, ids: readonly string[]): Promise<ParticipantView[]> {
      if (ids.length === 0) return [];
      return view().where(
        and(eq(participants.organizationId, organizationId), inArray(participants.id, [...ids])),
      );
    },

    /** The participant row under a row lock (inside a transaction). */
    async lock(organizationId: string, id: string): Promise<ParticipantRow | undefined> {
      const [row] = await db
        .select()
        .from(participants)
        .where(and(eq(participants.organizationId, organizationId), eq(participants.id, id)))
        .for('update');
      return row;
    },

    async insert(row: NewParticipantRow): Promise<void> {
      await db.insert(participants).values(row);
    },

    async update(organizationId: string, id: string, fields: Partial<NewParticipantRow>, now: Date) {
      await db
        .update(participants)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(participants.organizationId, organizationId), eq(participants.id, id)));
    },

    /** The member's live registration to the session, if any. */
    async findLive(organizationId: string, serviceId: string, memberId: string) {
      const [row] = await db
        .select({ id: participants.id, status: participants.status })
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.serviceId, serviceId),
            eq(participants.memberId, memberId),
            inArray(participants.status, [...LIVE_STATUSES]),
          ),
        );
      return row;
    },

    /** Whether the member holds a seat on another session overlapping [start, end). */
    async overlaps(organizationId: string, memberId: string, serviceId: string, start: Date, end: Date) {
      const [row] = await db
        .select({ id: participants.id })
        .from(participants)
        .innerJoin(services, serviceOfParticipant)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.memberId, memberId),
            ne(participants.serviceId, serviceId),
            inArray(participants.status, [...SEAT_STATUSES]),
            ne(services.status, 'cancelled'),
            sql`${services.startDateTime} < ${end}`,
            sql`${serviceEnd} > ${start}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The oldest waiting-list request of the session, locked; requests locked by others are skipped. */
    async lockFirstWaiting(organizationId: string, serviceId: string): Promise<ParticipantRow | undefined> {
      const [row] = await db
        .select()
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.serviceId, serviceId),
            eq(participants.status, 'needs-review'),
            eq(participants.reviewReason, 'waiting-list'),
          ),
        )
        .orderBy(asc(participants.createdAt), asc(participants.id))
        .limit(1)
        .for('update', { skipLocked: true });
      return row;
    },

    /**
     * Invitations whose deadline has passed, across organisations: the expiry job's scan (the one query
     * not scoped by organisation; each row is then handled with its organisation id).
     */
    async expiredInvitations(now: Date, limit: number) {
      return db
        .select({ organizationId: participants.organizationId, id: participants.id })
        .from(participants)
        .where(and(eq(participants.status, 'invited'), lte(participants.invitationExpiresAt, now)))
        .orderBy(asc(participants.invitationExpiresAt))
        .limit(limit);
    },

    /** Live registrations of these members on these sessions, as `serviceId:memberId` keys. */
    async liveKeys(organizationId: string, serviceIds: readonly string[], memberIds: readonly string[]) {
      if (serviceIds.length === 0 || memberIds.length === 0) return new Set<string>();
      const rows = await db
        .select({ serviceId: participants.serviceId, memberId: participants.memberId })
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            inArray(participants.serviceId, [...serviceIds]),
            inArray(participants.memberId, [...memberIds]),
            inArray(participants.status, [...LIVE_STATUSES]),
          ),
        );
      return new Set(rows.map((r) => `${r.serviceId}:${r.memberId}`));
    },

    /** The order line of a participant that was ordered, with what its description is written from. */
    async orderLineOf(organizationId: string, participantId: string) {
      const [row] = await db
        .select({
          id: orderLines.id,
          locale: orders.locale,
          firstName: members.firstName,
          lastName: members.lastName,
          timeZone: organizations.timeZone,
        })
        .from(orderLines)
        .innerJoin(
          orders,
          and(eq(orders.organizationId, orderLines.organizationId), eq(orders.id, orderLines.orderId)),
        )
        .innerJoin(
          members,
          and(eq(members.organizationId, orderLines.organizationId), eq(members.id, orderLines.memberId)),
        )
        .innerJoin(organizations, eq(organizations.id, orderLines.organizationId))
        .where(
          and(eq(orderLines.organizationId, organizationId), eq(orderLines.participantId, participantId)),
        );
      return row;
    },

    async updateOrderLine(
      organizationId: string,
      id: string,
      fields: { serviceId: string; description: string },
    ) {
      await db
        .update(orderLines)
        .set(fields)
        .where(and(eq(orderLines.organizationId, organizationId), eq(orderLines.id, id)));
    },
  };
}
