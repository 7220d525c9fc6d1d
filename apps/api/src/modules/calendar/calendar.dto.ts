import { type CalendarItem, computeSessionSeats, type SessionStatus } from '@inscrio/shared';
import type { CalendarRow } from './calendar.repository';

/**
 * A calendar item (spec section 3). On a family's calendar (`attendees` read) the session's figures stay
 * out: fill rate, free and reserved seats are the club's business, not the family's.
 */
export const toCalendarItem = (row: CalendarRow): CalendarItem => ({
  id: row.id,
  serviceName: row.serviceName,
  status: row.status as SessionStatus,
  colorCode: row.colorCode,
  startDateTime: row.startDateTime.toISOString(),
  duration: row.duration,
  seats: row.attendees === null ? computeSessionSeats(row.maxSeats, row.reservedSeats) : null,
  attendees: row.attendees ?? [],
  blueprintId: row.blueprintId,
  establishmentId: row.establishmentId,
  originalStartDateTime: row.originalStartDateTime?.toISOString() ?? null,
});
