import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets, blueprints, establishments, websiteSettings } from '../../db/schema';

export type WebsiteSettingsRow = typeof websiteSettings.$inferSelect;
export type WebsiteSettingsChanges = Partial<Omit<WebsiteSettingsRow, 'organizationId' | 'updatedAt'>>;

const PUBLIC_ACTIVITIES_LIMIT = 50;

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

    /** Activities anyone may see: public and protected, not archived. */
    publicActivities(organizationId: string) {
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
        })
        .from(blueprints)
        .where(
          and(
            eq(blueprints.organizationId, organizationId),
            inArray(blueprints.visibility, ['public', 'protected']),
            isNull(blueprints.archivedAt),
          ),
        )
        .orderBy(asc(blueprints.name))
        .limit(PUBLIC_ACTIVITIES_LIMIT);
    },
  };
}
