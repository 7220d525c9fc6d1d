import { z } from 'zod';
import { LOCATION_TYPES, SESSION_STATUSES, SUPPLEMENT_FREQUENCIES, VISIBILITIES } from '../enums';
import { UNLIMITED_SEATS } from '../format';
import type { Locale } from '../locale';
import { message } from '../validation/messages';

/*
 * The catalogue (`/catalog/blueprints`), the calendar (`/calendar/items`) and the calendar feed
 * (`/calendar/feed`): query schemas shared by the API (validation) and the web (filters), and the response
 * shapes both sides rely on. Query values arrive as strings, hence the coercions.
 */

export const CATALOG_PAGE_SIZE_DEFAULT = 20;
export const CATALOG_PAGE_SIZE_MAX = 100;
/** Upcoming sessions listed on each catalogue card. */
export const CATALOG_NEXT_SESSIONS = 3;
/**
 * The detail page lists the activity's upcoming sessions (the same rule as a card's next sessions: starting
 * from now, earliest first), at most 100 of them, cancelled ones included so a family sees them.
 */
export const CATALOG_DETAIL_SESSION_LIMIT = 100;
/** The widest range one calendar request may cover (a month view with its overflow weeks fits). */
export const CALENDAR_MAX_SPAN_DAYS = 62;
/** At most this many items per calendar request, earliest first. */
export const CALENDAR_MAX_ITEMS = 2000;

const queryInteger = (locale: Locale, min: number, max: number) =>
  z.coerce
    .number({ error: message('number', locale) })
    .int({ error: message('integer', locale) })
    .min(min, { error: message('minValue', locale, { min }) })
    .max(max, { error: message('maxValue', locale, { max }) });

/** An optional query text; the empty string means "not given". */
const queryText = (locale: Locale, max: number, pattern?: RegExp) => {
  const text = z
    .string({ error: message('text', locale) })
    .trim()
    .max(max, { error: message('maxLength', locale, { max }) });
  return (pattern ? text.regex(pattern, { error: message('identifier', locale) }) : text)
    .optional()
    .transform((value) => (value === '' ? undefined : value));
};

const queryId = (locale: Locale) => queryText(locale, 100, /^[A-Za-z0-9_-]*$/);

/** Pagination of any list: 1-based `page`, `pageSize` 20 by default and at most 100. */
const catalogPageQuery = (locale: Locale) =>
  z.object({
    page: queryInteger(locale, 1, 100_000).default(1),
    pageSize: queryInteger(locale, 1, CATALOG_PAGE_SIZE_MAX).default(CATALOG_PAGE_SIZE_DEFAULT),
  });

/** `GET /catalog/blueprints`: search and filters of the catalogue page. */
export const catalogQuerySchema = (locale: Locale) =>
  catalogPageQuery(locale).extend({
    /** Part of the activity's name, any case. */
    q: queryText(locale, 100),
    establishmentId: queryId(locale),
    /** A member of the caller's family: keeps the activities whose age range contains their age today. */
    memberId: queryId(locale),
    /** ISO day of week, 1 = Monday … 7 = Sunday: keeps activities with an upcoming session that day. */
    dayOfWeek: queryInteger(locale, 1, 7).optional(),
    periodId: queryId(locale),
  });

export type CatalogQuery = z.infer<ReturnType<typeof catalogQuerySchema>>;

/** `GET /calendar/items?from=&to=`: two instants, `to` after `from`, at most 62 days apart. */
export const calendarQuerySchema = (locale: Locale) =>
  z
    .object({
      from: z.iso.datetime({ offset: true, error: message('calendarInstant', locale) }),
      to: z.iso.datetime({ offset: true, error: message('calendarInstant', locale) }),
    })
    .refine(
      ({ from, to }) => {
        const span = Date.parse(to) - Date.parse(from);
        return span > 0 && span <= CALENDAR_MAX_SPAN_DAYS * 86_400_000;
      },
      { error: message('calendarRange', locale, { max: CALENDAR_MAX_SPAN_DAYS }), path: ['to'] },
    );

export type CalendarQuery = z.infer<ReturnType<typeof calendarQuerySchema>>;

/** Seats of a session: -1 maximum means unlimited (free seats -1 too, filling rate 0). */
export const sessionSeatsSchema = z.object({
  maxSeats: z.number().int(),
  reservedSeats: z.number().int(),
  /** -1 when unlimited. */
  freeSeats: z.number().int(),
  /** Whole percent of the seats taken, 0–100 (0 when unlimited). */
  fillingRate: z.number().int(),
});

export type SessionSeats = z.infer<typeof sessionSeatsSchema>;

/** The seat figures of a session from its maximum and its reserved count. */
export function computeSessionSeats(maxSeats: number, reservedSeats: number): SessionSeats {
  if (maxSeats === UNLIMITED_SEATS) {
    return { maxSeats, reservedSeats, freeSeats: UNLIMITED_SEATS, fillingRate: 0 };
  }
  const freeSeats = Math.max(0, maxSeats - reservedSeats);
  const fillingRate = maxSeats > 0 ? Math.min(100, Math.round((reservedSeats / maxSeats) * 100)) : 100;
  return { maxSeats, reservedSeats, freeSeats, fillingRate };
}

export const catalogSupplementSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Cents. */
  price: z.number().int(),
  /** Age bracket in months; null means no limit on that side. */
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  frequency: z.enum(SUPPLEMENT_FREQUENCIES.values),
});

export const catalogItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Cents. */
  price: z.number().int(),
  /** Hundredths of a percent. */
  taxPercentage: z.number().int(),
  /** Minutes. */
  duration: z.number().int(),
  durationText: z.string(),
  /** Months; null or 0 means no limit. */
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  ageRestrictionText: z.string(),
  maxSeats: z.number().int(),
  seatsText: z.string(),
  colorCode: z.string(),
  locationType: z.enum(LOCATION_TYPES.values),
  location: z.string().nullable(),
  visibility: z.enum(VISIBILITIES.values),
  establishment: z.object({ id: z.string(), name: z.string() }),
  nextSessions: z.array(z.object({ id: z.string(), startDateTime: z.string(), freeSeats: z.number().int() })),
  supplements: z.array(catalogSupplementSchema),
});

export type CatalogItem = z.infer<typeof catalogItemSchema>;

export const catalogPageSchema = z.object({
  items: z.array(catalogItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type CatalogPage = z.infer<typeof catalogPageSchema>;

export const catalogSessionSchema = z.object({
  id: z.string(),
  startDateTime: z.string(),
  /** Set when the session was postponed: the date first announced. */
  originalStartDateTime: z.string().nullable(),
  duration: z.number().int(),
  status: z.enum(SESSION_STATUSES.values),
  periodId: z.string().nullable(),
  seats: sessionSeatsSchema,
});

export const catalogDetailSchema = catalogItemSchema.extend({
  sessions: z.array(catalogSessionSchema),
  registration: z.object({
    open: z.boolean(),
    message: z.string().nullable(),
    /** When every upcoming session waits for its period's registrations to open: the first opening. */
    opensAt: z.string().nullable(),
  }),
});

export type CatalogDetail = z.infer<typeof catalogDetailSchema>;

/** What the detail page says while registrations are not open (wired by the registrations issue). */
export const REGISTRATION_SOON: Readonly<Record<Locale, string>> = Object.freeze({
  fr: 'Les inscriptions ouvrent bientôt.',
  en: 'Registration opens soon.',
});

/** A calendar item (spec section 3), plus the ids the web app links with. */
export const calendarItemSchema = z.object({
  id: z.string(),
  serviceName: z.string(),
  status: z.enum(SESSION_STATUSES.values),
  colorCode: z.string(),
  startDateTime: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  /** The session's figures, for managers and holders; null on a family's calendar (not theirs to see). */
  seats: sessionSeatsSchema.nullable(),
  /** On a family's calendar: the first names of its members attending, sorted; empty otherwise. */
  attendees: z.array(z.string()),
  blueprintId: z.string(),
  establishmentId: z.string(),
  originalStartDateTime: z.string().nullable(),
});

export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarItemsSchema = z.object({
  items: z.array(calendarItemSchema),
  /** The organisation's time zone: the calendar shows days and hours in it. */
  timeZone: z.string(),
  /** True when the range held more than the items returned (see CALENDAR_MAX_ITEMS). */
  truncated: z.boolean(),
});

export type CalendarItems = z.infer<typeof calendarItemsSchema>;

/** `GET /calendar/feed` and `POST /calendar/feed/regenerate`: the secret iCalendar address. */
export const calendarFeedSchema = z.object({ url: z.string() });

export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
