import type { PrestationStatus, SessionStatus, SessionSeats } from '@inscrio/shared';

/*
 * Shapes of the session (`/services`) and assignment (`/prestations`) answers this feature reads; see
 * apps/api/src/modules/services/services.dto.ts.
 */

/** Seats as every session answer gives them (shared computeSessionSeats). */
export type ServiceSeats = SessionSeats;

export interface Service {
  id: string;
  blueprintId: string;
  blueprintName: string;
  colorCode: string;
  establishmentId: string;
  periodId: string | null;
  seriesId: string | null;
  startDateTime: string;
  /** The date first announced, when postponed. */
  originalStartDateTime: string | null;
  /** Minutes. */
  duration: number;
  status: SessionStatus;
  seats: ServiceSeats;
  holders: { id: string; displayName: string }[];
}

export interface PrestationSummary {
  id: string;
  holderUserId: string;
  holderName: string;
  status: PrestationStatus;
  absenceNote: string | null;
}

export interface ServiceDetail extends Service {
  /** Filled by the registrations issue. */
  attendees: { id: string; displayName: string; status: string }[];
  prestations: PrestationSummary[];
}

export interface ServicePage {
  items: Service[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Prestation {
  id: string;
  status: PrestationStatus;
  absenceNote: string | null;
  service: Pick<
    Service,
    | 'id'
    | 'blueprintId'
    | 'blueprintName'
    | 'colorCode'
    | 'establishmentId'
    | 'startDateTime'
    | 'duration'
    | 'status'
  >;
  holder: { id: string; displayName: string; email: string };
}
