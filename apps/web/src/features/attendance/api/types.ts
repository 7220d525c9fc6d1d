import type { AttendanceMark, SessionSeats, SessionStatus } from '@inscrio/shared';

/* Shapes of the attendance answers; see apps/api/src/modules/attendance/attendance.dto.ts. */

export interface AttendanceService {
  id: string;
  blueprintId: string;
  blueprintName: string;
  colorCode: string;
  establishmentId: string;
  establishmentName: string | null;
  startDateTime: string;
  /** Minutes. */
  duration: number;
  status: SessionStatus;
  seats: SessionSeats;
  holders: { id: string; displayName: string }[];
}

/** A row of `GET /attendance/services`. */
export interface AttendanceServiceRow extends AttendanceService {
  /** Participants expected (confirmed, or then marked absent). */
  confirmed: number;
  /** Of those, how many are marked. */
  marked: number;
}

export interface AttendanceServicePage {
  items: AttendanceServiceRow[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AttendanceParticipant {
  id: string;
  displayName: string;
  initials: string;
  /** Whole months on the day of the session; null when the birthdate is unknown. */
  ageMonths: number | null;
  familyPhone: string | null;
  mark: AttendanceMark | 'none';
  note: string | null;
  markedAt: string | null;
}

/** `GET /attendance/services/{id}`. */
export interface AttendanceSheet {
  service: AttendanceService;
  participants: AttendanceParticipant[];
  counts: { present: number; absent: number; unmarked: number };
}

/** `POST /attendance/services/{id}/marks`: the sheet after the batch. */
export interface MarksResult extends AttendanceSheet {
  stored: number;
  duplicates: number;
}
