import { ATTENDANCE_MARKS, SESSION_STATUSES, sessionSeatsSchema } from '@inscrio/shared';
import { z } from 'zod';
import { serviceHolderSchema } from '../services/services.dto';

/** What the attendance screens show of a session. */
const attendanceServiceFields = {
  id: z.string(),
  blueprintId: z.string(),
  blueprintName: z.string(),
  colorCode: z.string(),
  establishmentId: z.string(),
  establishmentName: z.string().nullable(),
  startDateTime: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  status: z.enum(SESSION_STATUSES.values),
  seats: sessionSeatsSchema,
  holders: z.array(serviceHolderSchema),
};

/** A row of `GET /attendance/services`. */
export const attendanceServiceSchema = z.object({
  ...attendanceServiceFields,
  /** Participants expected: confirmed, or confirmed then marked absent. */
  confirmed: z.number().int(),
  /** Of those, how many are marked (present or absent). */
  marked: z.number().int(),
});

export const attendanceServiceListSchema = z.object({
  items: z.array(attendanceServiceSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const attendanceParticipantSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  initials: z.string(),
  /** Whole months on the day of the session; null when the birthdate is unknown. */
  ageMonths: z.number().int().nullable(),
  familyPhone: z.string().nullable(),
  mark: z.enum([...ATTENDANCE_MARKS, 'none']),
  note: z.string().nullable(),
  /** When the current mark was made; null when never marked. */
  markedAt: z.string().nullable(),
});

/** `GET /attendance/services/{id}`: the session, who comes and how they are marked. */
export const attendanceSheetSchema = z.object({
  service: z.object(attendanceServiceFields),
  participants: z.array(attendanceParticipantSchema),
  counts: z.object({ present: z.number().int(), absent: z.number().int(), unmarked: z.number().int() }),
});

/** `POST /attendance/services/{id}/marks`: the sheet after the batch, and what the batch stored. */
export const attendanceMarksResultSchema = attendanceSheetSchema.extend({
  /** Marks stored now (each mark id once). */
  stored: z.number().int(),
  /** Marks already stored by an earlier send: accepted, counted once. */
  duplicates: z.number().int(),
});

export type AttendanceSheetDto = z.infer<typeof attendanceSheetSchema>;
