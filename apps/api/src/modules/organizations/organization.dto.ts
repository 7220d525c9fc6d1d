import { z } from 'zod';
import type { OrganizationRow } from './organization.repository';

/** What anyone may know about an organisation (directory, sign-in result). */
export const publicOrganizationSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  logoAsset: z.string().nullable(),
  timeZone: z.string(),
  defaultLocale: z.string(),
  systemAdmin: z.boolean(),
  maintenance: z.boolean(),
});

export type PublicOrganization = z.infer<typeof publicOrganizationSchema>;

export const toPublicOrganization = (row: OrganizationRow): PublicOrganization => ({
  id: row.id,
  key: row.key,
  name: row.name,
  logoAsset: row.logoAssetId,
  timeZone: row.timeZone,
  defaultLocale: row.defaultLocale,
  systemAdmin: row.isSystem,
  maintenance: row.maintenance,
});
