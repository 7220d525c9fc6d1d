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

/**
 * Uploaded files, stored in the database (bytea). Every query is scoped by `organizationId`; `publicOnly`
 * (the public serving route) never finds a private asset (a certificate's seal or signature).
 */
export function createAssetRepository(db: Executor) {
  const byKey = (organizationId: string, id: string, options: { publicOnly?: boolean } = {}) =>
    and(
      eq(assets.organizationId, organizationId),
      eq(assets.id, id),
      options.publicOnly ? eq(assets.private, false) : undefined,
    );

  return {
    async insert(row: typeof assets.$inferInsert): Promise<void> {
      await db.insert(assets).values(row);
    },

    /** Without the bytes: enough to answer a conditional request. */
    async findMeta(
      organizationId: string,
      id: string,
      options: { publicOnly?: boolean } = {},
    ): Promise<AssetMeta | undefined> {
      const [row] = await db
        .select(metaColumns)
        .from(assets)
        .where(byKey(organizationId, id, options));
      return row;
    },

    async findWithData(
      organizationId: string,
      id: string,
      options: { publicOnly?: boolean } = {},
    ): Promise<(AssetMeta & { data: Buffer }) | undefined> {
      const [row] = await db
        .select({ ...metaColumns, data: assets.data })
        .from(assets)
        .where(byKey(organizationId, id, options));
      return row;
    },
  };
}
