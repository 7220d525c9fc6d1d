import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../../db/client';
import { boundedCount, type CursorKey, decodeCursor, encodeCursor } from '../../lib/cursor';
import {
  blueprints,
  members,
  orderLines,
  orders,
  organizations,
  participants,
  periods,
  services,
  users,
} from '../../db/schema';

export type ParticipantRow = typeof participants.$inferSelect;
export type NewParticipantRow = typeof participants.$inferInsert;

/** Statuses covered by the live unique index: one of them per member and session at most. */
export const LIVE_STATUSES = ['invited', 'reserved', 'confirmed', 'needs-review'] as const;
/** Participants a session's holder expects: confirmed, or confirmed then marked absent. */
export const COMING_STATUSES = ['confirmed', 'absent'] as const;
/** Statuses that hold a seat (seats.ts). */
export const SEAT_STATUSES = ['invited', 'reserved', 'confirmed'] as const;

const serviceOfParticipant = and(
  eq(services.organizationId, participants.organizationId),
  eq(services.id, participants.serviceId),
);
const memberOfParticipant = and(
  eq(members.organizationId, participants.organizationId),
  eq(members.id, participants.memberId),
);
const blueprintOfService = and(
  eq(blueprints.organizationId, services.organizationId),
  eq(blueprints.id, services.blueprintId),
);
const periodOfService = and(
  eq(periods.organizationId, services.organizationId),
  eq(periods.id, services.periodId),
);

const viewColumns = {
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

/** A session with what registering to it needs to know. */
export interface SessionInfo {
  id: string;
  blueprintId: string;
  periodId: string | null;
  startDateTime: Date;
  duration: number;
  status: string;
  maxSeats: number;
  reservedSeats: number;
  blueprintName: string;
  colorCode: string;
  establishmentId: string;
  visibility: string;
  minAge: number | null;
  maxAge: number | null;
  price: number;
  archivedAt: Date | null;
  registrationOpensAt: Date | null;
}

export interface ParticipantFilter {
  /** An establishment manager's establishment. */
  establishmentId?: string | null;
  familyId?: string;
  periodId?: string;
  blueprintId?: string;
  serviceId?: string;
  memberId?: string;
  statuses?: readonly string[];
  reviewReason?: string;
  /** Part of the member's name. */
  q?: string;
  /** Sessions not over at this instant (upcoming) or over (past). */
  endsAfter?: Date;
  endedBy?: Date;
}

export type ParticipantOrder = 'registry' | 'oldest' | 'upcoming' | 'past';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const serviceEnd = sql`(${services.startDateTime} + ${services.duration} * interval '1 minute')`;

function filterWhere(organizationId: string, f: ParticipantFilter): SQL | undefined {
  const like = f.q ? `%${escapeLike(f.q)}%` : undefined;
  return and(
    eq(participants.organizationId, organizationId),
    f.establishmentId ? eq(blueprints.establishmentId, f.establishmentId) : undefined,
    f.familyId ? eq(participants.familyId, f.familyId) : undefined,
    f.periodId ? eq(services.periodId, f.periodId) : undefined,
    f.blueprintId ? eq(services.blueprintId, f.blueprintId) : undefined,
    f.serviceId ? eq(participants.serviceId, f.serviceId) : undefined,
    f.memberId ? eq(participants.memberId, f.memberId) : undefined,
    f.statuses ? inArray(participants.status, [...f.statuses]) : undefined,
    f.reviewReason ? eq(participants.reviewReason, f.reviewReason) : undefined,
    like
      ? or(
          sql`(${members.firstName} || ' ' || ${members.lastName}) ilike ${like}`,
          sql`(${members.lastName} || ' ' || ${members.firstName}) ilike ${like}`,
        )
      : undefined,
    f.endsAfter ? sql`${serviceEnd} > ${f.endsAfter}` : undefined,
    f.endedBy ? sql`${serviceEnd} <= ${f.endedBy}` : undefined,
  );
}

const ORDERS: Record<ParticipantOrder, SQL[]> = {
  registry: [
    asc(services.startDateTime),
    asc(members.lastName),
    asc(members.firstName),
    asc(participants.id),
  ],
  oldest: [asc(participants.createdAt), asc(participants.id)],
  upcoming: [asc(services.startDateTime), asc(members.firstName), asc(participants.id)],
  past: [desc(services.startDateTime), asc(members.firstName), asc(participants.id)],
};

/**
 * The joins a count needs: only those the filter reads (every participant has its session, activity and
 * member, so the others change nothing but the cost).
 */
function countJoins(f: ParticipantFilter): SQL {
  const session = Boolean(f.establishmentId || f.periodId || f.blueprintId || f.endsAfter || f.endedBy);
  return sql.join(
    [
      session ? sql`inner join ${services} on ${serviceOfParticipant}` : undefined,
      f.establishmentId ? sql`inner join ${blueprints} on ${blueprintOfService}` : undefined,
      f.q ? sql`inner join ${members} on ${memberOfParticipant}` : undefined,
    ].filter((j): j is SQL => j !== undefined),
    sql` `,
  );
}

/** The registry's cursor: its order's key (session start as PostgreSQL prints it, names, id). */
const REGISTRY_CURSOR = ['registry', ['timestamp', 'text', 'text', 'text']] as const;

/** A page: by offset (exact count), or by keyset after a cursor (`after` '' = the first page). */
export type ParticipantPaging = { limit: number; offset: number } | { limit: number; after: string };

/** Participants (registrations) of an organisation. Every query takes the organisation id. */
export function createParticipantsRepository(db: Executor) {
  const view = () =>
    db
      .select(viewColumns)
      .from(participants)
      .innerJoin(services, serviceOfParticipant)
      .innerJoin(blueprints, blueprintOfService)
      .innerJoin(members, memberOfParticipant);

  return {
    /**
     * One page of participants matching `filter`, in the given stable order, and how many match. By
     * offset the count is exact (it reads every match); by cursor (the registry's order) the page starts
     * right after the cursor's row, whatever its depth, and the count stops at `LIST_COUNT_LIMIT`.
     */
    async list(
      organizationId: string,
      filter: ParticipantFilter,
      order: ParticipantOrder,
      paging: ParticipantPaging,
    ): Promise<{ rows: ParticipantView[]; total: number; capped: boolean; nextCursor: string | null }> {
      const where = filterWhere(organizationId, filter);
      const keyOf = (row: ParticipantView & { startKey: string }): CursorKey[] => [
        row.startKey,
        row.member.lastName,
        row.member.firstName,
        row.participant.id,
      ];
      const page = () =>
        db
          .select({ ...viewColumns, startKey: sql<string>`${services.startDateTime}::text` })
          .from(participants)
          .innerJoin(services, serviceOfParticipant)
          .innerJoin(blueprints, blueprintOfService)
          .innerJoin(members, memberOfParticipant);
      if ('after' in paging) {
        if (order !== 'registry') throw new Error('only the registry is walked by cursor');
        const [list, kinds] = REGISTRY_CURSOR;
        const after = paging.after ? decodeCursor(list, kinds, paging.after) : null;
        // The first key alone bounds the sessions read (an index range on their start); the whole key
        // then places the page right after the cursor's row among equal starts.
        const keyset = after
          ? sql`${services.startDateTime} >= ${after[0]}::timestamptz and
              (${services.startDateTime}, ${members.lastName}, ${members.firstName}, ${participants.id})
                > (${after[0]}::timestamptz, ${after[1]}, ${after[2]}, ${after[3]})`
          : undefined;
        const [rows, counted] = await Promise.all([
          page()
            .where(and(where, keyset))
            .orderBy(...ORDERS[order])
            .limit(paging.limit + 1),
          boundedCount(db, sql`select 1 from ${participants} ${countJoins(filter)} where ${where}`),
        ]);
        const more = rows.length > paging.limit;
        const shown = rows.slice(0, paging.limit);
        return {
          rows: shown,
          total: counted.total,
          capped: counted.capped,
          nextCursor: more ? encodeCursor(list, keyOf(shown.at(-1)!)) : null,
        };
      }
      const rows = await page()
        .where(where)
        .orderBy(...ORDERS[order])
        .limit(paging.limit)
        .offset(paging.offset);
      const [total] = await db
        .select({ n: count() })
        .from(participants)
        .innerJoin(services, serviceOfParticipant)
        .innerJoin(blueprints, blueprintOfService)
        .innerJoin(members, memberOfParticipant)
        .where(where);
      const more = paging.offset + rows.length < total!.n && rows.length > 0;
      return {
        rows,
        total: total!.n,
        capped: false,
        nextCursor:
          more && order === 'registry' ? encodeCursor(REGISTRY_CURSOR[0], keyOf(rows.at(-1)!)) : null,
      };
    },

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
    /**
     * The review queue by request: a page of requests (a set of sessions asked at once is one), oldest
     * first, each with all its rows, earliest session first.
     */
    async listReviewGroups(
      organizationId: string,
      filter: ParticipantFilter,
      limit: number,
      offset: number,
    ): Promise<{ groups: ParticipantView[][]; total: number }> {
      const where = filterWhere(organizationId, filter);
      const key = sql<string>`coalesce(${participants.reviewGroupId}, ${participants.id})`;
      const base = () =>
        db
          .select({ key, first: sql<Date>`min(${participants.createdAt})` })
          .from(participants)
          .innerJoin(services, serviceOfParticipant)
          .innerJoin(blueprints, blueprintOfService)
          .innerJoin(members, memberOfParticipant)
          .where(where)
          .groupBy(key);
      const page = await base()
        .orderBy(sql`min(${participants.createdAt})`, key)
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(base().as('review_groups'));
      if (page.length === 0) return { groups: [], total: total!.n };
      const keys = page.map((g) => g.key);
      const rows = await view()
        .where(and(where, inArray(key, keys)))
        .orderBy(asc(services.startDateTime), asc(participants.id));
      const groups = keys.map((k) =>
        rows.filter((r) => (r.participant.reviewGroupId ?? r.participant.id) === k),
      );
      return { groups, total: total!.n };
    },

    /** The rows of a request still waiting for a decision, locked, earliest session first. */
    async lockReviewGroup(organizationId: string, groupId: string): Promise<ParticipantRow[]> {
      return db
        .select({ participant: participants })
        .from(participants)
        .innerJoin(services, serviceOfParticipant)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.reviewGroupId, groupId),
            eq(participants.status, 'needs-review'),
          ),
        )
        .orderBy(asc(services.startDateTime), asc(participants.id))
        .for('update', { of: participants })
        .then((rows) => rows.map((r) => r.participant));
    },

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

    /** The session, its activity and its period's opening, in this organisation. */
    async findSession(organizationId: string, serviceId: string): Promise<SessionInfo | undefined> {
      const [row] = await db
        .select({
          id: services.id,
          blueprintId: services.blueprintId,
          periodId: services.periodId,
          startDateTime: services.startDateTime,
          duration: services.duration,
          status: services.status,
          maxSeats: services.maxSeats,
          reservedSeats: services.reservedSeats,
          blueprintName: blueprints.name,
          colorCode: blueprints.colorCode,
          establishmentId: blueprints.establishmentId,
          visibility: blueprints.visibility,
          minAge: blueprints.minAge,
          maxAge: blueprints.maxAge,
          price: blueprints.price,
          archivedAt: blueprints.archivedAt,
          registrationOpensAt: periods.registrationOpensAt,
        })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .leftJoin(periods, periodOfService)
        .where(and(eq(services.organizationId, organizationId), eq(services.id, serviceId)));
      return row;
    },

    /** A live (not deleted) member of the organisation. */
    async findMember(organizationId: string, memberId: string) {
      const [row] = await db
        .select({
          id: members.id,
          familyId: members.familyId,
          firstName: members.firstName,
          lastName: members.lastName,
          birthdate: members.birthdate,
        })
        .from(members)
        .where(
          and(
            eq(members.organizationId, organizationId),
            eq(members.id, memberId),
            isNull(members.deletedAt),
          ),
        );
      return row;
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

    /** The organisation's name, key, time zone and registration delays. */
    async settings(organizationId: string) {
      const [row] = await db
        .select({
          name: organizations.name,
          key: organizations.key,
          timeZone: organizations.timeZone,
          holdMinutes: organizations.holdMinutes,
          invitationHours: organizations.invitationHours,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row;
    },

    /** Whether the family has a live registration to a session of the activity. */
    async familyTakesPart(organizationId: string, familyId: string, blueprintId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: participants.id })
        .from(participants)
        .innerJoin(services, serviceOfParticipant)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.familyId, familyId),
            eq(services.blueprintId, blueprintId),
            inArray(participants.status, [...LIVE_STATUSES]),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Where to write to a family: its live accounts. */
    /**
     * The contact of each family (its first live account: name, e-mail, phone), for the managers'
     * 'A traiter' cards; one query for the page.
     */
    async familyContacts(organizationId: string, familyIds: readonly string[]) {
      if (familyIds.length === 0)
        return new Map<string, { name: string; email: string | null; phone: string | null }>();
      const rows = rowsOf<{
        family_id: string;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        phone: string | null;
      }>(
        await db.execute(sql`select distinct on (u.family_id) u.family_id, m.first_name, m.last_name,
            coalesce(u.email, m.email) as email, m.phone_number as phone
          from users u
          left join members m on m.organization_id = u.organization_id and m.user_id = u.id
          where u.organization_id = ${organizationId} and u.deleted_at is null
            and u.family_id in (${sql.join(
              familyIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          order by u.family_id, u.created_at`),
      );
      return new Map(
        rows.map((r) => [
          r.family_id,
          { name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), email: r.email, phone: r.phone },
        ]),
      );
    },

    async familyRecipients(organizationId: string, familyId: string) {
      return db
        .select({ email: users.email, locale: users.locale })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.familyId, familyId),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(users.createdAt));
    },

    /** The member's live registrations to sessions not started yet. */
    async futureOfMember(organizationId: string, memberId: string, now: Date) {
      return db
        .select({
          id: participants.id,
          serviceId: participants.serviceId,
          serviceName: blueprints.name,
          startDateTime: services.startDateTime,
        })
        .from(participants)
        .innerJoin(services, serviceOfParticipant)
        .innerJoin(blueprints, blueprintOfService)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.memberId, memberId),
            inArray(participants.status, [...LIVE_STATUSES]),
            gt(services.startDateTime, now),
          ),
        )
        .orderBy(asc(services.startDateTime));
    },

    /** The member's live registrations, whatever the date (cancelled when the member leaves). */
    async liveOfMember(organizationId: string, memberId: string) {
      return db
        .select({ id: participants.id })
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.memberId, memberId),
            inArray(participants.status, [...LIVE_STATUSES]),
          ),
        );
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
            inArray(participants.status, [...LIVE_STATUSES, 'absent']),
          ),
        )
        .orderBy(asc(members.lastName), asc(members.firstName), asc(participants.id));
    },

    /**
     * Who comes to a session, for its holder: the confirmed participants (and those confirmed then
     * marked absent), never invited, pending or cancelled ones. With each, the birthdate for the age and
     * a family phone: the participant's own, else that of an account of the family (its oldest).
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

    /** Confirmed participants of the period's sessions (not cancelled ones). */
    async confirmedOfPeriod(organizationId: string, periodId: string): Promise<ParticipantView[]> {
      return view()
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(services.periodId, periodId),
            eq(participants.status, 'confirmed'),
            ne(services.status, 'cancelled'),
          ),
        )
        .orderBy(...ORDERS.registry);
    },

    /** The period's sessions that are not cancelled, in start order, with their activity. */
    async sessionsOfPeriod(organizationId: string, periodId: string) {
      return db
        .select({
          id: services.id,
          blueprintId: services.blueprintId,
          blueprintName: blueprints.name,
          colorCode: blueprints.colorCode,
          startDateTime: services.startDateTime,
          duration: services.duration,
          status: services.status,
        })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(
          and(
            eq(services.organizationId, organizationId),
            eq(services.periodId, periodId),
            ne(services.status, 'cancelled'),
          ),
        )
        .orderBy(asc(services.startDateTime), asc(services.id));
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
  };
}

export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>;
