import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, blueprints, establishments, services, websiteSettings } from '../../db/schema';

export type WebsiteSettingsRow = typeof websiteSettings.$inferSelect;
export type WebsiteSettingsChanges = Partial<Omit<WebsiteSettingsRow, 'organizationId' | 'updatedAt'>>;

const PUBLIC_ACTIVITIES_LIMIT = 50;
/** Sessions shown under each activity of the public page. */
const NEXT_SESSIONS_PER_ACTIVITY = 3;

export interface PublicSessionRow {
  id: string;
  startDateTime: string;
  maxSeats: number;
  reservedSeats: number;
}

const OPEN_TO_ALL = ['public', 'protected'];
// Qualified by hand: drizzle writes the column unqualified, which the subquery would read as its own `id`.
const blueprintIdColumn = sql`${sql.identifier('blueprints')}.${sql.identifier('id')}`;

export function createWebsiteRepository(db: Executor) {
  return {
    async find(organizationId: string): Promise<WebsiteSettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(websiteSettings)
        .where(eq(websiteSettings.organizationId, organizationId));
      return row;
    },

    async upsert(organizationId: string, changes: WebsiteSettingsChanges): Promise<void> {
      await db
        .insert(websiteSettings)
        .values({ organizationId, ...changes })
        .onConflictDoUpdate({
          target: websiteSettings.organizationId,
          set: { ...changes, updatedAt: new Date() },
        });
    },

    /**
     * The organisation renamed: a website title that only repeated its old name follows the new one (a
     * title of its own stays). Answers whether it did.
     */
    async followRename(organizationId: string, oldName: string, newName: string): Promise<boolean> {
      const rows = await db
        .update(websiteSettings)
        .set({ title: newName, updatedAt: new Date() })
        .where(and(eq(websiteSettings.organizationId, organizationId), eq(websiteSettings.title, oldName)))
        .returning({ organizationId: websiteSettings.organizationId });
      return rows.length > 0;
    },

    /** Which of `ids` are assets of the organisation. */
    async existingAssets(organizationId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: assets.id })
        .from(assets)
        .where(and(eq(assets.organizationId, organizationId), inArray(assets.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    publicEstablishments(organizationId: string) {
      return db
        .select({
          id: establishments.id,
          name: establishments.name,
          address: establishments.address,
          city: establishments.city,
          postalCode: establishments.postalCode,
          country: establishments.country,
        })
        .from(establishments)
        .where(eq(establishments.organizationId, organizationId))
        .orderBy(asc(establishments.name));
    },

    /**
     * Activities anyone may see (public and protected, not archived), each with its next sessions that
     * are not cancelled, from `now`: the index (organization_id, blueprint_id, start_date_time) read
     * per activity, stopping after a few.
     */
    publicActivities(organizationId: string, now: Date) {
      return db
        .select({
          id: blueprints.id,
          name: blueprints.name,
          description: blueprints.description,
          imageAssetId: blueprints.imageAssetId,
          colorCode: blueprints.colorCode,
          price: blueprints.price,
          duration: blueprints.duration,
          minAge: blueprints.minAge,
          maxAge: blueprints.maxAge,
          establishmentId: blueprints.establishmentId,
          nextSessions: sql<PublicSessionRow[]>`(
            select coalesce(json_agg(json_build_object(
                'id', n.id,
                'startDateTime', to_char(n.start_date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'maxSeats', n.max_seats, 'reservedSeats', n.reserved_seats
              ) order by n.start_date_time, n.id), '[]'::json)
            from (
              select s.id, s.start_date_time, s.max_seats, s.reserved_seats from ${services} s
              where s.organization_id = ${organizationId} and s.blueprint_id = ${blueprintIdColumn}
                and s.start_date_time >= ${now.toISOString()}::timestamptz and s.status <> 'cancelled'
              order by s.start_date_time
              limit ${NEXT_SESSIONS_PER_ACTIVITY}
            ) n)`,
        })
        .from(blueprints)
        .where(
          and(
            eq(blueprints.organizationId, organizationId),
            inArray(blueprints.visibility, OPEN_TO_ALL),
            isNull(blueprints.archivedAt),
          ),
        )
        .orderBy(asc(blueprints.name))
        .limit(PUBLIC_ACTIVITIES_LIMIT);
    },

    /** One activity open to all, for the link preview of its catalogue page. */
    async publicActivity(organizationId: string, blueprintId: string) {
      const [row] = await db
        .select({
          name: blueprints.name,
          description: blueprints.description,
          imageAssetId: blueprints.imageAssetId,
        })
        .from(blueprints)
        .where(
          and(
            eq(blueprints.organizationId, organizationId),
            eq(blueprints.id, blueprintId),
            inArray(blueprints.visibility, OPEN_TO_ALL),
            isNull(blueprints.archivedAt),
          ),
        );
      return row;
    },
  };
}
