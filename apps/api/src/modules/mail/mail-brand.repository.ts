import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema';

/** What heads an organisation's e-mails. */
export function createMailBrandRepository(db: Executor) {
  return {
    async find(organizationId: string) {
      const [row] = await db
        .select({
          name: organizations.name,
          key: organizations.key,
          logoAssetId: organizations.logoAssetId,
          documentLogoAssetId: organizations.documentLogoAssetId,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row ?? null;
    },
  };
}
