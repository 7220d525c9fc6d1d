import type { SessionStatus, SessionSeats } from '@inscrio/shared';

/*
 * What the session (service) and holder (prestation) endpoints answer (apps/api services.dto.ts), and
 * the few fields of activities and periods the session screens read.
 */

/** Seats as every session answer gives them (shared computeSessionSeats). */
export type Seats = SessionSeats;

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
  seats: Seats;
  holders: { id: string; displayName: string }[];
}

export interface PrestationSummary {
  id: string;
  holderUserId: string;
  holderName: string;
  status: 'assigned' | 'absent';
  absenceNote: string | null;
}

export interface ServiceDetail extends Service {
  attendees: { id: string; displayName: string; status: string }[];
  prestations: PrestationSummary[];
}

export interface Prestation {
  id: string;
  status: 'assigned' | 'absent';
  absenceNote: string | null;
  service: {
    id: string;
    blueprintId: string;
    blueprintName: string;
    colorCode: string;
    establishmentId: string;
    startDateTime: string;
    duration: number;
    status: SessionStatus;
  };
  holder: { id: string; displayName: string; email: string };
}

export interface Holder {
  id: string;
  displayName: string;
  email: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** An activity to schedule sessions of (from `GET /blueprints`). */
export interface BlueprintOption {
  id: string;
  name: string;
  colorCode: string;
  establishmentId: string;
  establishmentName: string;
  duration: number;
  maxSeats: number;
  archivedAt: string | null;
}

export interface PeriodOption {
  id: string;
  name: string;
  establishmentId: string;
  startDate: string;
  endDate: string;
}

export interface CreatedServices {
  /** True when nothing was written (the form's preview). */
  preview: boolean;
  seriesId: string | null;
  duration: number;
  maxSeats: number;
  count: number;
  items: { id: string | null; startDateTime: string; date: string; time: string }[];
}
