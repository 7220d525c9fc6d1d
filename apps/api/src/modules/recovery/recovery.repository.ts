import type { RecoveryTokenOrigin, RecoveryTokenStatus } from '@inscrio/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { organizations, recoveryTokens } from '../../db/schema';

/*
 * The SQL of recovery tokens. Every query takes the organisation id and puts it in its WHERE; the daily
 * job's two, which walk every organisation's expiring tokens, are in recovery-job.repository.ts.
 */

export type RecoveryTokenRow = typeof recoveryTokens.$inferSelect;
export type NewRecoveryToken = typeof recoveryTokens.$inferInsert;

/** A token with the names the screens show. */
export interface RecoveryTokenView extends RecoveryTokenRow {
  memberFirstName: string;
  memberLastName: string;
  originActivityName: string | null;
  originStart: Date | null;
  usedActivityName: string | null;
  usedStart: Date | null;
  /** The establishment of the activity it came from (scope and establishment managers' reach). */
  originEstablishmentId: string | null;
}

export interface RecoveryListFilters {
  familyId?: string;
  status?: RecoveryTokenStatus;
  origin?: RecoveryTokenOrigin;
  blueprintId?: string;
  memberId?: string;
  /** An establishment manager's reach: tokens of activities of this establishment. */
  establishmentId?: string | null;
}

/** What a missed registration says about itself, its session and what was paid for it. */
export interface ParticipantFacts {
  participantId: string;
  memberId: string;
  familyId: string;
  status: string;
  serviceId: string;
  startDateTime: Date;
  blueprintId: string;
  activityName: string;
  visibility: string;
  /** Null when the registration has no order line (a manager's direct registration, an invitation). */
  line: {
    unitPrice: number;
    supplements: { price: number; frequency?: string }[];
    orderTotal: number;
    orderCredited: number;
    orderPaid: number;
  } | null;
}

export interface CandidateRow {
  id: string;
  blueprint_id: string;
  establishment_id: string;
  blueprint_name: string;
  color_code: string;
  visibility: string;
  archived: boolean;
  status: string;
  start_date_time: Date | string;
  duration: number;
  max_seats: number;
  reserved_seats: number;
}

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

const VIEW_COLUMNS = sql`
  t.*, m.first_name as member_first_name, m.last_name as member_last_name,
  ob.name as origin_activity_name, os.start_date_time as origin_start, ob.establishment_id as origin_establishment_id,
  ub.name as used_activity_name, us.start_date_time as used_start`;

const VIEW_JOINS = sql`
  join members m on m.organization_id = t.organization_id and m.id = t.member_id
  left join services os on os.organization_id = t.organization_id and os.id = t.origin_service_id
  left join blueprints ob on ob.organization_id = t.organization_id and ob.id = t.origin_blueprint_id
  left join services us on us.organization_id = t.organization_id and us.id = t.used_service_id
  left join blueprints ub on ub.organization_id = us.organization_id and ub.id = us.blueprint_id`;

interface ViewRow {
  organization_id: string;
  id: string;
  member_id: string;
  family_id: string;
  origin: RecoveryTokenOrigin;
  origin_participant_id: string | null;
  origin_service_id: string | null;
  origin_blueprint_id: string | null;
  value_cents: number;
  status: RecoveryTokenStatus;
  expires_at: Date | string;
  used_at: Date | string | null;
  used_participant_id: string | null;
  used_service_id: string | null;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  note: string | null;
  created_by_user_id: string | null;
  reminder_sent_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  member_first_name: string;
  member_last_name: string;
  origin_activity_name: string | null;
  origin_start: Date | string | null;
  origin_establishment_id: string | null;
  used_activity_name: string | null;
  used_start: Date | string | null;
}

const toView = (r: ViewRow): RecoveryTokenView => ({
  organizationId: r.organization_id,
  id: r.id,
  memberId: r.member_id,
  familyId: r.family_id,
  origin: r.origin,
  originParticipantId: r.origin_participant_id,
  originServiceId: r.origin_service_id,
  originBlueprintId: r.origin_blueprint_id,
  valueCents: Number(r.value_cents),
  status: r.status,
  expiresAt: asDate(r.expires_at)!,
  usedAt: asDate(r.used_at),
  usedParticipantId: r.used_participant_id,
  usedServiceId: r.used_service_id,
  cancelledAt: asDate(r.cancelled_at),
  cancelReason: r.cancel_reason,
  note: r.note,
  createdByUserId: r.created_by_user_id,
  reminderSentAt: asDate(r.reminder_sent_at),
  createdAt: asDate(r.created_at)!,
  updatedAt: asDate(r.updated_at)!,
  memberFirstName: r.member_first_name,
  memberLastName: r.member_last_name,
  originActivityName: r.origin_activity_name,
  originStart: asDate(r.origin_start),
  originEstablishmentId: r.origin_establishment_id,
  usedActivityName: r.used_activity_name,
  usedStart: asDate(r.used_start),
});

function filtersSql(organizationId: string, f: RecoveryListFilters): SQL {
  const parts: SQL[] = [sql`t.organization_id = ${organizationId}`];
  if (f.familyId) parts.push(sql`t.family_id = ${f.familyId}`);
  if (f.status) parts.push(sql`t.status = ${f.status}`);
  if (f.origin) parts.push(sql`t.origin = ${f.origin}`);
  if (f.blueprintId) parts.push(sql`t.origin_blueprint_id = ${f.blueprintId}`);
  if (f.memberId) parts.push(sql`t.member_id = ${f.memberId}`);
  if (f.establishmentId) parts.push(sql`ob.establishment_id = ${f.establishmentId}`);
  return sql.join(parts, sql` and `);
}

export function createRecoveryRepository(db: Executor) {
  return {
    /** The organisation's recovery settings, with what the e-mails quote. */
    async settings(organizationId: string) {
      const [row] = await db
        .select({
          id: organizations.id,
          key: organizations.key,
          name: organizations.name,
          timeZone: organizations.timeZone,
          recoveryNoticeHours: organizations.recoveryNoticeHours,
          recoveryForAbsences: organizations.recoveryForAbsences,
          recoveryValidityDays: organizations.recoveryValidityDays,
          recoveryScope: organizations.recoveryScope,
          sessionCancellationCompensation: organizations.sessionCancellationCompensation,
          refundOnlineOnCancellation: organizations.refundOnlineOnCancellation,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row;
    },

    async updateSettings(organizationId: string, fields: Partial<typeof organizations.$inferInsert>) {
      if (Object.keys(fields).length === 0) return;
      await db
        .update(organizations)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(organizations.id, organizationId));
    },

    /** A registration, its session and activity, and its order line with its order's money. */
    async participantFacts(
      organizationId: string,
      participantId: string,
    ): Promise<ParticipantFacts | undefined> {
      const [row] = rowsOf<{
        id: string;
        member_id: string;
        family_id: string;
        status: string;
        service_id: string;
        start_date_time: Date | string;
        blueprint_id: string;
        activity_name: string;
        visibility: string;
        unit_price: number | null;
        supplements: { price: number; frequency?: string }[] | null;
        total_amount: number | string | null;
        credited_amount: number | string | null;
        paid_amount: number | string | null;
      }>(
        await db.execute(sql`
          select p.id, p.member_id, p.family_id, p.status, p.service_id, s.start_date_time, s.blueprint_id,
            b.name as activity_name, b.visibility, l.unit_price, l.supplements, o.total_amount,
            o.credited_amount, o.paid_amount
          from participants p
          join services s on s.organization_id = p.organization_id and s.id = p.service_id
          join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          left join lateral (
            select l.unit_price, l.supplements, l.order_id from order_lines l
            where l.organization_id = p.organization_id and l.participant_id = p.id
            order by l.id desc limit 1) l on true
          left join orders o on o.organization_id = p.organization_id and o.id = l.order_id
          where p.organization_id = ${organizationId} and p.id = ${participantId}`),
      );
      if (!row) return undefined;
      return {
        participantId: row.id,
        memberId: row.member_id,
        familyId: row.family_id,
        status: row.status,
        serviceId: row.service_id,
        startDateTime: asDate(row.start_date_time)!,
        blueprintId: row.blueprint_id,
        activityName: row.activity_name,
        visibility: row.visibility,
        line:
          row.unit_price === null
            ? null
            : {
                unitPrice: Number(row.unit_price),
                supplements: row.supplements ?? [],
                orderTotal: Number(row.total_amount ?? 0),
                orderCredited: Number(row.credited_amount ?? 0),
                orderPaid: Number(row.paid_amount ?? 0),
              },
      };
    },

    /** Inserts a token unless one exists for the same registration and origin; answers whether it did. */
    async insertOnce(token: NewRecoveryToken): Promise<boolean> {
      const inserted = await db
        .insert(recoveryTokens)
        .values(token)
        .onConflictDoNothing()
        .returning({ id: recoveryTokens.id });
      return inserted.length === 1;
    },

    /** Locks the token a registration's miss gave (one per registration and origin), if any. */
    async lockOrigin(organizationId: string, participantId: string, origin: RecoveryTokenOrigin) {
      const [row] = await db
        .select()
        .from(recoveryTokens)
        .where(
          and(
            eq(recoveryTokens.organizationId, organizationId),
            eq(recoveryTokens.originParticipantId, participantId),
            eq(recoveryTokens.origin, origin),
          ),
        )
        .for('update');
      return row;
    },

    /** Locks a token for a change (consume, extend, cancel): two at once wait for each other. */
    async lock(organizationId: string, id: string): Promise<RecoveryTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(recoveryTokens)
        .where(and(eq(recoveryTokens.organizationId, organizationId), eq(recoveryTokens.id, id)))
        .for('update');
      return row;
    },

    async update(organizationId: string, id: string, fields: Partial<NewRecoveryToken>, now: Date) {
      await db
        .update(recoveryTokens)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(recoveryTokens.organizationId, organizationId), eq(recoveryTokens.id, id)));
    },

    async findView(organizationId: string, id: string): Promise<RecoveryTokenView | undefined> {
      const [row] = rowsOf<ViewRow>(
        await db.execute(sql`select ${VIEW_COLUMNS} from recovery_tokens t ${VIEW_JOINS}
          where t.organization_id = ${organizationId} and t.id = ${id}`),
      );
      return row && toView(row);
    },

    /** A page of tokens, newest first, with the count of the filter. */
    async list(organizationId: string, filters: RecoveryListFilters, page: number, pageSize: number) {
      const where = filtersSql(organizationId, filters);
      const rows = rowsOf<ViewRow>(
        await db.execute(sql`select ${VIEW_COLUMNS} from recovery_tokens t ${VIEW_JOINS}
          where ${where}
          order by t.created_at desc, t.id desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`),
      );
      const [count] = rowsOf<{ n: number | string }>(
        await db.execute(sql`select count(*) as n from recovery_tokens t
          left join blueprints ob on ob.organization_id = t.organization_id and ob.id = t.origin_blueprint_id
          where ${where}`),
      );
      return { items: rows.map(toView), total: Number(count?.n ?? 0) };
    },

    /** Available tokens and the value they stand for (within an establishment when given). */
    async outstanding(organizationId: string, establishmentId: string | null) {
      const [row] = rowsOf<{ n: number | string; value: number | string | null }>(
        await db.execute(sql`select count(*) as n, coalesce(sum(t.value_cents), 0) as value
          from recovery_tokens t
          left join blueprints ob on ob.organization_id = t.organization_id and ob.id = t.origin_blueprint_id
          where t.organization_id = ${organizationId} and t.status = 'available'
            ${establishmentId ? sql`and ob.establishment_id = ${establishmentId}` : sql``}`),
      );
      return { count: Number(row?.n ?? 0), valueCents: Number(row?.value ?? 0) };
    },

    /** A member of the organisation (live), with the family it belongs to. */
    async member(organizationId: string, memberId: string) {
      const [row] = rowsOf<{ id: string; family_id: string; first_name: string; last_name: string }>(
        await db.execute(sql`select id, family_id, first_name, last_name from members
          where organization_id = ${organizationId} and id = ${memberId} and deleted_at is null`),
      );
      return row;
    },

    /** An activity of the organisation, with its establishment. */
    async blueprint(organizationId: string, blueprintId: string) {
      const [row] = rowsOf<{ id: string; name: string; establishment_id: string }>(
        await db.execute(sql`select id, name, establishment_id from blueprints
          where organization_id = ${organizationId} and id = ${blueprintId}`),
      );
      return row;
    },

    /** One session as a token candidate. */
    async candidate(organizationId: string, serviceId: string): Promise<CandidateRow | undefined> {
      const [row] = rowsOf<CandidateRow>(
        await db.execute(sql`select s.id, s.blueprint_id, b.establishment_id, b.name as blueprint_name,
            b.color_code, b.visibility, b.archived_at is not null as archived, s.status, s.start_date_time,
            s.duration, s.max_seats, s.reserved_seats
          from services s join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          where s.organization_id = ${organizationId} and s.id = ${serviceId}`),
      );
      return row;
    },

    /**
     * The sessions a token might take, soonest first: still to come, before its expiry, of a listed
     * activity that allows recovery, with a free seat, in its scope (the rules then judge each one).
     */
    async candidates(
      organizationId: string,
      options: {
        now: Date;
        until: Date;
        blueprintId: string | null;
        establishmentId: string | null;
        limit: number;
      },
    ): Promise<CandidateRow[]> {
      return rowsOf<CandidateRow>(
        await db.execute(sql`select s.id, s.blueprint_id, b.establishment_id, b.name as blueprint_name,
            b.color_code, b.visibility, false as archived, s.status, s.start_date_time, s.duration,
            s.max_seats, s.reserved_seats
          from services s join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          where s.organization_id = ${organizationId}
            and s.start_date_time > ${options.now.toISOString()}::timestamptz
            and s.start_date_time <= ${options.until.toISOString()}::timestamptz
            and s.status <> 'cancelled'
            and b.visibility in ('protected', 'public') and b.archived_at is null
            and (s.max_seats = -1 or s.reserved_seats < s.max_seats)
            ${options.blueprintId ? sql`and s.blueprint_id = ${options.blueprintId}` : sql``}
            ${options.establishmentId ? sql`and b.establishment_id = ${options.establishmentId}` : sql``}
          order by s.start_date_time, s.id
          limit ${options.limit}`),
      );
    },
  };
}

export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
