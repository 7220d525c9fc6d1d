import { TZDate } from '@date-fns/tz';
import { formatDateTime, type Locale } from '@inscrio/shared';
import ical, { ICalEventStatus } from 'ical-generator';
import type { CalendarRow } from './calendar.repository';
import { vtimezoneComponent } from './vtimezone';

export interface FeedOrganization {
  key: string;
  name: string;
  timeZone: string;
}

const MINUTE_MS = 60_000;

const POSTPONED: Record<Locale, string> = {
  fr: 'Séance reportée (prévue initialement le {date}).',
  en: 'Session postponed (first planned on {date}).',
};

/** « Natation — Léa », « Natation — Léa et Tom »: who of the family attends, when the feed is a family's. */
export function eventTitle(name: string, attendees: readonly string[] | null, locale: Locale): string {
  if (!attendees || attendees.length === 0) return name;
  return `${name} — ${new Intl.ListFormat(locale, { type: 'conjunction' }).format(attendees)}`;
}

/**
 * The iCalendar text of a feed. Start and end are written in the organisation's zone (TZID) with its
 * VTIMEZONE, built from the runtime's zone data; DTSTAMP stays in UTC as RFC 5545 wants, which is why the
 * calendar-level zone has no name here and X-WR-TIMEZONE is added by hand. UIDs are stable per session.
 * Sessions that are cancelled stay in the feed with STATUS:CANCELLED, so subscribed calendars update.
 */
export function renderFeed(
  organization: FeedOrganization,
  rows: CalendarRow[],
  window: { from: Date; to: Date },
  locale: Locale,
): string {
  const { timeZone } = organization;
  const calendar = ical({
    name: organization.name,
    prodId: { company: 'Inscrio', product: 'Calendar', language: locale.toUpperCase() },
    timezone: {
      name: null,
      generator: (zone) => vtimezoneComponent(zone, window.from.getUTCFullYear(), window.to.getUTCFullYear()),
    },
    ttl: 60 * 60,
  });
  calendar.x('X-WR-TIMEZONE', timeZone);
  for (const row of rows) {
    const start = new TZDate(row.startDateTime.getTime(), timeZone);
    const end = new TZDate(row.startDateTime.getTime() + row.duration * MINUTE_MS, timeZone);
    const location = row.locationType === 'online' ? (row.onlineLocation ?? row.location) : row.location;
    calendar.createEvent({
      id: `${row.id}@${organization.key}.inscrio`,
      start,
      end,
      timezone: timeZone,
      // Without METHOD, DTSTAMP is when the session last changed (RFC 5545 §3.8.7.2): an unchanged
      // feed is byte for byte the same, so its ETag holds.
      stamp: row.updatedAt,
      lastModified: row.updatedAt,
      summary: eventTitle(row.serviceName, row.attendees, locale),
      location: location || null,
      description:
        row.status === 'postponed' && row.originalStartDateTime
          ? POSTPONED[locale].replace('{date}', formatDateTime(row.originalStartDateTime, timeZone, locale))
          : null,
      status: row.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
