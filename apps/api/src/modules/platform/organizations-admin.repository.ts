import { type SQL, sql } from 'drizzle-orm';
import type { PlatformOrganizationListQuery } from '@inscrio/shared';
import { type Executor, rowsOf } from '../../db/client';
import { SESSION_CHANGES_CHANNEL } from '../auth/session-cache';
import { billedParticipantsCount } from './statements.repository';

/*
 * The organisations seen from the platform: every organisation (it is the platform's own table), with
 * counts taken in the same statement as the page (correlated subqueries on indexed keys), so a page of
 * the list is one query whatever its size.
 */

export interface OrganizationListRow {
  id: string;
  key: string;
  name: string;
  is_system: boolean;
  maintenance: boolean;
  archived_at: Date | null;
  created_at: Date;
  plan_key: string | null;
  licence_ends_at: Date | null;
  members: number | string;
  confirmed_this_month: number | string;
  last_activity_at: Date | null;
  total: number | string;
}

export interface MonthUsageRow {
  month: string;
  confirmed_participants: number | string;
  orders_total_cents: number | string;
}

export interface AdministratorRow {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  role: string;
}

const SORT_COLUMNS: Record<PlatformOrganizationListQuery['sort'], SQL> = {
  name: sql`lower(o.name)`,
  key: sql`lower(o.key)`,
  createdAt: sql`o.created_at`,
  lastActivityAt: sql`last_activity_at`,
  members: sql`members`,
};

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The first instant of `now`'s month (and of the next) in the organisation's time zone, on `o.time_zone`. */
const localMonth = (now: Date) =>
  sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone o.time_zone)`;
const monthStart = (now: Date) => sql`(${localMonth(now)} at time zone o.time_zone)`;
const nextMonthStart = (now: Date) =>
  sql`((${localMonth(now)} + interval '1 month') at time zone o.time_zone)`;

export function createOrganizationsAdminRepository(db: Executor) {
  return {
    async list(query: PlatformOrganizationListQuery, now: Date): Promise<OrganizationListRow[]> {
      const term = query.q?.trim();
      const filters: SQL[] = [];
      if (term) {
        const pattern = `%${escapeLike(term)}%`;
        filters.push(sql`(o.name ilike ${pattern} or o.key ilike ${pattern})`);
      }
      if (query.plan) {
        filters.push(
          query.plan === 'none'
            ? sql`(l.plan_key is null or l.plan_key = 'none')`
            : sql`l.plan_key = ${query.plan}`,
        );
      }
      if (query.state === 'archived') filters.push(sql`o.archived_at is not null`);
      if (query.state === 'maintenance') filters.push(sql`o.archived_at is null and o.maintenance`);
      if (query.state === 'active') filters.push(sql`o.archived_at is null and not o.maintenance`);
      const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
      const direction = query.order === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
      const offset = (query.page - 1) * query.pageSize;
      return rowsOf<OrganizationListRow>(
        await db.execute(sql`
          select o.id, o.key, o.name, o.is_system, o.maintenance, o.archived_at, o.created_at,
            l.plan_key, l.ends_at as licence_ends_at,
            (select count(*)::int from users u
              where u.organization_id = o.id and u.deleted_at is null) as members,
            ${billedParticipantsCount(sql`o.id`, monthStart(now), nextMonthStart(now))} as confirmed_this_month,
            (select a.created_at from audit_events a
              where a.organization_id = o.id order by a.created_at desc limit 1) as last_activity_at,
            count(*) over ()::int as total
          from organizations o
          left join licences l on l.organization_id = o.id and l.ended_at is null
          ${where}
          order by ${SORT_COLUMNS[query.sort]} ${direction}, o.id
          limit ${query.pageSize} offset ${offset}`),
      );
    },

    /** The counts of one organisation: the list's columns. */
    async stats(organizationId: string): Promise<{ members: number; lastActivityAt: Date | null }> {
      const [row] = rowsOf<{ members: number | string; last_activity_at: Date | null }>(
        await db.execute(sql`
          select
            (select count(*)::int from users u
              where u.organization_id = ${organizationId} and u.deleted_at is null) as members,
            (select a.created_at from audit_events a where a.organization_id = ${organizationId}
              order by a.created_at desc limit 1) as last_activity_at`),
      );
      return { members: Number(row?.members ?? 0), lastActivityAt: row?.last_activity_at ?? null };
    },

    /**
     * Per month of the 12 ending with `now`'s (the organisation's time zone): its confirmed participants
     * as its statement counts them, and the total of the orders placed that month (cancelled ones left out).
     */
    async usage(organizationId: string, now: Date): Promise<MonthUsageRow[]> {
      return rowsOf<MonthUsageRow>(
        await db.execute(sql`
          with o as (select id, time_zone from organizations where id = ${organizationId}),
          months as (
            select generate_series(
              date_trunc('month', ${now.toISOString()}::timestamptz at time zone o.time_zone) - interval '11 months',
              date_trunc('month', ${now.toISOString()}::timestamptz at time zone o.time_zone),
              interval '1 month') as local_start, o.time_zone
            from o
          )
          select to_char(m.local_start, 'YYYY-MM') as month,
            ${billedParticipantsCount(
              organizationId,
              sql`(m.local_start at time zone m.time_zone)`,
              sql`((m.local_start + interval '1 month') at time zone m.time_zone)`,
            )} as confirmed_participants,
            (select coalesce(sum(r.total_amount), 0)::bigint from orders r
              where r.organization_id = ${organizationId} and r.status <> 'cancelled'
                and r.created_at >= (m.local_start at time zone m.time_zone)
                and r.created_at < ((m.local_start + interval '1 month') at time zone m.time_zone))
              as orders_total_cents
          from months m
          order by m.local_start`),
      );
    },

    /** The organisation's administrators and organisation managers (live accounts). */
    async administrators(organizationId: string): Promise<AdministratorRow[]> {
      return rowsOf<AdministratorRow>(
        await db.execute(sql`
          select u.id as user_id, m.first_name, m.last_name, u.email, u.role
          from users u
          left join members m on m.organization_id = u.organization_id and m.user_id = u.id
          where u.organization_id = ${organizationId} and u.deleted_at is null
            and (u.role in ('admin', 'org-manager') or u.is_system_admin)
          order by u.sort_name, u.id
          limit 1000`),
      );
    },

    /** Locks the organisation's row for a change of state (two staff acting at once take turns). */
    async lock(
      organizationId: string,
    ): Promise<{ maintenance: boolean; archived_at: Date | null } | undefined> {
      const [row] = rowsOf<{ maintenance: boolean; archived_at: Date | null }>(
        await db.execute(
          sql`select maintenance, archived_at from organizations where id = ${organizationId} for update`,
        ),
      );
      return row;
    },

    async setState(
      organizationId: string,
      fields: { maintenance?: boolean; archivedAt?: Date | null },
      now: Date,
    ): Promise<void> {
      const sets: SQL[] = [sql`updated_at = ${now.toISOString()}::timestamptz`];
      if (fields.maintenance !== undefined) sets.push(sql`maintenance = ${fields.maintenance}`);
      if (fields.archivedAt !== undefined) {
        sets.push(
          sql`archived_at = ${fields.archivedAt ? fields.archivedAt.toISOString() : null}::timestamptz`,
        );
      }
      await db.execute(sql`update organizations set ${sql.join(sets, sql`, `)} where id = ${organizationId}`);
    },

    /**
     * Tells every instance that an organisation's state changed: the sign-in checks read it with the
     * session (auth.repository.ts), so the session caches of every instance are dropped (a payload
     * without a user forgets everything, see session-cache.ts). Sent inside the transaction: heard on commit.
     */
    async notifyStateChanged(organizationId: string): Promise<void> {
      await db.execute(
        sql`select pg_notify(${SESSION_CHANGES_CHANNEL}, ${JSON.stringify({ organizationId })})`,
      );
    },
  };
}

export type OrganizationsAdminRepository = ReturnType<typeof createOrganizationsAdminRepository>;
