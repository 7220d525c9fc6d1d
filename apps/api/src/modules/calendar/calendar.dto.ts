import { type CalendarItem, computeSessionSeats, type SessionStatus } from '@inscrio/shared';
import type { CalendarRow } from './calendar.repository';

/** A calendar item (spec section 3). */
export const toCalendarItem = (row: CalendarRow): CalendarItem => ({
  id: row.id,
  serviceName: row.serviceName,
  status: row.status as SessionStatus,
  colorCode: row.colorCode,
  startDateTime: row.startDateTime.toISOString(),
  duration: row.duration,
  seats: computeSessionSeats(row.maxSeats, row.reservedSeats),
  blueprintId: row.blueprintId,
  establishmentId: row.establishmentId,
  originalStartDateTime: row.originalStartDateTime?.toISOString() ?? null,
});
