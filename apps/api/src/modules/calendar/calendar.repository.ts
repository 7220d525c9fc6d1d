import { and, asc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  blueprints,
  calendarFeeds,
  members,
  organizations,
  participants,
  prestations,
  services,
  users,
} from '../../db/schema';

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
  /** Filled on a family's calendar only (see `items`). */
  attendees: sql<string[] | null>`null::json`,
};

/** Registration statuses that put a family member on a session of the family's calendar. */
const ATTENDING = sql.raw(`('invited', 'reserved', 'confirmed')`);

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
        // The sessions its members take part in (invited, reserved or confirmed), each once, with the
        // first names of those members (two children on one session: both).
        return db
          .select({
            ...itemColumns,
            attendees: sql<
              string[]
            >`(select coalesce(json_agg(m.first_name order by m.first_name, m.id), '[]'::json)
              from ${participants} pa
              inner join ${members} m on m.organization_id = pa.organization_id and m.id = pa.member_id
              where pa.organization_id = ${services.organizationId} and pa.service_id = ${services.id}
                and pa.family_id = ${scope.familyId} and pa.status in ${ATTENDING})`,
          })
          .from(services)
          .innerJoin(
            blueprints,
            and(
              eq(blueprints.organizationId, services.organizationId),
              eq(blueprints.id, services.blueprintId),
            ),
          )
          .where(
            and(
              inRange,
              sql`exists (select 1 from ${participants} where ${participants.organizationId} = ${services.organizationId}
                and ${participants.serviceId} = ${services.id} and ${participants.familyId} = ${scope.familyId}
                and ${participants.status} in ${ATTENDING})`,
            ),
          )
          .orderBy(asc(services.startDateTime), asc(services.id))
          .limit(limit);
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
