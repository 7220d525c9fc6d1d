import { z } from 'zod';
import type { Locale } from '../locale';
import { optionalText, requiredEnum, requiredText, typeError } from '../validation/fields';
import { message } from '../validation/messages';
import { entityIdField, isoDateField, isoInstantField, pageQueryFields } from './service.schema';

/*
 * Taking attendance (`/attendance/services`): the sessions to mark, who comes to one, and the batch of
 * marks a holder or a manager sends, possibly hours later (marks made offline wait on the device).
 */

/** What a participant may be marked: present or absent. */
export const ATTENDANCE_MARKS = ['present', 'absent'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];

/** A participant's current mark: `none` until someone marks them. */
export type CurrentAttendanceMark = AttendanceMark | 'none';

/** Most marks one batch carries (a whole camp's day fits). */
export const ATTENDANCE_BATCH_MAX = 500;
/** Longest client-generated mark id. */
export const ATTENDANCE_MARK_ID_MAX = 64;
/** Longest note on a mark (late, left early). */
export const ATTENDANCE_NOTE_MAX = 500;

/** Which sessions the list shows: from today on (soonest first), or before today (latest first). */
export const ATTENDANCE_WHEN = ['upcoming', 'past'] as const;
export type AttendanceWhen = (typeof ATTENDANCE_WHEN)[number];

/**
 * `GET /attendance/services`: today's and upcoming sessions (`when=upcoming`, the default) or past ones,
 * on local days [from, to] in the organisation's time zone, of an establishment or an activity.
 */
export function attendanceServiceListQuerySchema(locale: Locale) {
  return z.object({
    when: requiredEnum(ATTENDANCE_WHEN, locale).default('upcoming'),
    from: isoDateField(locale).optional(),
    to: isoDateField(locale).optional(),
    establishmentId: entityIdField(locale).optional(),
    blueprintId: entityIdField(locale).optional(),
    ...pageQueryFields(locale),
  });
}
export type AttendanceServiceListQuery = z.infer<ReturnType<typeof attendanceServiceListQuerySchema>>;

/** One mark as the device recorded it. */
export function attendanceMarkSchema(locale: Locale) {
  return z.object(
    {
      markId: requiredText(locale, 1, ATTENDANCE_MARK_ID_MAX).regex(/^[A-Za-z0-9_-]+$/, {
        error: message('text', locale),
      }),
      participantId: entityIdField(locale),
      mark: requiredEnum(ATTENDANCE_MARKS, locale),
      note: optionalText(locale, 0, ATTENDANCE_NOTE_MAX),
      markedAt: isoInstantField(locale),
    },
    { error: typeError(locale) },
  );
}
export type AttendanceMarkInput = z.infer<ReturnType<typeof attendanceMarkSchema>>;

/** `POST /attendance/services/{id}/marks`: a batch of marks of one session. */
export function attendanceMarksSchema(locale: Locale) {
  return z.object(
    {
      marks: z
        .array(attendanceMarkSchema(locale), { error: message('list', locale) })
        .min(1, { error: message('required', locale) })
        .max(ATTENDANCE_BATCH_MAX, {
          error: message('tooManyItems', locale, { max: ATTENDANCE_BATCH_MAX }),
        }),
    },
    { error: typeError(locale) },
  );
}
export type AttendanceMarksInput = z.infer<ReturnType<typeof attendanceMarksSchema>>;

/** Up to two initials of a name, for an avatar without photo: « Emma Dubois » → « ED ». */
export function initialsOf(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const first = (firstName ?? '').trim();
  const last = (lastName ?? '').trim();
  const letters = [first, last].filter(Boolean).map((part) => [...part][0]!.toLocaleUpperCase('fr'));
  return letters.join('') || '?';
}
