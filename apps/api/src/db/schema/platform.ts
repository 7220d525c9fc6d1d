import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * Append-only audit trail (spec section 4 events), visible to managers. A trigger (migration
 * audit_trail) refuses every UPDATE, DELETE and TRUNCATE, whoever asks.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    type: text('type').notNull(),
    actorUserId: text('actor_user_id'),
    impersonatorUserId: text('impersonator_user_id'),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('audit_events_org_time').on(t.organizationId, t.createdAt),
    index('audit_events_org_subject').on(t.organizationId, t.subjectType, t.subjectId),
    // The trail's filters (modules/audit-trail): by actor, by event, by the member or order an event names.
    index('audit_events_org_actor_time').on(t.organizationId, t.actorUserId, t.createdAt),
    index('audit_events_org_type_time').on(t.organizationId, t.type, t.createdAt),
    index('audit_events_org_data_member').on(t.organizationId, sql`(${t.data}->>'memberId')`),
    index('audit_events_org_data_order').on(t.organizationId, sql`(${t.data}->>'orderId')`),
  ],
);

/**
 * Background jobs. Workers claim with `FOR UPDATE SKIP LOCKED` and hold a lease (`locked_until`), so a
 * job runs on one instance at a time and a crashed worker's job is picked up again after its lease.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    queue: text('queue').notNull(),
    organizationId: text('organization_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    singletonKey: text('singleton_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claimable')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('jobs_running_lease')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_singleton_unique')
      .on(t.queue, t.singletonKey)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * Rate-limit hits, shared by every API instance: one row per bucket and instant (`window_start` is the
 * instant the hits were counted at; see lib/rate-limit.ts), so a sliding window counts exactly.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('rate_limit_hits_window').on(t.windowStart),
  ],
);

/** Secrets generated at first start and shared by every instance (e.g. the token signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
