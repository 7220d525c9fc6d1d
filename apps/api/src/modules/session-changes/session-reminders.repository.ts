import { eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { organizations } from '../../db/schema';

/** One account to remind of one session, with one of its family's members registered to it. */
export interface ReminderRow {
  organization_id: string;
  organization_key: string;
  organization_name: string;
  time_zone: string;
  service_id: string;
  start_date_time: Date | string;
  activity_name: string;
  location: string | null;
  user_id: string;
  family_id: string;
  email: string;
  locale: string;
  first_name: string;
  last_name: string;
}

export function createSessionRemindersRepository(db: Executor) {
  return {
    /** The organisation's reminder setting: on or off, and the hour. */
    async settings(organizationId: string) {
      const [row] = await db
        .select({ enabled: organizations.sessionReminders, hour: organizations.sessionReminderHour })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row;
    },

    async saveSettings(organizationId: string, fields: { enabled?: boolean; hour?: number }) {
      if (fields.enabled === undefined && fields.hour === undefined) return;
      await db
        .update(organizations)
        .set({
          ...(fields.enabled !== undefined ? { sessionReminders: fields.enabled } : {}),
          ...(fields.hour !== undefined ? { sessionReminderHour: fields.hour } : {}),
          updatedAt: new Date(),
        })
        .where(eq(organizations.id, organizationId));
    },

    /**
     * The accounts to remind at `now`: sessions (not cancelled) starting tomorrow in their organisation's
     * time zone, in organisations that send reminders and whose sending hour has come today, their
     * confirmed participants' family accounts that did not turn reminders off. Organisations in
     * maintenance or archived send none.
     */
    async due(now: Date): Promise<ReminderRow[]> {
      const at = now.toISOString();
      return rowsOf<ReminderRow>(
        await db.execute(sql`select o.id as organization_id, o.key as organization_key, o.name as organization_name,
            o.time_zone, s.id as service_id, s.start_date_time, b.name as activity_name,
            nullif(coalesce(b.location, b.online_location), '') as location,
            u.id as user_id, u.family_id, u.email, u.locale, m.first_name, m.last_name
          from organizations o
          join services s on s.organization_id = o.id
          join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          join participants p on p.organization_id = s.organization_id and p.service_id = s.id and p.status = 'confirmed'
          join members m on m.organization_id = p.organization_id and m.id = p.member_id
          join users u on u.organization_id = p.organization_id and u.family_id = p.family_id
          where o.session_reminders and not o.maintenance and o.archived_at is null
            and extract(hour from ${at}::timestamptz at time zone o.time_zone) >= o.session_reminder_hour
            and s.status <> 'cancelled'
            and s.start_date_time >= ${at}::timestamptz
            and s.start_date_time < ${at}::timestamptz + interval '3 days'
            and (s.start_date_time at time zone o.time_zone)::date = (${at}::timestamptz at time zone o.time_zone)::date + 1
            and u.session_reminders and u.deleted_at is null
          order by o.id, s.id, u.id, m.first_name, m.last_name`),
      );
    },
  };
}
