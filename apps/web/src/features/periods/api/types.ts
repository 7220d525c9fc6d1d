import type { SessionStatus, SessionSeats } from '@inscrio/shared';

/* What the period endpoints answer (apps/api periods.dto.ts), and the session fields these screens read. */

export interface Period {
  id: string;
  name: string;
  establishmentId: string;
  establishmentName: string;
  /** 'YYYY-MM-DD'. */
  startDate: string;
  endDate: string;
  registrationOpensAt: string | null;
  /** The period this one was planned from. */
  previousPeriodId: string | null;
  servicesCount: number;
  registrationsCount: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PeriodService {
  id: string;
  blueprintId: string;
  blueprintName: string;
  colorCode: string;
  establishmentId: string;
  periodId: string | null;
  seriesId: string | null;
  startDateTime: string;
  originalStartDateTime: string | null;
  duration: number;
  status: SessionStatus;
  seats: SessionSeats;
  holders: { id: string; displayName: string }[];
}

export interface PlanNextPreview {
  sourcePeriodId: string;
  weeks: number;
  name: string;
  establishmentId: string;
  startDate: string;
  endDate: string;
  registrationOpensAt: string | null;
  services: {
    sourceServiceId: string;
    blueprintId: string;
    blueprintName: string;
    colorCode: string;
    sourceStartDateTime: string;
    startDateTime: string;
    date: string;
    time: string;
    duration: number;
    maxSeats: number;
    sourceSeriesId: string | null;
    holders: { id: string; displayName: string }[];
  }[];
}

export interface PlanNextResult {
  periodId: string;
  servicesCount: number;
  prestationsCount: number;
  seriesCount: number;
}

export interface Option {
  id: string;
  name: string;
}
