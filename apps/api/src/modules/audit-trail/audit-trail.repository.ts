import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

/** What the list reads of one event, its names resolved. */
export interface AuditRow {
  id: string;
  type: string;
  created_at: Date;
  actor_user_id: string | null;
  actor_name: string | null;
  impersonator_user_id: string | null;
  impersonator_name: string | null;
  subject_type: string | null;
  subject_id: string | null;
  subject_label: string | null;
  member_user_id: string | null;
  participant_id: string | null;
  order_id: string | null;
  invoice_id: string | null;
}

export interface AuditFilter {
  type?: string;
  actorUserId?: string;
  subjectType?: 'member' | 'participant' | 'order' | 'invoice';
  subjectId?: string;
  /** Days 'YYYY-MM-DD', inclusive, read in `timeZone`. */
  from?: string;
  to?: string;
  timeZone: string;
  /** An establishment manager's establishment: only the events whose subject belongs to it. */
  establishmentId: string | null;
}

/** A user's name: their own member's first and last names, else their e-mail. */
const userName = (
  userId: SQL,
) => sql`(select coalesce(nullif(trim(concat_ws(' ', m.first_name, m.last_name)), ''), u.email)
  from users u left join members m on m.organization_id = u.organization_id and m.user_id = u.id
  where u.organization_id = a.organization_id and u.id = ${userId} limit 1)`;

/** The establishment of a service's activity. */
const serviceEstablishment = (serviceId: SQL) => sql`(select b.establishment_id from services s
  join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
  where s.organization_id = a.organization_id and s.id = ${serviceId})`;

/** The establishment of one of an order's sessions (an order is made in one club's establishments). */
const orderEstablishment = (orderId: SQL) => sql`(select b.establishment_id from participants p
  join services s on s.organization_id = p.organization_id and s.id = p.service_id
  join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
  where p.organization_id = a.organization_id and p.order_id = ${orderId} limit 1)`;

/** The account a member is reached through: their own, else their family's first. */
const memberAccount = (memberId: SQL) => sql`(select u.id from members m
  join users u on u.organization_id = m.organization_id and u.family_id = m.family_id
  where m.organization_id = a.organization_id and m.id = ${memberId}
  order by (u.id = m.user_id) desc, u.id limit 1)`;

const participantMember = sql`(select p.member_id from participants p
  where p.organization_id = a.organization_id and p.id = a.subject_id)`;

/**
 * Where an event happened, from its subject: an establishment manager sees the events of their
 * establishment only. Events with no establishment (the organisation's own) are theirs to hide.
 */
const EVENT_ESTABLISHMENT = sql`case a.subject_type
  when 'participant' then ${serviceEstablishment(sql`(select p.service_id from participants p where p.organization_id = a.organization_id and p.id = a.subject_id)`)}
  when 'service' then ${serviceEstablishment(sql`a.subject_id`)}
  when 'prestation' then ${serviceEstablishment(sql`coalesce(a.data->>'serviceId', (select pr.service_id from prestations pr where pr.organization_id = a.organization_id and pr.id = a.subject_id))`)}
  when 'user' then (select u.establishment_id from users u where u.organization_id = a.organization_id and u.id = a.subject_id)
  when 'member' then (select u.establishment_id from users u where u.organization_id = a.organization_id and u.id = ${memberAccount(sql`a.subject_id`)})
  when 'recovery-token' then (select b.establishment_id from recovery_tokens r
    join blueprints b on b.organization_id = r.organization_id and b.id = r.origin_blueprint_id
    where r.organization_id = a.organization_id and r.id = a.subject_id)
  when 'order' then ${orderEstablishment(sql`a.subject_id`)}
  when 'invoice' then ${orderEstablishment(sql`(select i.order_id from invoices i where i.organization_id = a.organization_id and i.id = a.subject_id)`)}
  when 'credit-note' then ${orderEstablishment(sql`(select i.order_id from credit_notes c join invoices i on i.organization_id = c.organization_id and i.id = c.invoice_id where c.organization_id = a.organization_id and c.id = a.subject_id)`)}
  end`;

const memberName = (
  memberId: SQL,
) => sql`(select trim(concat_ws(' ', m.first_name, m.last_name)) from members m
  where m.organization_id = a.organization_id and m.id = ${memberId})`;

/** A short human label of the subject: a name, an activity, a number. */
const SUBJECT_LABEL = sql`case a.subject_type
  when 'participant' then (select concat_ws(' · ', trim(concat_ws(' ', m.first_name, m.last_name)), b.name) from participants p
    join members m on m.organization_id = p.organization_id and m.id = p.member_id
    join services s on s.organization_id = p.organization_id and s.id = p.service_id
    join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
    where p.organization_id = a.organization_id and p.id = a.subject_id)
  when 'member' then ${memberName(sql`a.subject_id`)}
  when 'user' then ${userName(sql`a.subject_id`)}
  when 'service' then (select b.name from services s join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
    where s.organization_id = a.organization_id and s.id = a.subject_id)
  when 'prestation' then ${userName(sql`coalesce(a.data->>'holderUserId', (select pr.holder_user_id from prestations pr where pr.organization_id = a.organization_id and pr.id = a.subject_id))`)}
  when 'recovery-token' then (select trim(concat_ws(' ', m.first_name, m.last_name)) from recovery_tokens r
    join members m on m.organization_id = r.organization_id and m.id = r.member_id
    where r.organization_id = a.organization_id and r.id = a.subject_id)
  when 'invoice' then (select i.number from invoices i where i.organization_id = a.organization_id and i.id = a.subject_id)
  when 'credit-note' then (select c.number from credit_notes c where c.organization_id = a.organization_id and c.id = a.subject_id)
  end`;

const MEMBER_ID = sql`coalesce(case a.subject_type when 'member' then a.subject_id when 'participant' then ${participantMember} end, a.data->>'memberId')`;
const INVOICE_ID = sql`coalesce(case a.subject_type when 'invoice' then a.subject_id end, a.data->>'invoiceId')`;

const COLUMNS = sql`a.id, a.type, a.created_at, a.actor_user_id, ${userName(sql`a.actor_user_id`)} as actor_name,
  a.impersonator_user_id, ${userName(sql`a.impersonator_user_id`)} as impersonator_name,
  a.subject_type, a.subject_id, ${SUBJECT_LABEL} as subject_label,
  ${memberAccount(MEMBER_ID)} as member_user_id,
  coalesce(case a.subject_type when 'participant' then a.subject_id end, a.data->>'participantId') as participant_id,
  coalesce(case a.subject_type when 'order' then a.subject_id end, a.data->>'orderId',
    (select i.order_id from invoices i where i.organization_id = a.organization_id and i.id = ${INVOICE_ID})) as order_id,
  ${INVOICE_ID} as invoice_id`;

function where(organizationId: string, f: AuditFilter): SQL {
  const conditions: SQL[] = [sql`a.organization_id = ${organizationId}`];
  if (f.type) conditions.push(sql`a.type = ${f.type}`);
  if (f.actorUserId) conditions.push(sql`a.actor_user_id = ${f.actorUserId}`);
  if (f.subjectType && f.subjectId) {
    // The subject itself, or an event that names it (a participant's events name its member and order).
    const key = { member: 'memberId', participant: 'participantId', order: 'orderId', invoice: 'invoiceId' }[
      f.subjectType
    ];
    const named = sql`((a.subject_type = ${f.subjectType} and a.subject_id = ${f.subjectId}) or a.data->>${key} = ${f.subjectId}`;
    conditions.push(
      f.subjectType === 'invoice'
        ? sql`${named} or (a.subject_type = 'credit-note' and a.subject_id in (select c.id from credit_notes c
            where c.organization_id = a.organization_id and c.invoice_id = ${f.subjectId})))`
        : sql`${named})`,
    );
  }
  if (f.from) conditions.push(sql`a.created_at >= (${f.from}::date)::timestamp at time zone ${f.timeZone}`);
  if (f.to) conditions.push(sql`a.created_at < (${f.to}::date + 1)::timestamp at time zone ${f.timeZone}`);
  if (f.establishmentId) conditions.push(sql`${EVENT_ESTABLISHMENT} = ${f.establishmentId}`);
  return sql.join(conditions, sql` and `);
}

/** Reads the audit trail; it never writes (the trail is append-only, a trigger refuses changes). */
export function createAuditTrailRepository(db: Executor) {
  return {
    /** A page of events, newest first, and how many match. */
    async list(organizationId: string, filter: AuditFilter, paging: { limit: number; offset: number }) {
      const condition = where(organizationId, filter);
      const rows = rowsOf<AuditRow>(
        await db.execute(sql`select ${COLUMNS} from audit_events a where ${condition}
          order by a.created_at desc, a.id desc limit ${paging.limit} offset ${paging.offset}`),
      );
      const [count] = rowsOf<{ total: number }>(
        await db.execute(sql`select count(*)::int as total from audit_events a where ${condition}`),
      );
      return { rows, total: count?.total ?? 0 };
    },

    /** Rows for the export, the list's order, a chunk at a time. */
    async rows(organizationId: string, filter: AuditFilter, paging: { limit: number; offset: number }) {
      return rowsOf<AuditRow>(
        await db.execute(sql`select ${COLUMNS} from audit_events a where ${where(organizationId, filter)}
          order by a.created_at desc, a.id desc limit ${paging.limit} offset ${paging.offset}`),
      );
    },
  };
}
