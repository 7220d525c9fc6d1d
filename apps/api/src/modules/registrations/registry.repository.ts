import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Executor } from '../../db/client';
import { boundedCount, type CursorKey, decodeCursor, encodeCursor } from '../../lib/cursor';
import { blueprints, members, participants, services } from '../../db/schema';
import { blueprintOfService, memberOfParticipant, serviceOfParticipant } from '../services/joins.repository';
import {
  type ParticipantRow,
  type ParticipantView,
  selectViews,
  serviceEnd,
  viewColumns,
} from './participant-rows.repository';

/*
 * The registry: pages of participants by filter and order (the managers' registry, « Mes activités »),
 * the review queue by request, and a period's confirmed attendees.
 */

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

export function createRegistryRepository(db: Executor) {
  const view = () => selectViews(db);

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
  };
}
