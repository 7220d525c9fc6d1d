import type { CommunicationAttachmentType, CommunicationTarget, RecipientStatus } from '@inscrio/shared';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { communicationAttachments, communications, organizations } from '../../db/schema';

/** Whom a message reaches: its target, and the establishment an establishment manager is confined to. */
export interface RecipientScope {
  organizationId: string;
  target: CommunicationTarget;
  targetId: string | null;
  establishmentId: string | null;
}

export interface RecipientRow {
  email: string;
  familyId: string;
  userId: string | null;
  name: string;
  locale: string;
}

/** Registrations that make a member an attendee. */
const ATTENDING = sql`p.status in ('reserved', 'confirmed')`;

/** The families a target reaches (one `family_id` column). */
function familiesOf(scope: RecipientScope): SQL {
  const o = scope.organizationId;
  switch (scope.target) {
    case 'session':
      return sql`select distinct p.family_id from participants p
        where p.organization_id = ${o} and p.service_id = ${scope.targetId} and ${ATTENDING}`;
    case 'period':
    case 'activity': {
      const column = scope.target === 'period' ? sql`s.period_id` : sql`s.blueprint_id`;
      return sql`select distinct p.family_id from participants p
        join services s on s.organization_id = p.organization_id and s.id = p.service_id
        where p.organization_id = ${o} and ${column} = ${scope.targetId} and ${ATTENDING}`;
    }
    case 'everyone':
      // An establishment manager's everyone: the families registered to their establishment's activities.
      return scope.establishmentId
        ? sql`select distinct p.family_id from participants p
            join services s on s.organization_id = p.organization_id and s.id = p.service_id
            join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
            where p.organization_id = ${o} and b.establishment_id = ${scope.establishmentId} and ${ATTENDING}`
        : sql`select distinct u.family_id from users u
            where u.organization_id = ${o} and u.deleted_at is null and u.role = 'user'`;
    case 'holders':
      return sql`select distinct u.family_id from users u
        where u.organization_id = ${o} and u.deleted_at is null and u.role = 'user' and u.is_holder
        ${scope.establishmentId ? sql`and u.establishment_id = ${scope.establishmentId}` : sql``}`;
  }
}

/**
 * The addresses a target reaches, one row per address: each family's live accounts and its members of
 * age with an e-mail of their own (in the language of the family's first account); the holders
 * themselves for `holders`. An address in two families gets the message once.
 */
function recipientsOf(scope: RecipientScope): SQL {
  const o = scope.organizationId;
  const accounts = sql`select u.family_id, lower(u.email) as email, u.id as user_id, u.locale,
      coalesce(trim(m.first_name || ' ' || m.last_name), '') as name, 0 as rank
    from users u
    left join members m on m.organization_id = u.organization_id and m.user_id = u.id and m.deleted_at is null
    where u.organization_id = ${o} and u.deleted_at is null and u.role = 'user'`;
  if (scope.target === 'holders') {
    return sql`select distinct on (email) family_id, email, user_id, locale, name from (${accounts}
        and u.is_holder ${scope.establishmentId ? sql`and u.establishment_id = ${scope.establishmentId}` : sql``}) h
      where email <> '' order by email, rank`;
  }
  return sql`with fam as (${familiesOf(scope)}),
    people as (
      select a.* from (${accounts}) a join fam on fam.family_id = a.family_id
      union all
      select m.family_id, lower(m.email), null, (
          select u.locale from users u where u.organization_id = m.organization_id
            and u.family_id = m.family_id and u.deleted_at is null order by u.created_at limit 1
        ), trim(m.first_name || ' ' || m.last_name), 1
      from members m join fam on fam.family_id = m.family_id
      where m.organization_id = ${o} and m.deleted_at is null and m.user_id is null
        and coalesce(m.email, '') <> '' and m.birthdate <= current_date - interval '18 years'
    )
    select distinct on (email) family_id, email, user_id, coalesce(locale, 'fr') as locale, name
    from people where email <> '' order by email, rank`;
}

export function createCommunicationsRepository(db: Executor) {
  const attachmentColumns = {
    id: communicationAttachments.id,
    fileName: communicationAttachments.fileName,
    contentType: communicationAttachments.contentType,
    byteSize: communicationAttachments.byteSize,
  };
  type AttachmentRow = {
    id: string;
    fileName: string | null;
    contentType: CommunicationAttachmentType;
    byteSize: number;
  };
  function attachmentsOf(organizationId: string, communicationId: string): Promise<AttachmentRow[]>;
  function attachmentsOf(
    organizationId: string,
    communicationId: string,
    withBytes: true,
  ): Promise<(AttachmentRow & { data: Buffer })[]>;
  async function attachmentsOf(organizationId: string, communicationId: string, withBytes = false) {
    return db
      .select(withBytes ? { ...attachmentColumns, data: communicationAttachments.data } : attachmentColumns)
      .from(communicationAttachments)
      .where(
        and(
          eq(communicationAttachments.organizationId, organizationId),
          eq(communicationAttachments.communicationId, communicationId),
        ),
      )
      .orderBy(communicationAttachments.id);
  }

  return {
    /** The session, period or activity named by a target: its name and establishment; undefined if unknown. */
    async targetOf(organizationId: string, target: CommunicationTarget, targetId: string) {
      const query =
        target === 'session'
          ? sql`select b.name || ' — ' || to_char(s.start_date_time at time zone o.time_zone, 'DD/MM/YYYY HH24:MI') as name,
                b.establishment_id as "establishmentId"
              from services s
              join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
              join organizations o on o.id = s.organization_id
              where s.organization_id = ${organizationId} and s.id = ${targetId}`
          : target === 'period'
            ? sql`select name, establishment_id as "establishmentId" from periods
                where organization_id = ${organizationId} and id = ${targetId}`
            : sql`select name, establishment_id as "establishmentId" from blueprints
                where organization_id = ${organizationId} and id = ${targetId}`;
      const [row] = rowsOf<{ name: string; establishmentId: string }>(await db.execute(query));
      return row;
    },

    /** Whether the holder is assigned to the session. */
    async holds(organizationId: string, serviceId: string, userId: string): Promise<boolean> {
      const rows = rowsOf(
        await db.execute(sql`select 1 from prestations where organization_id = ${organizationId}
          and service_id = ${serviceId} and holder_user_id = ${userId} limit 1`),
      );
      return rows.length > 0;
    },

    async countRecipients(scope: RecipientScope) {
      const [row] = rowsOf<{ families: number; people: number }>(
        await db.execute(sql`select count(distinct family_id)::int as families, count(*)::int as people
          from (${recipientsOf(scope)}) r`),
      );
      return row ?? { families: 0, people: 0 };
    },

    /** Writes the target's recipients of a communication (the snapshot its job sends to); their families. */
    async insertRecipients(scope: RecipientScope, communicationId: string) {
      const rows = rowsOf<{ familyId: string }>(
        await db.execute(sql`insert into communication_recipients
            (organization_id, communication_id, family_id, email, user_id, locale, name)
          select ${scope.organizationId}, ${communicationId}, family_id, email, user_id, locale, name
          from (${recipientsOf(scope)}) r
          returning family_id as "familyId"`),
      );
      return [...new Set(rows.map((r) => r.familyId))];
    },

    async findByKey(organizationId: string, userId: string, idempotencyKey: string) {
      const [row] = await db
        .select({ id: communications.id })
        .from(communications)
        .where(
          and(
            eq(communications.organizationId, organizationId),
            eq(communications.createdByUserId, userId),
            eq(communications.idempotencyKey, idempotencyKey),
          ),
        );
      return row;
    },

    /** Inserts a communication; false when the sender's key was already used (a second click). */
    async insert(row: typeof communications.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(communications)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: communications.id });
      return inserted.length > 0;
    },

    async setFamilies(organizationId: string, id: string, families: number) {
      await db
        .update(communications)
        .set({ families })
        .where(and(eq(communications.organizationId, organizationId), eq(communications.id, id)));
    },

    /** A communication with its sender's name, if the reader's scope holds it. */
    async find(organizationId: string, id: string) {
      const [row] = rowsOf<CommunicationRow>(
        await db.execute(sql`${SELECT_COMMUNICATION}
          where c.organization_id = ${organizationId} and c.id = ${id}`),
      );
      return row;
    },

    /** The communications a sender may follow, latest first. */
    async list(
      organizationId: string,
      reach: { establishmentId: string | null; createdBy: string | null },
      page: number,
      pageSize: number,
    ) {
      const where = sql`c.organization_id = ${organizationId}
        ${reach.establishmentId ? sql`and c.establishment_id = ${reach.establishmentId}` : sql``}
        ${reach.createdBy ? sql`and c.created_by_user_id = ${reach.createdBy}` : sql``}`;
      const items = rowsOf<CommunicationRow>(
        await db.execute(sql`${SELECT_COMMUNICATION} where ${where}
          order by c.created_at desc, c.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`),
      );
      const [total] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from communications c where ${where}`),
      );
      return { items, total: total?.n ?? 0 };
    },

    /** Recipients by status, per communication. */
    async progress(organizationId: string, ids: string[]) {
      if (ids.length === 0) return new Map<string, Record<RecipientStatus, number>>();
      const rows = rowsOf<{ id: string; status: RecipientStatus; n: number }>(
        await db.execute(sql`select communication_id as id, status, count(*)::int as n
          from communication_recipients where organization_id = ${organizationId}
            and communication_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
          group by communication_id, status`),
      );
      const byId = new Map<string, Record<RecipientStatus, number>>();
      for (const row of rows) {
        const counts = byId.get(row.id) ?? { queued: 0, sending: 0, sent: 0, failed: 0 };
        counts[row.status] = row.n;
        byId.set(row.id, counts);
      }
      return byId;
    },

    /** Recipients to show: failed first, then those still waiting, then the sent; at most `limit`. */
    async recipients(organizationId: string, communicationId: string, limit: number) {
      return rowsOf<{
        email: string;
        name: string;
        status: RecipientStatus;
        error: string | null;
        sentAt: Date | null;
      }>(
        await db.execute(sql`select email, name, status, error, sent_at as "sentAt"
          from communication_recipients
          where organization_id = ${organizationId} and communication_id = ${communicationId}
          order by case status when 'failed' then 0 when 'sending' then 1 when 'queued' then 2 else 3 end, email
          limit ${limit}`),
      );
    },

    async insertAttachment(row: typeof communicationAttachments.$inferInsert) {
      await db.insert(communicationAttachments).values(row);
    },

    /** Joins the uploader's free attachments to the communication; the ids actually joined. */
    async claimAttachments(organizationId: string, userId: string, ids: string[], communicationId: string) {
      if (ids.length === 0) return [];
      const rows = await db
        .update(communicationAttachments)
        .set({ communicationId })
        .where(
          and(
            eq(communicationAttachments.organizationId, organizationId),
            eq(communicationAttachments.uploadedByUserId, userId),
            isNull(communicationAttachments.communicationId),
            inArray(communicationAttachments.id, ids),
          ),
        )
        .returning({ id: communicationAttachments.id });
      return rows.map((r) => r.id);
    },

    /**
     * A communication's attachments in upload order: what the inbox and the sender list, and with their
     * bytes (`withBytes`) what the job joins to each e-mail.
     */
    attachments: attachmentsOf,

    async attachmentFile(organizationId: string, communicationId: string, attachmentId: string) {
      const [row] = await db
        .select({
          fileName: communicationAttachments.fileName,
          contentType: communicationAttachments.contentType,
          data: communicationAttachments.data,
        })
        .from(communicationAttachments)
        .where(
          and(
            eq(communicationAttachments.organizationId, organizationId),
            eq(communicationAttachments.communicationId, communicationId),
            eq(communicationAttachments.id, attachmentId),
          ),
        );
      return row;
    },

    // --- Sending (the job) ---

    /** The failed recipients queued again (a manager's « Renvoyer »); how many. */
    async requeueFailed(organizationId: string, communicationId: string): Promise<number> {
      const rows = rowsOf(
        await db.execute(sql`update communication_recipients set status = 'queued', error = null, attempts = 0
          where organization_id = ${organizationId} and communication_id = ${communicationId}
            and status = 'failed'
          returning email`),
      );
      return rows.length;
    },

    async rate(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ rate: organizations.mailingRatePerSecond })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.rate ?? 20;
    },

    async setRate(organizationId: string, rate: number) {
      await db
        .update(organizations)
        .set({ mailingRatePerSecond: rate })
        .where(eq(organizations.id, organizationId));
    },
  };
}

export interface CommunicationRow {
  organizationId: string;
  id: string;
  establishmentId: string | null;
  createdByUserId: string;
  target: CommunicationTarget;
  targetName: string | null;
  subjectFr: string;
  bodyFr: string;
  subjectEn: string | null;
  bodyEn: string | null;
  families: number;
  createdAt: Date;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderEmail: string;
}

const SELECT_COMMUNICATION = sql`select c.organization_id as "organizationId", c.id, c.establishment_id as "establishmentId",
    c.created_by_user_id as "createdByUserId", c.target, c.target_name as "targetName",
    c.subject_fr as "subjectFr", c.body_fr as "bodyFr", c.subject_en as "subjectEn", c.body_en as "bodyEn",
    c.families, c.created_at as "createdAt",
    m.first_name as "senderFirstName", m.last_name as "senderLastName", coalesce(u.email, '') as "senderEmail"
  from communications c
  left join users u on u.organization_id = c.organization_id and u.id = c.created_by_user_id
  left join members m on m.organization_id = u.organization_id and m.user_id = u.id and m.deleted_at is null`;
