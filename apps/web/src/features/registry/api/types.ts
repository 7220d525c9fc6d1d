import type { SessionSeats, SessionStatus } from '@inscrio/shared';

/*
 * The few fields of other domains' answers the registry screens read (periods, activities, sessions,
 * members). The registrations' own shapes come from the shared package (`ParticipantDto`, …).
 */

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Option {
  id: string;
  name: string;
}

/** A period to filter on (`GET /periods`). */
export interface PeriodOption extends Option {
  startDate: string;
  endDate: string;
  previousPeriodId: string | null;
}

/** A session to filter on, or to move a participant to (`GET /services`). */
export interface SessionOption {
  id: string;
  blueprintId: string;
  blueprintName: string;
  colorCode: string;
  periodId: string | null;
  startDateTime: string;
  duration: number;
  status: SessionStatus;
  seats: SessionSeats;
}

/** An account found by the members search (`GET /members`). */
export interface MemberAccount {
  userId: string;
  memberId: string;
  displayName: string;
  email: string;
}

/** A person of that account's family (`GET /members/{userId}`): the account's own person and the others. */
export interface FamilyPerson {
  id: string;
  displayName: string;
  ageText: string | null;
}

export interface MemberFamily {
  userId: string;
  memberId: string;
  displayName: string;
  family: FamilyPerson[];
}
