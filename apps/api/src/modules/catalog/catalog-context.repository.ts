import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blueprints, members, organizations, participants, periods, services } from '../../db/schema';
import { LIVE_STATUSES_SQL } from './catalog.repository';
import type { PeriodOpening } from './registration-notice';

/**
 * What decides which activities a plain family member sees, besides public and protected ones (see
 * `visibleTo`): the private activities their family takes part in, and whether they created a hidden or
 * private activity. Plus what the catalogue needs to turn its filters into a class: the organisation's
 * time zone and the family's live members with their birthdates.
 */
export interface ViewerClassFacts {
  timeZone: string | null;
  /** Sorted. */
  privateActivityIds: string[];
  createdHiddenOrPrivate: boolean;
  /** Live members of the family: id → birthdate ('YYYY-MM-DD') or null. */
  members: Record<string, string | null>;
}

export type SessionRow = Awaited<ReturnType<CatalogContextRepository['upcomingSessions']>>[number];

/** A named parameter of a prepared statement. */
const p = (name: string) => sql.placeholder(name);

/**
 * What a catalogue request reads besides its page of activities (catalog.repository.ts): the viewer's
 * class facts, the organisation's time zone, the family's member of an age filter, the periods, and an
 * activity's sessions with their periods' openings for its detail. Every query is scoped by
 * `organizationId`.
 */
export function createCatalogContextRepository(db: Executor) {
  const sessions = db
    .select({
      id: services.id,
      startDateTime: services.startDateTime,
      originalStartDateTime: services.originalStartDateTime,
      duration: services.duration,
      status: services.status,
      periodId: services.periodId,
      maxSeats: services.maxSeats,
      reservedSeats: services.reservedSeats,
    })
    .from(services)
    .where(
      and(
        eq(services.organizationId, p('organizationId')),
        eq(services.blueprintId, p('blueprintId')),
        sql`${services.startDateTime} >= ${p('from')}::timestamptz`,
      ),
    )
    .orderBy(asc(services.startDateTime), asc(services.id))
    .limit(p('limit'))
    .prepare('catalog_sessions');

  // One round trip, every part an index probe: the organisation's key, participants (organization_id,
  // family_id, status), blueprints (organization_id, visibility), members (organization_id, family_id).
  const classFacts = db
    .select({
      timeZone: organizations.timeZone,
      // Written with aliases: drizzle leaves a column unqualified in a one-table select, which the
      // joins here would find ambiguous.
      privateActivityIds: sql<string[]>`(select coalesce(json_agg(t.id order by t.id), '[]'::json) from (
        select distinct s.blueprint_id as id from ${participants} pa
          inner join ${services} s on s.organization_id = pa.organization_id and s.id = pa.service_id
          inner join ${blueprints} b on b.organization_id = s.organization_id and b.id = s.blueprint_id
        where pa.organization_id = ${p('organizationId')} and pa.family_id = ${p('familyId')}
          and pa.status in ${LIVE_STATUSES_SQL}
          and b.visibility = 'private' and b.archived_at is null) t)`,
      createdHiddenOrPrivate: sql<boolean>`exists (select 1 from ${blueprints} b
        where b.organization_id = ${p('organizationId')} and b.visibility in ('hidden', 'private')
          and b.created_by_user_id = ${p('userId')} and b.archived_at is null)`,
      members: sql<Record<string, string | null>>`(select coalesce(
          json_object_agg(m.id, to_char(m.birthdate, 'YYYY-MM-DD')), '{}'::json)
        from ${members} m where m.organization_id = ${p('organizationId')}
          and m.family_id = ${p('familyId')} and m.deleted_at is null)`,
    })
    .from(organizations)
    .where(eq(organizations.id, p('organizationId')))
    .prepare('catalog_viewer_class');
  return {
    /** What puts a plain family member in a visibility class (catalog-cache.ts), in one round trip. */
    async viewerClassFacts(
      organizationId: string,
      userId: string,
      familyId: string,
    ): Promise<ViewerClassFacts> {
      const [row] = await classFacts.execute({ organizationId, userId, familyId });
      return {
        timeZone: row?.timeZone ?? null,
        privateActivityIds: row?.privateActivityIds ?? [],
        createdHiddenOrPrivate: row?.createdHiddenOrPrivate ?? false,
        members: row?.members ?? {},
      };
    },

    async timeZone(organizationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ timeZone: organizations.timeZone })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.timeZone;
    },

    /** A live member of the family, or undefined. */
    async findFamilyMember(organizationId: string, familyId: string, memberId: string) {
      const [row] = await db
        .select({ id: members.id, birthdate: members.birthdate })
        .from(members)
        .where(
          and(
            eq(members.organizationId, organizationId),
            eq(members.familyId, familyId),
            eq(members.id, memberId),
            isNull(members.deletedAt),
          ),
        );
      return row;
    },

    /** Periods not over yet on `today` ('YYYY-MM-DD'), soonest first: the catalogue's period filter. */
    openPeriods(organizationId: string, today: string, establishmentId: string | null) {
      return db
        .select({
          id: periods.id,
          name: periods.name,
          startDate: periods.startDate,
          endDate: periods.endDate,
          establishmentId: periods.establishmentId,
        })
        .from(periods)
        .where(
          and(
            eq(periods.organizationId, organizationId),
            gte(periods.endDate, today),
            establishmentId ? eq(periods.establishmentId, establishmentId) : undefined,
          ),
        )
        .orderBy(asc(periods.startDate))
        .limit(50);
    },

    async periodExists(organizationId: string, periodId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: periods.id })
        .from(periods)
        .where(and(eq(periods.organizationId, organizationId), eq(periods.id, periodId)));
      return row !== undefined;
    },
    /**
     * The first `limit` sessions of an activity starting from `from`, cancelled ones included, earliest
     * first: the cards' next sessions are the first of these that are not cancelled (same start rule).
     */
    upcomingSessions(organizationId: string, blueprintId: string, from: Date, limit: number) {
      return sessions.execute({ organizationId, blueprintId, from: from.toISOString(), limit });
    },

    /** The registration openings of these periods of the organisation, each with the organisation's zone. */
    async periodOpenings(organizationId: string, periodIds: readonly string[]): Promise<PeriodOpening[]> {
      return db
        .select({ opensAt: periods.registrationOpensAt, timeZone: organizations.timeZone })
        .from(periods)
        .innerJoin(organizations, eq(organizations.id, periods.organizationId))
        .where(and(eq(periods.organizationId, organizationId), inArray(periods.id, [...periodIds])));
    },
  };
}

export type CatalogContextRepository = ReturnType<typeof createCatalogContextRepository>;
