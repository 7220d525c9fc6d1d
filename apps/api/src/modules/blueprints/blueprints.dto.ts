import { SUPPLEMENT_FREQUENCIES } from '@inscrio/shared';
import { z } from 'zod';
import type { BlueprintRow, BlueprintWithEstablishment, SupplementRow } from './blueprints.repository';

/*
 * What the managing endpoints answer. `privateDescription` is an internal note for the staff: it is in
 * these DTOs only, never in the catalogue's.
 */

export const blueprintSupplementDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Cents. */
  price: z.number().int(),
  /** Months. */
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  /** `SUPPLEMENT_FREQUENCIES`: once per participant, activity and period, or per session. */
  frequency: z.enum(SUPPLEMENT_FREQUENCIES.values),
});

const blueprintFields = {
  id: z.string(),
  establishmentId: z.string(),
  establishmentName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  privateDescription: z.string().nullable(),
  imageAssetId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Minutes. */
  duration: z.number().int(),
  /** Cents. */
  price: z.number().int(),
  /** Hundredths of a percent. */
  taxPercentage: z.number().int(),
  /** -1 means unlimited. */
  maxSeats: z.number().int(),
  colorCode: z.string(),
  locationType: z.string(),
  location: z.string().nullable(),
  onlineLocation: z.string().nullable(),
  /** Months. */
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  visibility: z.string(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const blueprintDtoSchema = z.object({
  ...blueprintFields,
  supplements: z.array(blueprintSupplementDtoSchema),
});

export const blueprintListItemSchema = z.object({
  ...blueprintFields,
  supplementsCount: z.number().int(),
  /** The next session that is not cancelled, from now on. */
  nextSessionStart: z.string().nullable(),
  futureSessionsCount: z.number().int(),
});

export const blueprintListSchema = z.object({
  items: z.array(blueprintListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type BlueprintDto = z.infer<typeof blueprintDtoSchema>;
export type BlueprintListItemDto = z.infer<typeof blueprintListItemSchema>;
export type BlueprintListDto = z.infer<typeof blueprintListSchema>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The address the asset route serves an image at (spec section 7). */
export const assetUrl = (organizationId: string, assetId: string | null) =>
  assetId
    ? `/api/assets/serve/${encodeURIComponent(assetId)}?orgId=${encodeURIComponent(organizationId)}`
    : null;

function toFields(row: BlueprintRow, establishmentName: string) {
  return {
    id: row.id,
    establishmentId: row.establishmentId,
    establishmentName,
    name: row.name,
    description: row.description,
    privateDescription: row.privateDescription,
    imageAssetId: row.imageAssetId,
    imageUrl: assetUrl(row.organizationId, row.imageAssetId),
    duration: row.duration,
    price: row.price,
    taxPercentage: row.taxPercentage,
    maxSeats: row.maxSeats,
    colorCode: row.colorCode,
    locationType: row.locationType,
    location: row.location,
    onlineLocation: row.onlineLocation,
    minAge: row.minAge,
    maxAge: row.maxAge,
    visibility: row.visibility,
    archivedAt: iso(row.archivedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toSupplementDto = (row: SupplementRow) => ({
  id: row.id,
  name: row.name,
  price: row.price,
  minAge: row.minAge,
  maxAge: row.maxAge,
  frequency: row.frequency,
});

export const toBlueprintDto = (
  { blueprint, establishmentName }: BlueprintWithEstablishment,
  supplements: SupplementRow[],
): BlueprintDto => ({
  ...toFields(blueprint, establishmentName),
  supplements: supplements.map(toSupplementDto),
});

export const toBlueprintListItem = (
  { blueprint, establishmentName }: BlueprintWithEstablishment,
  extra: { supplementsCount: number; nextSessionStart: Date | null; futureSessionsCount: number },
): BlueprintListItemDto => ({
  ...toFields(blueprint, establishmentName),
  supplementsCount: extra.supplementsCount,
  nextSessionStart: iso(extra.nextSessionStart),
  futureSessionsCount: extra.futureSessionsCount,
});
