import type { CertificateKind } from '@inscrio/shared';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { certificates, memberTaxIdentities, organizations } from '../../db/schema';
import type { PaidLine } from './certificate.rules';

/*
 * The only SQL of certificates. Every query takes the organisation id and puts it in its WHERE.
 */

export type CertificateRow = typeof certificates.$inferSelect;
export type NewCertificate = typeof certificates.$inferInsert;

export interface LineFilters {
  familyId?: string;
  memberId?: string;
  blueprintId?: string;
  /** undefined: any period; null: sessions outside any period. */
  periodId?: string | null;
  /** An establishment manager's reach. */
  establishmentId?: string | null;
}

interface LineRow {
  member_id: string;
  family_id: string;
  blueprint_id: string;
  activity_name: string;
  establishment_id: string;
  period_id: string | null;
  period_name: string | null;
  session_date: string;
  attended: boolean;
  line_cents: number | string;
  credited_cents: number | string;
  order_net_cents: number | string;
  order_lines_net_cents: number | string;
  order_paid_cents: number | string;
  paid_year: number | string | null;
}

export interface MemberFacts {
  id: string;
  familyId: string;
  firstName: string;
  lastName: string;
  birthdate: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

export function createCertificatesRepository(db: Executor) {
  return {
    /**
     * The order lines of members' sessions with their order's money: each line's price, the credit notes
     * on it (through its invoice lines) and whether the member attended. Lines of unpaid orders come too:
     * the rules give them their share (0 when nothing was received).
     */
    async paidLines(organizationId: string, filters: LineFilters, now: Date): Promise<PaidLine[]> {
      const where: SQL[] = [sql`ol.organization_id = ${organizationId}`];
      if (filters.familyId) where.push(sql`ord.family_id = ${filters.familyId}`);
      if (filters.memberId) where.push(sql`ol.member_id = ${filters.memberId}`);
      if (filters.blueprintId) where.push(sql`s.blueprint_id = ${filters.blueprintId}`);
      if (filters.periodId !== undefined) {
        where.push(
          filters.periodId === null ? sql`s.period_id is null` : sql`s.period_id = ${filters.periodId}`,
        );
      }
      if (filters.establishmentId) where.push(sql`b.establishment_id = ${filters.establishmentId}`);
      const rows = rowsOf<LineRow>(
        await db.execute(sql`
          select ol.member_id, ord.family_id, s.blueprint_id, b.name as activity_name, b.establishment_id,
            s.period_id, pe.name as period_name,
            to_char(s.start_date_time at time zone o.time_zone, 'YYYY-MM-DD') as session_date,
            (p.status = 'confirmed' and s.status <> 'cancelled' and s.start_date_time <= ${now.toISOString()}::timestamptz) as attended,
            ol.total_amount as line_cents,
            coalesce((select sum(cnl.total_amount) from credit_note_lines cnl
              join invoice_lines il on il.organization_id = cnl.organization_id and il.id = cnl.invoice_line_id
              where cnl.organization_id = ol.organization_id and il.order_line_id = ol.id), 0) as credited_cents,
            ord.total_amount - ord.credited_amount as order_net_cents,
            (select sum(ol2.total_amount) from order_lines ol2
              where ol2.organization_id = ol.organization_id and ol2.order_id = ol.order_id)
            - coalesce((select sum(cnl.total_amount) from credit_note_lines cnl
              join invoice_lines il on il.organization_id = cnl.organization_id and il.id = cnl.invoice_line_id
              join order_lines ol3 on ol3.organization_id = il.organization_id and ol3.id = il.order_line_id
              where cnl.organization_id = ol.organization_id and ol3.order_id = ol.order_id), 0)
              as order_lines_net_cents,
            ord.paid_amount as order_paid_cents,
            case when ord.paid_amount >= ord.total_amount - ord.credited_amount and ord.paid_at is not null
              then extract(year from ord.paid_at at time zone o.time_zone)::integer end as paid_year
          from order_lines ol
          join orders ord on ord.organization_id = ol.organization_id and ord.id = ol.order_id
          join participants p on p.organization_id = ol.organization_id and p.id = ol.participant_id
          join services s on s.organization_id = ol.organization_id and s.id = ol.service_id
          join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          left join periods pe on pe.organization_id = s.organization_id and pe.id = s.period_id
          join organizations o on o.id = ol.organization_id
          where ${sql.join(where, sql` and `)}
          order by ol.member_id, s.start_date_time, ol.id`),
      );
      return rows.map((r) => ({
        memberId: r.member_id,
        familyId: r.family_id,
        blueprintId: r.blueprint_id,
        activityName: r.activity_name,
        establishmentId: r.establishment_id,
        periodId: r.period_id,
        periodName: r.period_name,
        sessionDate: r.session_date,
        attended: r.attended,
        lineCents: Number(r.line_cents),
        creditedCents: Number(r.credited_cents),
        orderNetCents: Number(r.order_net_cents),
        orderLinesNetCents: Number(r.order_lines_net_cents),
        orderPaidCents: Number(r.order_paid_cents),
        paidYear: r.paid_year === null ? null : Number(r.paid_year),
      }));
    },

    async organization(organizationId: string) {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
      return row;
    },

    async members(organizationId: string, ids: string[]): Promise<MemberFacts[]> {
      if (ids.length === 0) return [];
      return rowsOf<MemberFacts>(
        await db.execute(sql`
          select id, family_id as "familyId", first_name as "firstName", last_name as "lastName",
            to_char(birthdate, 'YYYY-MM-DD') as birthdate, address, postal_code as "postalCode", city, country
          from members
          where organization_id = ${organizationId} and id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`),
      );
    },

    /**
     * The family's adult (its first account's member): whose address a child's certificate falls back
     * on, and whose language the certificates are printed in.
     */
    async familyAdult(
      organizationId: string,
      familyId: string,
    ): Promise<(MemberFacts & { locale: string }) | undefined> {
      const [row] = rowsOf<MemberFacts & { locale: string }>(
        await db.execute(sql`
          select m.id, m.family_id as "familyId", m.first_name as "firstName", m.last_name as "lastName",
            to_char(m.birthdate, 'YYYY-MM-DD') as birthdate, m.address, m.postal_code as "postalCode",
            m.city, m.country, u.locale
          from members m
          join users u on u.organization_id = m.organization_id and u.id = m.user_id
          where m.organization_id = ${organizationId} and m.family_id = ${familyId} and m.deleted_at is null
          order by m.created_at limit 1`),
      );
      return row;
    },

    /** Where the manager who started a batch is told it is ready. */
    async userEmail(organizationId: string, userId: string): Promise<string | undefined> {
      const [row] = rowsOf<{ email: string }>(
        await db.execute(sql`select email from users
          where organization_id = ${organizationId} and id = ${userId} and deleted_at is null`),
      );
      return row?.email;
    },

    async period(organizationId: string, id: string) {
      const [row] = rowsOf<{ id: string; name: string; establishment_id: string }>(
        await db.execute(sql`select id, name, establishment_id from periods
          where organization_id = ${organizationId} and id = ${id}`),
      );
      return row;
    },

    /** The next number of a kind for the year: `2026-000001` from the organisation's counter row. */
    async nextNumber(organizationId: string, kind: CertificateKind, year: number): Promise<string> {
      const [row] = rowsOf<{ number: string }>(
        await db.execute(
          sql`select next_document_number(${organizationId}, ${`certificate-${kind}`}, ${year}::integer) as number`,
        ),
      );
      return row!.number;
    },

    /** The latest revision issued for a scope. */
    async findByScope(
      organizationId: string,
      key: { kind: CertificateKind; memberId: string; scopeKey: string; year: number; part: number },
    ): Promise<CertificateRow | undefined> {
      const [row] = await db
        .select()
        .from(certificates)
        .where(
          and(
            eq(certificates.organizationId, organizationId),
            eq(certificates.kind, key.kind),
            eq(certificates.memberId, key.memberId),
            eq(certificates.scopeKey, key.scopeKey),
            eq(certificates.year, key.year),
            eq(certificates.part, key.part),
          ),
        )
        .orderBy(desc(certificates.revision))
        .limit(1);
      return row;
    },

    /** Inserts unless one exists for the same scope (a rerun, or another worker): true when inserted. */
    async insert(row: NewCertificate): Promise<boolean> {
      const inserted = await db
        .insert(certificates)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: certificates.id });
      return inserted.length > 0;
    },

    async find(organizationId: string, id: string): Promise<CertificateRow | undefined> {
      const [row] = await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.organizationId, organizationId), eq(certificates.id, id)));
      return row;
    },

    async listForFamily(organizationId: string, familyId: string): Promise<CertificateRow[]> {
      return db
        .select()
        .from(certificates)
        .where(and(eq(certificates.organizationId, organizationId), eq(certificates.familyId, familyId)))
        .orderBy(desc(certificates.revision), desc(certificates.createdAt));
    },

    async listOfYear(organizationId: string, kind: CertificateKind, year: number): Promise<CertificateRow[]> {
      return db
        .select()
        .from(certificates)
        .where(
          and(
            eq(certificates.organizationId, organizationId),
            eq(certificates.kind, kind),
            eq(certificates.year, year),
          ),
        )
        .orderBy(asc(certificates.number));
    },

    async listByIds(organizationId: string, ids: string[]): Promise<CertificateRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(certificates)
        .where(
          and(
            eq(certificates.organizationId, organizationId),
            sql`${certificates.id} in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        )
        .orderBy(asc(certificates.number));
    },

    async taxIdentity(organizationId: string, memberId: string) {
      const [row] = await db
        .select()
        .from(memberTaxIdentities)
        .where(
          and(
            eq(memberTaxIdentities.organizationId, organizationId),
            eq(memberTaxIdentities.memberId, memberId),
          ),
        );
      return row;
    },

    async taxIdentityMembers(organizationId: string, memberIds: string[]): Promise<Set<string>> {
      if (memberIds.length === 0) return new Set();
      const rows = await db
        .select({ memberId: memberTaxIdentities.memberId })
        .from(memberTaxIdentities)
        .where(
          and(
            eq(memberTaxIdentities.organizationId, organizationId),
            sql`${memberTaxIdentities.memberId} in (${sql.join(
              memberIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        );
      return new Set(rows.map((r) => r.memberId));
    },

    async saveTaxIdentity(row: typeof memberTaxIdentities.$inferInsert): Promise<void> {
      await db
        .insert(memberTaxIdentities)
        .values(row)
        .onConflictDoUpdate({
          target: [memberTaxIdentities.organizationId, memberTaxIdentities.memberId],
          set: {
            childNumberEncrypted: row.childNumberEncrypted,
            debtorNumberEncrypted: row.debtorNumberEncrypted,
            debtorFirstName: row.debtorFirstName,
            debtorLastName: row.debtorLastName,
            updatedByUserId: row.updatedByUserId,
            updatedAt: sql`now()`,
          },
        });
    },

    async updateProfile(
      organizationId: string,
      values: Partial<
        Pick<
          typeof organizations.$inferInsert,
          | 'mutualSeal'
          | 'signatureStamp'
          | 'mutualRecognitionText'
          | 'mutualSignatoryName'
          | 'mutualSignatoryRole'
          | 'taxApprovalBody'
        >
      >,
    ): Promise<void> {
      await db
        .update(organizations)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(organizations.id, organizationId));
    },
  };
}

export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;
