import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

/** A confirmed participant of a session, with what its e-mail and compensation need. */
export interface ComingParticipant {
  id: string;
  serviceId: string;
  familyId: string;
  orderId: string | null;
  firstName: string;
  lastName: string;
  visibility: string;
  orderPaid: number;
  provider: string | null;
}

/** What the session changes read (every query filtered on the organisation). */
export function createSessionChangesRepository(db: Executor) {
  return {
    /** The organisation's name, key (its address) and time zone. */
    async organization(organizationId: string) {
      const [row] = rowsOf<{ name: string; key: string; timeZone: string }>(
        await db.execute(
          sql`select name, key, time_zone as "timeZone" from organizations where id = ${organizationId}`,
        ),
      );
      return row;
    },

    /** The session's confirmed participants (those who come), with their order's payment. */
    async confirmedOf(organizationId: string, serviceId: string): Promise<ComingParticipant[]> {
      return this.participants(organizationId, sql`p.service_id = ${serviceId} and p.status = 'confirmed'`);
    },

    /** One participant, whatever its status, with its session. */
    async participant(organizationId: string, participantId: string) {
      const [row] = await this.participants(organizationId, sql`p.id = ${participantId}`);
      return row;
    },

    async participants(organizationId: string, where: SQL): Promise<ComingParticipant[]> {
      return rowsOf<ComingParticipant>(
        await db.execute(sql`select p.id, p.service_id as "serviceId", p.family_id as "familyId", p.order_id as "orderId",
            m.first_name as "firstName", m.last_name as "lastName", b.visibility,
            coalesce(o.paid_amount, 0)::int as "orderPaid", o.payment_provider as provider
          from participants p
          join members m on m.organization_id = p.organization_id and m.id = p.member_id
          join services s on s.organization_id = p.organization_id and s.id = p.service_id
          join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          left join orders o on o.organization_id = p.organization_id and o.id = p.order_id
          where p.organization_id = ${organizationId} and ${where}
          order by m.last_name, m.first_name, p.id`),
      );
    },

    /** The family's live accounts, oldest first, each with its language. */
    async familyAccounts(organizationId: string, familyId: string) {
      return rowsOf<{ id: string; email: string; locale: string | null }>(
        await db.execute(sql`select id, email, locale from users
          where organization_id = ${organizationId} and family_id = ${familyId} and deleted_at is null
          order by created_at, id`),
      );
    },

    /**
     * Who names a replacement for an absent holder: the organisation's managers and administrators, and
     * the establishment managers of the session's establishment (live accounts).
     */
    async managersFor(organizationId: string, establishmentId: string) {
      return rowsOf<{ id: string; email: string; locale: string | null }>(
        await db.execute(sql`select id, email, locale from users
          where organization_id = ${organizationId} and deleted_at is null
            and (role in ('org-manager', 'admin') or (role = 'est-manager' and establishment_id = ${establishmentId}))
          order by created_at, id`),
      );
    },

    /** The session's activity name and start. */
    async session(organizationId: string, serviceId: string) {
      const [row] = rowsOf<{ activityName: string; startDateTime: Date }>(
        await db.execute(sql`select b.name as "activityName", s.start_date_time as "startDateTime"
          from services s
          join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          where s.organization_id = ${organizationId} and s.id = ${serviceId}`),
      );
      return row && { ...row, startDateTime: new Date(row.startDateTime) };
    },

    /** An account's own member's name. */
    async nameOf(organizationId: string, userId: string) {
      const [row] = rowsOf<{ firstName: string; lastName: string }>(
        await db.execute(sql`select first_name as "firstName", last_name as "lastName" from members
          where organization_id = ${organizationId} and user_id = ${userId}`),
      );
      return row;
    },

    /**
     * The refund credit notes of a participant's own lines (session, per-session supplements), as one
     * figure: the first number and the total.
     */
    async refundNotesOf(organizationId: string, participantId: string) {
      const [row] = rowsOf<{ number: string | null; totalAmount: number }>(
        await db.execute(sql`with notes as (
            select distinct cn.id, cn.number, cn.total_amount
            from credit_notes cn
            join credit_note_lines cl on cl.organization_id = cn.organization_id and cl.credit_note_id = cn.id
            join invoice_lines il on il.organization_id = cl.organization_id and il.id = cl.invoice_line_id
            join order_lines ol on ol.organization_id = il.organization_id and ol.id = il.order_line_id
            where cn.organization_id = ${organizationId} and cn.refund_id is not null
              and ol.participant_id = ${participantId})
          select min(number) as number, coalesce(sum(total_amount), 0)::int as "totalAmount" from notes`),
      );
      return row?.number ? { number: row.number, totalAmount: row.totalAmount } : null;
    },
  };
}
