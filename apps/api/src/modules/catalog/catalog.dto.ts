import {
  type CatalogItem,
  type CatalogDetail,
  computeSessionSeats,
  ageRestrictionText,
  formatDuration,
  formatSeats,
  type Locale,
  type LocationType,
  type SessionStatus,
  type Visibility,
} from '@inscrio/shared';
import type { SessionRow } from './catalog-context.repository';
import type { CatalogRow, NextSessionRow, SupplementRow } from './catalog.repository';

/*
 * What the catalogue sends: the shapes are the shared `catalogItemSchema` and `catalogDetailSchema`
 * (packages/shared/src/api/catalog.schema.ts). Internal notes (`privateDescription`) and the online meeting
 * link never leave here: the catalogue is for people who have not registered yet.
 */

/** Where the web app loads an activity's image (spec section 7, assets). */
export const assetUrl = (organizationId: string, assetId: string | null): string | null =>
  assetId
    ? `/api/assets/serve/${encodeURIComponent(assetId)}?orgId=${encodeURIComponent(organizationId)}`
    : null;

/**
 * `formatSeats` builds an Intl.PluralRules on each call, which shows on a catalogue page: the few
 * distinct (locale, seats) pairs are remembered.
 */
const seatsTexts = new Map<string, string>();
function seatsText(seats: number, locale: Locale): string {
  const key = `${locale}:${seats}`;
  let text = seatsTexts.get(key);
  if (text === undefined) {
    if (seatsTexts.size >= 1000) seatsTexts.clear();
    text = formatSeats(seats, locale);
    seatsTexts.set(key, text);
  }
  return text;
}

export function toCatalogItem(
  organizationId: string,
  row: CatalogRow,
  nextSessions: NextSessionRow[],
  supplements: SupplementRow[],
  locale: Locale,
): CatalogItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: assetUrl(organizationId, row.imageAssetId),
    price: row.price,
    taxPercentage: row.taxPercentage,
    duration: row.duration,
    durationText: formatDuration(row.duration),
    minAge: row.minAge,
    maxAge: row.maxAge,
    ageRestrictionText: ageRestrictionText(row.minAge, row.maxAge, locale),
    maxSeats: row.maxSeats,
    seatsText: seatsText(row.maxSeats, locale),
    colorCode: row.colorCode,
    locationType: row.locationType as LocationType,
    location: row.location,
    visibility: row.visibility as Visibility,
    establishment: { id: row.establishmentId, name: row.establishmentName },
    nextSessions: nextSessions.map((s) => ({
      id: s.id,
      startDateTime: s.startDateTime,
      freeSeats: computeSessionSeats(s.maxSeats, s.reservedSeats).freeSeats,
    })),
    supplements: supplements.map((s) => ({
      id: s.id,
      name: s.name,
      price: s.price,
      minAge: s.minAge,
      maxAge: s.maxAge,
      frequency: s.frequency,
    })),
  };
}

export const toCatalogSession = (s: SessionRow): CatalogDetail['sessions'][number] => ({
  id: s.id,
  startDateTime: s.startDateTime.toISOString(),
  originalStartDateTime: s.originalStartDateTime?.toISOString() ?? null,
  duration: s.duration,
  status: s.status as SessionStatus,
  periodId: s.periodId,
  seats: computeSessionSeats(s.maxSeats, s.reservedSeats),
});
