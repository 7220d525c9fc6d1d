import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

export interface DueLicence {
  organizationId: string;
  id: string;
  planKey: string;
  endsAt: Date;
}

const DUE_COLUMNS = sql`l.organization_id as "organizationId", l.id, l.plan_key as "planKey", l.ends_at as "endsAt"`;

/** What the daily trial job reads and marks: current licences whose end is near or past. */
export function createLicenceTrialsRepository(db: Executor) {
  return {
    /** Current licences whose end has come, locked (SKIP LOCKED: instances never take the same). */
    async lockEnded(now: Date, limit: number): Promise<DueLicence[]> {
      return rowsOf<DueLicence>(
        await db.execute(sql`select ${DUE_COLUMNS} from licences l
          where l.ended_at is null and l.ends_at <= ${now}
          order by l.ends_at limit ${limit} for update skip locked`),
      ).map((row) => ({ ...row, endsAt: new Date(row.endsAt) }));
    },

    /** Current licences ending before `until` whose administrators were not warned yet, locked. */
    async lockToWarn(now: Date, until: Date, limit: number): Promise<DueLicence[]> {
      return rowsOf<DueLicence>(
        await db.execute(sql`select ${DUE_COLUMNS} from licences l
          where l.ended_at is null and l.end_warning_sent_at is null
            and l.ends_at > ${now} and l.ends_at <= ${until}
          order by l.ends_at limit ${limit} for update skip locked`),
      ).map((row) => ({ ...row, endsAt: new Date(row.endsAt) }));
    },

    async markWarned(organizationId: string, licenceId: string, now: Date): Promise<void> {
      await db.execute(sql`update licences set end_warning_sent_at = ${now}
        where organization_id = ${organizationId} and id = ${licenceId}`);
    },

    /** The club's administrators (role admin, not deleted), with their language. */
    async administrators(organizationId: string) {
      return rowsOf<{ email: string; locale: string }>(
        await db.execute(sql`select email, locale from users
          where organization_id = ${organizationId} and role = 'admin' and deleted_at is null
          order by email`),
      );
    },

    async organization(organizationId: string) {
      const [row] = rowsOf<{ name: string; key: string; timeZone: string }>(
        await db.execute(sql`select name, key, time_zone as "timeZone" from organizations
          where id = ${organizationId}`),
      );
      return row;
    },

    /** A licence by its id alone (a system administrator names it), with its organisation. */
    async find(licenceId: string) {
      const [row] = rowsOf<{ organizationId: string; id: string; planKey: string; endedAt: Date | null }>(
        await db.execute(sql`select organization_id as "organizationId", id, plan_key as "planKey",
            ended_at as "endedAt"
          from licences where id = ${licenceId}`),
      );
      return row;
    },

    /** Locks the organisation's current licence (the plan changes one at a time). */
    async lockCurrent(organizationId: string) {
      const [row] = rowsOf<{ id: string; planKey: string }>(
        await db.execute(sql`select id, plan_key as "planKey" from licences
          where organization_id = ${organizationId} and ended_at is null for update`),
      );
      return row;
    },
  };
}
