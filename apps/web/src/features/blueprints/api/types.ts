/*
 * What the managing endpoints of activities answer (apps/api blueprints.dto.ts, services.dto.ts,
 * establishments.dto.ts, assets.dto.ts): only the fields these screens read.
 */

import type { SupplementFrequency } from '@inscrio/shared';

export interface BlueprintSupplement {
  id: string;
  name: string;
  /** Cents. */
  price: number;
  /** Months. */
  minAge: number | null;
  maxAge: number | null;
  frequency: SupplementFrequency;
}

interface BlueprintFields {
  id: string;
  establishmentId: string;
  establishmentName: string;
  name: string;
  description: string | null;
  /** An internal note for the staff, never shown to members. */
  privateDescription: string | null;
  imageAssetId: string | null;
  imageUrl: string | null;
  /** Minutes. */
  duration: number;
  /** Cents. */
  price: number;
  /** Hundredths of a percent. */
  taxPercentage: number;
  /** -1 means unlimited. */
  maxSeats: number;
  colorCode: string;
  locationType: string;
  location: string | null;
  onlineLocation: string | null;
  /** Months. */
  minAge: number | null;
  maxAge: number | null;
  visibility: string;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Blueprint extends BlueprintFields {
  supplements: BlueprintSupplement[];
}

export interface BlueprintListItem extends BlueprintFields {
  supplementsCount: number;
  nextSessionStart: string | null;
  futureSessionsCount: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface EstablishmentOption {
  id: string;
  name: string;
  isDefault: boolean;
}

/** A session of the activity, as `GET /services` lists it. */
export interface BlueprintSession {
  id: string;
  startDateTime: string;
  originalStartDateTime: string | null;
  duration: number;
  status: string;
  periodId: string | null;
  seats: { maxSeats: number; reservedSeats: number; freeSeats: number | null; fillingRate: number };
  holders: { id: string; displayName: string }[];
}
