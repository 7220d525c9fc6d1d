import { and, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import {
  workTimeAllowanceRates,
  workTimeCorrections,
  workTimeMonths,
  workTimeSettings,
  workTimeVolunteers,
} from '../../db/schema';
import type { WorkMonthStatus } from '@inscrio/shared';
import type { AllowanceRate, CorrectionFacts, HeldSessionFacts } from './work-time.rules';

/** A holder as the work time lists show them. */
export interface HolderRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  establishmentId: string;
  volunteer: boolean;
}

export interface MonthRow {
  holderUserId: string;
  month: string;
  status: 'submitted' | 'validated' | 'rejected';
  submittedAt: Date;
  decidedAt: Date | null;
  decidedByUserId: string | null;
  decidedByName: string | null;
  managerNote: string | null;
  /** The month as validated (work-time.views.ts reads it). */
  snapshot: unknown;
}

/** A window of local days ('yyyy-MM-dd', both included) in the organisation's time zone. */
export interface DayWindow {
  timeZone: string;
  first: string;
  last: string;
}

const holderColumns = sql`u.id, m.first_name as "firstName", m.last_name as "lastName", u.email,
  u.establishment_id as "establishmentId", coalesce(v.volunteer, false) as volunteer`;
const holderJoins = sql`from users u
  left join members m on m.organization_id = u.organization_id and m.user_id = u.id
  left join work_time_volunteers v on v.organization_id = u.organization_id and v.holder_user_id = u.id`;

/**
 * Whether the user `u` worked in the window: held a session on one of its local days, corrected one of
 * its days, or has the month submitted. A holder who left (no longer a holder, or removed) still shows
 * in the months they worked, for payroll.
 */
const workedIn = (window: DayWindow) => sql`(exists (select 1 from prestations pr
      join services s on s.organization_id = pr.organization_id and s.id = pr.service_id
      where pr.organization_id = u.organization_id and pr.holder_user_id = u.id
        and s.start_date_time >= ${window.first}::date - interval '2 days'
        and s.start_date_time < ${window.last}::date + interval '3 days'
        and (s.start_date_time at time zone ${window.timeZone})::date
          between ${window.first}::date and ${window.last}::date)
    or exists (select 1 from work_time_corrections c where c.organization_id = u.organization_id
      and c.holder_user_id = u.id and c.day between ${window.first}::date and ${window.last}::date)
    or exists (select 1 from work_time_months wm where wm.organization_id = u.organization_id
      and wm.holder_user_id = u.id and wm.month = ${window.first.slice(0, 7)}))`;

/** A live holder account (role user, holder flag), or one that worked in the window when one is given. */
const holderOrWorked = (window: DayWindow | undefined) =>
  window
    ? sql`((u.deleted_at is null and u.role = 'user' and u.is_holder) or ${workedIn(window)})`
    : sql`(u.deleted_at is null and u.role = 'user' and u.is_holder)`;

/** `(…)` of ids, each its own parameter. */
const idList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** Every query of the holders' work time, each filtered on the organisation. */
export function createWorkTimeRepository(db: Executor) {
  return {
    async timeZone(organizationId: string): Promise<string | undefined> {
      const [row] = rowsOf<{ timeZone: string }>(
        await db.execute(sql`select time_zone as "timeZone" from organizations where id = ${organizationId}`),
      );
      return row?.timeZone;
    },

    /**
     * A live holder account (role user, holder flag), within an establishment when one is given; with a
     * window, also one who left but worked in it.
     */
    async holder(organizationId: string, userId: string, establishmentId: string | null, worked?: DayWindow) {
      const [row] = rowsOf<HolderRow>(
        await db.execute(sql`select ${holderColumns} ${holderJoins}
          where u.organization_id = ${organizationId} and u.id = ${userId} and ${holderOrWorked(worked)}
            ${establishmentId ? sql`and u.establishment_id = ${establishmentId}` : sql``}`),
      );
      return row;
    },

    /**
     * A page of the organisation's holders by name (an establishment manager: their establishment's);
     * with `worked`, also those who left but worked in that window (a month's overview and exports).
     */
    async holders(
      organizationId: string,
      filter: {
        establishmentId: string | null;
        search?: string;
        month?: string;
        status?: WorkMonthStatus;
        worked?: DayWindow;
      },
      page: { limit: number; offset: number },
    ) {
      const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = sql`where u.organization_id = ${organizationId} and ${holderOrWorked(filter.worked)}
        ${filter.establishmentId ? sql`and u.establishment_id = ${filter.establishmentId}` : sql``}
        ${
          filter.status && filter.month
            ? sql`and coalesce((select wm.status from work_time_months wm where wm.organization_id = u.organization_id
                and wm.holder_user_id = u.id and wm.month = ${filter.month}), 'draft') = ${filter.status}`
            : sql``
        }
        ${
          pattern
            ? sql`and (coalesce(m.first_name, '') || ' ' || coalesce(m.last_name, '') ilike ${pattern}
                or coalesce(m.last_name, '') || ' ' || coalesce(m.first_name, '') ilike ${pattern})`
            : sql``
        }`;
      const items = await db.execute(sql`select ${holderColumns} ${holderJoins} ${where}
          order by lower(coalesce(m.last_name, '')), lower(coalesce(m.first_name, '')), u.id
          limit ${page.limit} offset ${page.offset}`);
      const [count] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n ${holderJoins} ${where}`),
      );
      return { items: rowsOf<HolderRow>(items), total: count?.n ?? 0 };
    },

    /**
     * The sessions the holders held in the window (by local day), whatever their status: the rules
     * decide what counts. The UTC range around the window lets the start index narrow the scan.
     */
    async heldSessions(organizationId: string, holderIds: string[], window: DayWindow) {
      if (holderIds.length === 0) return [];
      const rows = rowsOf<HeldSessionFacts & { holderUserId: string }>(
        await db.execute(sql`select pr.holder_user_id as "holderUserId", pr.id as "prestationId",
            s.id as "serviceId", b.name as "activityName", s.start_date_time as "startDateTime",
            s.duration, s.status as "serviceStatus", pr.status as "prestationStatus"
          from prestations pr
          join services s on s.organization_id = pr.organization_id and s.id = pr.service_id
          join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          where pr.organization_id = ${organizationId}
            and pr.holder_user_id in ${idList(holderIds)}
            and s.start_date_time >= ${window.first}::date - interval '2 days'
            and s.start_date_time < ${window.last}::date + interval '3 days'
            and (s.start_date_time at time zone ${window.timeZone})::date
              between ${window.first}::date and ${window.last}::date
          order by s.start_date_time, s.id`),
      );
      return rows.map((row) => ({ ...row, startDateTime: new Date(row.startDateTime) }));
    },

    async corrections(organizationId: string, holderIds: string[], window: DayWindow) {
      if (holderIds.length === 0) return [];
      return rowsOf<CorrectionFacts & { holderUserId: string }>(
        await db.execute(sql`select holder_user_id as "holderUserId", id, day::text as day, minutes, note
          from work_time_corrections
          where organization_id = ${organizationId} and holder_user_id in ${idList(holderIds)}
            and day between ${window.first}::date and ${window.last}::date
          order by day, created_at, id`),
      );
    },

    async correction(organizationId: string, id: string) {
      const [row] = await db
        .select()
        .from(workTimeCorrections)
        .where(and(eq(workTimeCorrections.organizationId, organizationId), eq(workTimeCorrections.id, id)));
      return row;
    },

    async insertCorrection(row: typeof workTimeCorrections.$inferInsert) {
      await db.insert(workTimeCorrections).values(row);
    },

    async updateCorrection(
      organizationId: string,
      id: string,
      values: { day: string; minutes: number; note: string },
    ) {
      await db
        .update(workTimeCorrections)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(workTimeCorrections.organizationId, organizationId), eq(workTimeCorrections.id, id)));
    },

    async deleteCorrection(organizationId: string, id: string) {
      await db
        .delete(workTimeCorrections)
        .where(and(eq(workTimeCorrections.organizationId, organizationId), eq(workTimeCorrections.id, id)));
    },

    async countCorrections(organizationId: string, holderUserId: string, window: DayWindow) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from work_time_corrections
          where organization_id = ${organizationId} and holder_user_id = ${holderUserId}
            and day between ${window.first}::date and ${window.last}::date`),
      );
      return row?.n ?? 0;
    },

    /** The months' states of these holders; `lock` takes the rows for update (a decision, a submission). */
    async months(organizationId: string, holderIds: string[], month: string, lock = false) {
      if (holderIds.length === 0) return [];
      return rowsOf<MonthRow>(
        await db.execute(sql`select wm.holder_user_id as "holderUserId", wm.month, wm.status,
            wm.submitted_at as "submittedAt", wm.decided_at as "decidedAt",
            wm.decided_by_user_id as "decidedByUserId", wm.manager_note as "managerNote", wm.snapshot,
            (select nullif(trim(coalesce(dm.first_name, '') || ' ' || coalesce(dm.last_name, '')), '')
              from members dm where dm.organization_id = wm.organization_id
                and dm.user_id = wm.decided_by_user_id) as "decidedByName"
          from work_time_months wm
          where wm.organization_id = ${organizationId} and wm.holder_user_id in ${idList(holderIds)}
            and wm.month = ${month}
          ${lock ? sql`for update of wm` : sql``}`),
      ).map((row) => ({
        ...row,
        submittedAt: new Date(row.submittedAt),
        decidedAt: row.decidedAt ? new Date(row.decidedAt) : null,
      }));
    },

    /** Serialises the changes of one holder's month (corrections, submission, decision). */
    async lockHolder(organizationId: string, holderUserId: string) {
      await db.execute(sql`select id from users
        where organization_id = ${organizationId} and id = ${holderUserId} for update`);
    },

    async submit(organizationId: string, holderUserId: string, month: string, at: Date) {
      await db
        .insert(workTimeMonths)
        .values({ organizationId, holderUserId, month, status: 'submitted', submittedAt: at })
        .onConflictDoUpdate({
          target: [workTimeMonths.organizationId, workTimeMonths.holderUserId, workTimeMonths.month],
          set: {
            status: 'submitted',
            submittedAt: at,
            decidedAt: null,
            decidedByUserId: null,
            snapshot: null,
            updatedAt: at,
          },
        });
    },

    async decide(
      organizationId: string,
      holderUserId: string,
      month: string,
      decision: {
        status: 'validated' | 'rejected';
        at: Date;
        byUserId: string;
        note: string | null;
        snapshot: Record<string, unknown> | null;
      },
    ) {
      await db
        .update(workTimeMonths)
        .set({
          status: decision.status,
          decidedAt: decision.at,
          decidedByUserId: decision.byUserId,
          managerNote: decision.note,
          snapshot: decision.snapshot,
          updatedAt: decision.at,
        })
        .where(
          and(
            eq(workTimeMonths.organizationId, organizationId),
            eq(workTimeMonths.holderUserId, holderUserId),
            eq(workTimeMonths.month, month),
          ),
        );
    },

    async setVolunteer(organizationId: string, holderUserId: string, volunteer: boolean) {
      await db
        .insert(workTimeVolunteers)
        .values({ organizationId, holderUserId, volunteer })
        .onConflictDoUpdate({
          target: [workTimeVolunteers.organizationId, workTimeVolunteers.holderUserId],
          set: { volunteer, updatedAt: new Date() },
        });
    },

    async settings(organizationId: string) {
      const [row] = await db
        .select()
        .from(workTimeSettings)
        .where(eq(workTimeSettings.organizationId, organizationId));
      return row;
    },

    /** The allowance rates in force from each month on (work-time.rules.ts `rateInForce` reads them). */
    async allowanceRates(organizationId: string): Promise<AllowanceRate[]> {
      return db
        .select({
          fromMonth: workTimeAllowanceRates.fromMonth,
          basis: workTimeAllowanceRates.basis,
          rateCents: workTimeAllowanceRates.rateCents,
        })
        .from(workTimeAllowanceRates)
        .where(eq(workTimeAllowanceRates.organizationId, organizationId))
        .orderBy(workTimeAllowanceRates.fromMonth);
    },

    /** Writes the rate in force from a month on; `keep` leaves a row already there as it is. */
    async recordAllowanceRate(organizationId: string, rate: AllowanceRate, keep = false) {
      const insert = db.insert(workTimeAllowanceRates).values({ organizationId, ...rate });
      await (keep
        ? insert.onConflictDoNothing()
        : insert.onConflictDoUpdate({
            target: [workTimeAllowanceRates.organizationId, workTimeAllowanceRates.fromMonth],
            set: { basis: rate.basis, rateCents: rate.rateCents, updatedAt: new Date() },
          }));
    },

    /** The allowance each validated month of the holders kept (its snapshot), in [from, before). */
    async validatedAllowances(organizationId: string, holderIds: string[], from: string, before: string) {
      if (holderIds.length === 0) return [];
      return rowsOf<{ holderUserId: string; month: string; dueCents: number | null }>(
        await db.execute(sql`select holder_user_id as "holderUserId", month,
            (snapshot->'allowance'->>'dueCents')::int as "dueCents"
          from work_time_months
          where organization_id = ${organizationId} and holder_user_id in ${idList(holderIds)}
            and status = 'validated' and snapshot is not null and month >= ${from} and month < ${before}`),
      );
    },

    async saveSettings(
      organizationId: string,
      values: Omit<typeof workTimeSettings.$inferInsert, 'organizationId'>,
    ) {
      await db
        .insert(workTimeSettings)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({
          target: [workTimeSettings.organizationId],
          set: { ...values, updatedAt: new Date() },
        });
    },
  };
}
