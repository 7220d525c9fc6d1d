import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SupplementFrequency } from '@inscrio/shared';
import { users } from './identity';
import { establishments } from './organizations';
import { bytea, createdAt, org, updatedAt } from './columns';

/** Uploaded files (images, logos), served by `GET /api/assets/serve/{id}?orgId=`. */
export const assets = pgTable(
  'assets',
  {
    organizationId: org(),
    id: text('id').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name'),
    data: bytea('data').notNull(),
    /**
     * Served only to those it is for, never by the public `GET /assets/serve/{id}`: the seal and the
     * signature printed on certificates (a copy anyone could fetch would let them forge one).
     */
    private: boolean('private').notNull().default(false),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

/** An activity: what is offered, its price, seats, ages and visibility. Sessions are its dated occurrences. */
export const blueprints = pgTable(
  'blueprints',
  {
    organizationId: org(),
    id: text('id').notNull(),
    establishmentId: text('establishment_id').notNull().default('est_default'),
    name: text('name').notNull(),
    description: text('description'),
    privateDescription: text('private_description'),
    imageAssetId: text('image_asset_id'),
    /** Minutes. */
    duration: integer('duration').notNull(),
    /** Cents. */
    price: integer('price').notNull().default(0),
    /** Hundredths of a percent: 21 % is 2100. */
    taxPercentage: integer('tax_percentage').notNull().default(0),
    /** -1 means unlimited. */
    maxSeats: integer('max_seats').notNull(),
    colorCode: text('color_code').notNull().default('#2563EB'),
    locationType: text('location_type').notNull().default('physical'),
    location: text('location'),
    onlineLocation: text('online_location'),
    /** Months; null or 0 means no limit. */
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    visibility: text('visibility').notNull().default('hidden'),
    createdByUserId: text('created_by_user_id'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('blueprints_org_establishment').on(t.organizationId, t.establishmentId),
    index('blueprints_org_visibility').on(t.organizationId, t.visibility),
    foreignKey({
      columns: [t.organizationId, t.establishmentId],
      foreignColumns: [establishments.organizationId, establishments.id],
    }),
  ],
);

/** A price supplement of an activity; with an age bracket it applies by itself to attendees in it. */
export const blueprintSupplements = pgTable(
  'blueprint_supplements',
  {
    organizationId: org(),
    id: text('id').notNull(),
    blueprintId: text('blueprint_id').notNull(),
    name: text('name').notNull(),
    /** Cents. */
    price: integer('price').notNull(),
    /** Months. */
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    position: integer('position').notNull().default(0),
    /** `SUPPLEMENT_FREQUENCIES`: 'once' per participant, activity and period, or 'per-session'. */
    frequency: text('frequency').$type<SupplementFrequency>().notNull().default('once'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('blueprint_supplements_blueprint').on(t.organizationId, t.blueprintId),
    foreignKey({
      columns: [t.organizationId, t.blueprintId],
      foreignColumns: [blueprints.organizationId, blueprints.id],
    }).onDelete('cascade'),
  ],
);

/** A named date range (a term, a holiday week) holding sessions, with its registration opening instant. */
export const periods = pgTable(
  'periods',
  {
    organizationId: org(),
    id: text('id').notNull(),
    establishmentId: text('establishment_id').notNull().default('est_default'),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
    /** The period this one was planned from (plan next). */
    previousPeriodId: text('previous_period_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('periods_org_dates').on(t.organizationId, t.startDate),
    index('periods_org_establishment').on(t.organizationId, t.establishmentId),
    foreignKey({
      columns: [t.organizationId, t.establishmentId],
      foreignColumns: [establishments.organizationId, establishments.id],
    }),
  ],
);

/** A dated session of an activity. `reserved_seats` is the seat counter guarded by conditional updates. */
export const services = pgTable(
  'services',
  {
    organizationId: org(),
    id: text('id').notNull(),
    blueprintId: text('blueprint_id').notNull(),
    periodId: text('period_id'),
    /** Sessions generated together as a weekly series share it. */
    seriesId: text('series_id'),
    startDateTime: timestamp('start_date_time', { withTimezone: true }).notNull(),
    /** Set when postponed: the date first announced, kept for display. */
    originalStartDateTime: timestamp('original_start_date_time', { withTimezone: true }),
    /** Minutes. */
    duration: integer('duration').notNull(),
    /** -1 means unlimited. */
    maxSeats: integer('max_seats').notNull(),
    reservedSeats: integer('reserved_seats').notNull().default(0),
    status: text('status').notNull().default('confirmed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('services_org_start').on(t.organizationId, t.startDateTime),
    index('services_org_blueprint_start').on(t.organizationId, t.blueprintId, t.startDateTime),
    index('services_org_period').on(t.organizationId, t.periodId),
    index('services_org_series').on(t.organizationId, t.seriesId),
    foreignKey({
      columns: [t.organizationId, t.blueprintId],
      foreignColumns: [blueprints.organizationId, blueprints.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.periodId],
      foreignColumns: [periods.organizationId, periods.id],
    }),
    // The last line of defence against overselling, whatever the code above it does.
    check(
      'services_seats_within_max',
      sql`${t.maxSeats} = -1 or (${t.reservedSeats} >= 0 and ${t.reservedSeats} <= ${t.maxSeats})`,
    ),
  ],
);

/** A holder assigned to a session. */
export const prestations = pgTable(
  'prestations',
  {
    organizationId: org(),
    id: text('id').notNull(),
    serviceId: text('service_id').notNull(),
    holderUserId: text('holder_user_id').notNull(),
    /** assigned | absent */
    status: text('status').notNull().default('assigned'),
    absenceNote: text('absence_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('prestations_service_holder_unique').on(t.organizationId, t.serviceId, t.holderUserId),
    index('prestations_org_holder').on(t.organizationId, t.holderUserId),
    foreignKey({
      columns: [t.organizationId, t.serviceId],
      foreignColumns: [services.organizationId, services.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.holderUserId],
      foreignColumns: [users.organizationId, users.id],
    }),
  ],
);

/** Each user's secret iCalendar address; regenerating replaces the token, revoking deletes the row. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    organizationId: org(),
    userId: text('user_id').notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    uniqueIndex('calendar_feeds_token_unique').on(t.token),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);
