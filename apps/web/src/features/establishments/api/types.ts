/** An establishment as the API answers it (apps/api establishments.dto.ts). */
export interface Establishment {
  id: string;
  organizationId: string;
  name: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  /** The organisation's: establishments inherit it. */
  timeZone: string;
  /** `est_default`, which cannot be deleted. */
  isDefault: boolean;
  /** Activities (not archived) of the establishment. */
  activityCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** An activity of the establishment, as the managing list gives it (only the fields shown here). */
export interface EstablishmentActivity {
  id: string;
  name: string;
  colorCode: string;
  visibility: string;
  nextSessionStart: string | null;
}
