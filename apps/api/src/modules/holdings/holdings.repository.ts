import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

/** What a holder's attendees list reads (every query filtered on the organisation). */
export interface HeldSessionsScope {
  organizationId: string;
  holderUserId: string;
  /** An establishment manager's establishment; null for the others. */
  establishmentId: string | null;
  timeZone: string;
  from: string;
  to: string;
}

export interface AttendeeRow {
  memberId: string;
  firstName: string;
  lastName: string;
  birthdate: string | null;
  sessions: number;
  past: number;
  absences: number;
  pastAbsences: number;
  familyPhone: string | null;
  familyEmail: string | null;
}

/** The holder's sessions in the window, not cancelled (a CTE used by both reads). */
const heldSessions = (scope: HeldSessionsScope) => sql`held as (
  select s.id, s.start_date_time, s.status, b.name as activity_name
  from services s
  join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
  where s.organization_id = ${scope.organizationId}
    and s.status <> 'cancelled'
    and exists (select 1 from prestations pr where pr.organization_id = s.organization_id
      and pr.service_id = s.id and pr.holder_user_id = ${scope.holderUserId})
    and (s.start_date_time at time zone ${scope.timeZone})::date between ${scope.from}::date and ${scope.to}::date
    ${scope.establishmentId ? sql`and b.establishment_id = ${scope.establishmentId}` : sql``}
)`;

export function createHoldingsRepository(db: Executor) {
  return {
    async timeZone(organizationId: string): Promise<string | undefined> {
      return (await this.organization(organizationId))?.timeZone;
    },

    async organization(organizationId: string) {
      const [row] = rowsOf<{ name: string; timeZone: string }>(
        await db.execute(
          sql`select name, time_zone as "timeZone" from organizations where id = ${organizationId}`,
        ),
      );
      return row;
    },

    /** The organisation's periods (dates only), to find the current one. */
    async periods(organizationId: string) {
      return rowsOf<{ id: string; name: string; startDate: string; endDate: string }>(
        await db.execute(sql`select id, name, start_date::text as "startDate", end_date::text as "endDate"
          from periods where organization_id = ${organizationId} order by start_date, id`),
      );
    },

    /**
     * Everyone confirmed (or marked absent) at the holder's sessions, one row per member: sessions,
     * those already held, absences, and a family phone and e-mail (the member's own phone, else that of
     * the family's oldest account; the oldest account's e-mail). `search` matches the name.
     */
    async attendees(scope: HeldSessionsScope, now: Date, search: string | undefined, limit: number) {
      const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      return rowsOf<AttendeeRow>(
        await db.execute(sql`with ${heldSessions(scope)}
          select m.id as "memberId", m.first_name as "firstName", m.last_name as "lastName",
            m.birthdate::text as birthdate,
            count(*)::int as sessions,
            count(*) filter (where held.start_date_time < ${now})::int as past,
            count(*) filter (where p.status = 'absent')::int as absences,
            count(*) filter (where p.status = 'absent' and held.start_date_time < ${now})::int as "pastAbsences",
            coalesce(nullif(m.phone_number, ''), (
              select a.phone_number from members a
              where a.organization_id = m.organization_id and a.family_id = m.family_id
                and a.user_id is not null and a.deleted_at is null and coalesce(a.phone_number, '') <> ''
              order by a.created_at, a.id limit 1)) as "familyPhone",
            (select u.email from users u
              where u.organization_id = m.organization_id and u.family_id = m.family_id and u.deleted_at is null
              order by u.created_at, u.id limit 1) as "familyEmail"
          from participants p
          join held on held.id = p.service_id
          join members m on m.organization_id = p.organization_id and m.id = p.member_id
          where p.organization_id = ${scope.organizationId} and p.status in ('confirmed', 'absent')
            ${
              pattern
                ? sql`and (m.first_name || ' ' || m.last_name ilike ${pattern}
                    or m.last_name || ' ' || m.first_name ilike ${pattern})`
                : sql``
            }
          group by m.organization_id, m.id
          order by lower(m.last_name), lower(m.first_name), m.id
          limit ${limit}`),
      );
    },

    /** The holder's sessions in the window, with how many come (for the printable lists). */
    async sessions(scope: HeldSessionsScope, limit: number) {
      return rowsOf<{
        id: string;
        activityName: string;
        startDateTime: Date;
        status: string;
        coming: number;
      }>(
        await db.execute(sql`with ${heldSessions(scope)}
          select held.id, held.activity_name as "activityName", held.start_date_time as "startDateTime",
            held.status,
            (select count(*)::int from participants p where p.organization_id = ${scope.organizationId}
              and p.service_id = held.id and p.status in ('confirmed', 'absent')) as coming
          from held order by held.start_date_time, held.id limit ${limit}`),
      );
    },
  };
}
