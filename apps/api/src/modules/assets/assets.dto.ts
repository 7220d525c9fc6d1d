import { z } from 'zod';
import type { AssetMeta } from './assets.repository';

export const assetDtoSchema = z.object({
  id: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  /** Where anyone fetches the file: `GET /api/assets/serve/{id}?orgId={orgId}`. */
  url: z.string(),
});

export type AssetDto = z.infer<typeof assetDtoSchema>;

export const assetUrl = (organizationId: string, id: string): string =>
  `/api/assets/serve/${encodeURIComponent(id)}?orgId=${encodeURIComponent(organizationId)}`;

export const toAssetDto = (asset: AssetMeta): AssetDto => ({
  id: asset.id,
  contentType: asset.contentType,
  byteSize: asset.byteSize,
  url: assetUrl(asset.organizationId, asset.id),
});
