import { and, asc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedStatement } from '../../db/client';
import { blueprints, calendarFeeds, organizations, prestations, services, users } from '../../db/schema';

/** Whose sessions a calendar shows. */
export type CalendarScope =
  /** Managers: every session of the organisation, or of one establishment for an establishment manager. */
  | { kind: 'organization'; establishmentId: string | null }
  /** Holders: the sessions they are assigned to (prestations). */
  | { kind: 'holder'; userId: string }
  /** Families: the sessions their members take part in. */
  | { kind: 'family'; familyId: string };

export type CalendarRow = Awaited<ReturnType<CalendarRepository['items']>>[number];

const itemColumns = {
  id: services.id,
  serviceName: blueprints.name,
  status: services.status,
  colorCode: blueprints.colorCode,
  startDateTime: services.startDateTime,
  originalStartDateTime: services.originalStartDateTime,
  duration: services.duration,
  maxSeats: services.maxSeats,
  reservedSeats: services.reservedSeats,
  blueprintId: services.blueprintId,
  establishmentId: blueprints.establishmentId,
  locationType: blueprints.locationType,
  location: blueprints.location,
  onlineLocation: blueprints.onlineLocation,
  updatedAt: services.updatedAt,
  /** Filled on a family's calendar only (see `familyItems`). */
  attendees: sql<string[] | null>`null::json`,
  /** Read with a family's calendar only (see `familyItems`). */
  timeZone: sql<string | null>`null::text`,
};

/** Registration statuses that put a family member on a session of the family's calendar. */
const ATTENDING = sql.raw(`('invited', 'reserved', 'confirmed')`);

/** A named parameter of a prepared statement. */
const p = (name: string) => sql.placeholder(name);

/** A row of `familyItems`, instants as PostgreSQL writes them. */
interface FamilyItemRow {
  id: string;
  serviceName: string;
  status: string;
  colorCode: string;
  startDateTime: string;
  originalStartDateTime: string | null;
  duration: number;
  maxSeats: number;
  reservedSeats: number;
  blueprintId: string;
  establishmentId: string;
  locationType: string;
  location: string | null;
  onlineLocation: string | null;
  updatedAt: string;
  attendees: string[];
  timeZone: string;
}

/*
 * A family's calendar, built from the family's own registrations: the sessions its members take part
 * in (index participants (organization_id, family_id, status)), each looked up by primary key and kept
 * when it starts in the window, each once, with the first names of the members attending (two children
 * on one session: both; their ids come with the registrations, so the session's other participants are
 * never read) and the organisation's time zone (so the page needs no second query, see
 * `items` of the service). Not every session of the organisation in the window, each tested for a
 * registration of the family: that read all of a busy club's sessions of the month for each family, and
 * so did the plan PostgreSQL kept for a prepared `exists` or `= any(array(…))` (the window's bounds
 * unknown, it walked the start-date index). The lateral `limit 1` keeps the lookup by primary key, one
 * session per registration. Prepared: planned once per connection.
 */
const familyItems = preparedStatement<FamilyItemRow>(
  'calendar_family_items',
  sql`select s.id, s.name as "serviceName", s.status, s.color_code as "colorCode",
      s.start_date_time as "startDateTime", s.original_start_date_time as "originalStartDateTime",
      s.duration, s.max_seats as "maxSeats", s.reserved_seats as "reservedSeats",
      s.blueprint_id as "blueprintId", s.establishment_id as "establishmentId",
      s.location_type as "locationType", s.location, s.online_location as "onlineLocation",
      s.updated_at as "updatedAt",
      (select coalesce(json_agg(m.first_name order by m.first_name, m.id), '[]'::json)
        from members m
        where m.organization_id = s.organization_id and m.id = any(mine.member_ids)) as attendees,
      (select o.time_zone from organizations o where o.id = s.organization_id) as "timeZone"
    from (select r.service_id, array_agg(r.member_id) as member_ids from participants r
          where r.organization_id = ${p('organizationId')} and r.family_id = ${p('familyId')}
            and r.status in ${ATTENDING}
          group by r.service_id) mine
    cross join lateral (
      select v.organization_id, v.id, v.status, v.start_date_time, v.original_start_date_time, v.duration,
        v.max_seats, v.reserved_seats, v.blueprint_id, v.updated_at, b.name, b.color_code,
        b.establishment_id, b.location_type, b.location, b.online_location
      from services v
      inner join blueprints b on b.organization_id = v.organization_id and b.id = v.blueprint_id
      where v.organization_id = ${p('organizationId')} and v.id = mine.service_id
        and v.start_date_time >= ${p('from')}::timestamptz and v.start_date_time < ${p('to')}::timestamptz
      limit 1) s
    order by s.start_date_time, s.id
    limit ${p('limit')}`,
);

/** Calendar items and calendar feed tokens. Every query but the token lookup is scoped by organisation. */
export function createCalendarRepository(db: Executor) {
  return {
    async organization(organizationId: string) {
      const [row] = await db
        .select({ key: organizations.key, name: organizations.name, timeZone: organizations.timeZone })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row;
    },

    /** Sessions starting in [from, to) that `scope` may see, earliest first, at most `limit`. */
    async items(organizationId: string, scope: CalendarScope, from: Date, to: Date, limit: number) {
      const inRange: SQL | undefined = and(
        eq(services.organizationId, organizationId),
        gte(services.startDateTime, from),
        lt(services.startDateTime, to),
      );
      const query = db
        .select(itemColumns)
        .from(services)
        .innerJoin(
          blueprints,
          and(
            eq(blueprints.organizationId, services.organizationId),
            eq(blueprints.id, services.blueprintId),
          ),
        );
      if (scope.kind === 'holder') {
        return query
          .innerJoin(
            prestations,
            and(
              eq(prestations.organizationId, services.organizationId),
              eq(prestations.serviceId, services.id),
              eq(prestations.holderUserId, scope.userId),
            ),
          )
          .where(inRange)
          .orderBy(asc(services.startDateTime), asc(services.id))
          .limit(limit);
      }
      if (scope.kind === 'family') {
        const rows = await familyItems(db, {
          organizationId,
          familyId: scope.familyId,
          from: from.toISOString(),
          to: to.toISOString(),
          limit,
        });
        // Instants come as PostgreSQL writes them: read as drizzle reads a timestamptz column.
        return rows.map((row) => ({
          ...row,
          startDateTime: new Date(row.startDateTime),
          originalStartDateTime:
            row.originalStartDateTime === null ? null : new Date(row.originalStartDateTime),
          updatedAt: new Date(row.updatedAt),
        }));
      }
      return query
        .where(
          and(
            inRange,
            scope.establishmentId ? eq(blueprints.establishmentId, scope.establishmentId) : undefined,
          ),
        )
        .orderBy(asc(services.startDateTime), asc(services.id))
        .limit(limit);
    },

    async findToken(organizationId: string, userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ token: calendarFeeds.token })
        .from(calendarFeeds)
        .where(and(eq(calendarFeeds.organizationId, organizationId), eq(calendarFeeds.userId, userId)));
      return row?.token;
    },

    /** Stores `token` unless the user already has one; returns the token in force. */
    async ensureToken(organizationId: string, userId: string, token: string): Promise<string> {
      const [created] = await db
        .insert(calendarFeeds)
        .values({ organizationId, userId, token })
        .onConflictDoNothing({ target: [calendarFeeds.organizationId, calendarFeeds.userId] })
        .returning({ token: calendarFeeds.token });
      return created?.token ?? (await this.findToken(organizationId, userId))!;
    },

    /** Replaces the user's token (creating the feed if needed): the old address stops working. */
    async replaceToken(organizationId: string, userId: string, token: string): Promise<void> {
      await db
        .insert(calendarFeeds)
        .values({ organizationId, userId, token })
        .onConflictDoUpdate({
          target: [calendarFeeds.organizationId, calendarFeeds.userId],
          set: { token, createdAt: new Date() },
        });
    },

    async deleteToken(organizationId: string, userId: string): Promise<void> {
      await db
        .delete(calendarFeeds)
        .where(and(eq(calendarFeeds.organizationId, organizationId), eq(calendarFeeds.userId, userId)));
    },

    /**
     * The live account behind a feed token, with its organisation. The one query not scoped by an
     * organisation id: the secret token (unique platform-wide) is what names the organisation.
     */
    async findFeedOwner(token: string) {
      const [row] = await db
        .select({
          organizationId: users.organizationId,
          userId: users.id,
          familyId: users.familyId,
          email: users.email,
          role: users.role,
          isHolder: users.isHolder,
          isSystemAdmin: users.isSystemAdmin,
          establishmentId: users.establishmentId,
          locale: users.locale,
          organizationKey: organizations.key,
          organizationName: organizations.name,
          timeZone: organizations.timeZone,
        })
        .from(calendarFeeds)
        .innerJoin(
          users,
          and(eq(users.organizationId, calendarFeeds.organizationId), eq(users.id, calendarFeeds.userId)),
        )
        .innerJoin(organizations, eq(organizations.id, calendarFeeds.organizationId))
        .where(
          and(eq(calendarFeeds.token, token), isNull(users.deletedAt), isNull(organizations.archivedAt)),
        );
      return row;
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
