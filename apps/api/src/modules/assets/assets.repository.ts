import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { assets } from '../../db/schema';

export type AssetRow = typeof assets.$inferSelect;
export type AssetMeta = Pick<AssetRow, 'organizationId' | 'id' | 'contentType' | 'byteSize' | 'sha256'>;

const metaColumns = {
  organizationId: assets.organizationId,
  id: assets.id,
  contentType: assets.contentType,
  byteSize: assets.byteSize,
  sha256: assets.sha256,
};

/** Uploaded files, stored in the database (bytea). Every query is scoped by `organizationId`. */
export function createAssetRepository(db: Executor) {
  const byKey = (organizationId: string, id: string) =>
    and(eq(assets.organizationId, organizationId), eq(assets.id, id));

  return {
    async insert(row: typeof assets.$inferInsert): Promise<void> {
      await db.insert(assets).values(row);
    },

    /** Without the bytes: enough to answer a conditional request. */
    async findMeta(organizationId: string, id: string): Promise<AssetMeta | undefined> {
      const [row] = await db.select(metaColumns).from(assets).where(byKey(organizationId, id));
      return row;
    },

    async findWithData(
      organizationId: string,
      id: string,
    ): Promise<(AssetMeta & { data: Buffer }) | undefined> {
      const [row] = await db
        .select({ ...metaColumns, data: assets.data })
        .from(assets)
        .where(byKey(organizationId, id));
      return row;
    },
  };
}
