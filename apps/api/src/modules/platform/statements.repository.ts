import { SYSTEM_ORGANIZATION_ID, type InvoiceStatus, type LicencePlan } from '@inscrio/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { platformStatements } from '../../db/schema';
import { newId } from '../../lib/ids';
import { BILLED_PARTICIPANT_STATUSES, type LicenceSpan, type Participation } from './statements.rules';

/** The platform's statements are invoices of the system organisation: every query is scoped to it. */
const SELLER = SYSTEM_ORGANIZATION_ID;

/**
 * SQL counting an organisation's confirmed participants between two instants, as its statement counts
 * them (`confirmedParticipantsOfMonth`): members with a confirmed (or absent) seat at a session starting
 * then and not cancelled. For the platform's screens, so they show the count that is billed.
 */
export const billedParticipantsCount = (organizationId: SQL | string, from: SQL, to: SQL): SQL =>
  sql`(select count(distinct p.member_id)::int from services s
    join participants p on p.organization_id = s.organization_id and p.service_id = s.id
    where s.organization_id = ${organizationId} and s.status <> 'cancelled'
      and p.status in (${sql.join(
        BILLED_PARTICIPANT_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      and s.start_date_time >= ${from} and s.start_date_time < ${to})`;

export interface ClubRow {
  id: string;
  key: string;
  name: string;
  timeZone: string;
  locale: string;
}

export interface StatementFilter {
  month?: string;
  clientOrganizationId?: string;
  status?: InvoiceStatus;
}

export interface StatementRow {
  id: string;
  month: string;
  clientOrganizationId: string;
  clientName: string;
  clientKey: string;
  invoiceId: string;
  number: string | null;
  issueDate: string;
  dueDate: string;
  status: InvoiceStatus;
  totalAmount: number;
  creditedAmount: number;
  paidAmount: number;
}

const STATEMENT_COLUMNS = sql`ps.id, ps.month, ps.client_organization_id as "clientOrganizationId",
  c.name as "clientName", c.key as "clientKey", i.id as "invoiceId", i.number,
  i.issue_date::text as "issueDate", i.due_date::text as "dueDate", i.status,
  i.total_amount::float8 as "totalAmount", i.credited_amount::float8 as "creditedAmount",
  i.paid_amount::float8 as "paidAmount"`;
const FROM_STATEMENTS = sql`from platform_statements ps
  join invoices i on i.organization_id = ps.organization_id and i.id = ps.invoice_id
  join organizations c on c.id = ps.client_organization_id`;

function statementWhere(filter: StatementFilter): SQL {
  const conditions: SQL[] = [sql`ps.organization_id = ${SELLER}`];
  if (filter.month) conditions.push(sql`ps.month = ${filter.month}`);
  if (filter.clientOrganizationId) {
    conditions.push(sql`ps.client_organization_id = ${filter.clientOrganizationId}`);
  }
  if (filter.status) conditions.push(sql`i.status = ${filter.status}`);
  return sql.join(conditions, sql` and `);
}

/** The facts of the monthly statements and the link between a club's month and its invoice. */
export function createStatementsRepository(db: Executor) {
  return {
    /** Every club (the system organisation is never billed). */
    async clubs(): Promise<ClubRow[]> {
      return rowsOf<ClubRow>(
        await db.execute(sql`select id, key, name, time_zone as "timeZone", default_locale as locale
          from organizations where not is_system order by id`),
      );
    },

    /** Locks the club's row: two runs issuing its statement at once take turns. */
    async lockClub(clientOrganizationId: string): Promise<ClubRow | undefined> {
      const [row] = rowsOf<ClubRow>(
        await db.execute(sql`select id, key, name, time_zone as "timeZone", default_locale as locale
          from organizations where id = ${clientOrganizationId} and not is_system for update`),
      );
      return row;
    },

    /** The club's licences as local days of its time zone. */
    async licenceSpans(clientOrganizationId: string, timeZone: string): Promise<LicenceSpan[]> {
      return rowsOf<{ planKey: LicencePlan; startDay: string; endDay: string | null }>(
        await db.execute(sql`select plan_key as "planKey",
            (starts_at at time zone ${timeZone})::date::text as "startDay",
            (ended_at at time zone ${timeZone})::date::text as "endDay"
          from licences where organization_id = ${clientOrganizationId}
          order by starts_at, id`),
      );
    },

    /**
     * The club's confirmed (or absent) registrations to the sessions starting in the month (local
     * days); the rule (`confirmedParticipantsOfMonth`) decides which count.
     */
    async participations(
      clientOrganizationId: string,
      month: string,
      timeZone: string,
    ): Promise<Participation[]> {
      const from = `${month}-01`;
      return rowsOf<Participation>(
        await db.execute(sql`select p.member_id as "memberId",
            (s.start_date_time at time zone ${timeZone})::date::text as day,
            p.status as "participantStatus", s.status as "sessionStatus"
          from services s
          join participants p on p.organization_id = s.organization_id and p.service_id = s.id
          where s.organization_id = ${clientOrganizationId}
            and s.start_date_time >= (${from}::date)::timestamp at time zone ${timeZone}
            and s.start_date_time < ((${from}::date + interval '1 month'))::timestamp at time zone ${timeZone}
            and p.status in ('confirmed', 'absent')`),
      );
    },

    /** The club as the buyer of its statements: its billing profile. */
    async clubBillingProfile(clientOrganizationId: string) {
      const [row] = rowsOf<{
        name: string;
        billing_email: string | null;
        contact_email: string | null;
        billing_address: string | null;
        billing_city: string | null;
        billing_postal_code: string | null;
        billing_country: string | null;
        vat_number: string | null;
      }>(
        await db.execute(sql`select name, billing_email, contact_email, billing_address, billing_city,
            billing_postal_code, billing_country, vat_number
          from organizations where id = ${clientOrganizationId}`),
      );
      return row;
    },

    async statementOf(clientOrganizationId: string, month: string): Promise<string | undefined> {
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`select id from platform_statements
          where organization_id = ${SELLER} and client_organization_id = ${clientOrganizationId}
            and month = ${month}`),
      );
      return row?.id;
    },

    async insertStatement(clientOrganizationId: string, month: string, invoiceId: string, now: Date) {
      const id = newId('pst', now.getTime());
      await db.insert(platformStatements).values({
        organizationId: SELLER,
        id,
        clientOrganizationId,
        month,
        invoiceId,
        createdAt: now,
      });
      return id;
    },

    /** A page of statements, latest month first, with the count of every match. */
    async list(filter: StatementFilter, limit: number, offset: number) {
      const where = statementWhere(filter);
      const [items, [count]] = await Promise.all([
        db.execute(sql`select ${STATEMENT_COLUMNS} ${FROM_STATEMENTS} where ${where}
          order by ps.month desc, c.name, ps.id limit ${limit} offset ${offset}`),
        db
          .execute(sql`select count(*)::int as n ${FROM_STATEMENTS} where ${where}`)
          .then((r) => rowsOf<{ n: number }>(r)),
      ]);
      return { rows: rowsOf<StatementRow>(items), total: count?.n ?? 0 };
    },

    /** Every statement of the filter (the CSV export), bounded by the caller. */
    async exportRows(filter: StatementFilter, limit: number): Promise<StatementRow[]> {
      return rowsOf<StatementRow>(
        await db.execute(sql`select ${STATEMENT_COLUMNS} ${FROM_STATEMENTS} where ${statementWhere(filter)}
          order by ps.month desc, c.name, ps.id limit ${limit}`),
      );
    },

    /** Totals per month over every statement of the filter (not only the page). */
    async monthTotals(filter: StatementFilter) {
      return rowsOf<{ month: string; count: number; totalAmount: number; dueAmount: number }>(
        await db.execute(sql`select ps.month, count(*)::int as count,
            sum(i.total_amount)::float8 as "totalAmount",
            sum(case when i.status in ('pending', 'overdue', 'processing')
              then i.total_amount - i.credited_amount - i.paid_amount else 0 end)::float8 as "dueAmount"
          ${FROM_STATEMENTS} where ${statementWhere(filter)}
          group by ps.month order by ps.month desc limit 36`),
      );
    },

    async find(statementId: string): Promise<StatementRow | undefined> {
      const [row] = rowsOf<StatementRow>(
        await db.execute(sql`select ${STATEMENT_COLUMNS} ${FROM_STATEMENTS}
          where ps.organization_id = ${SELLER} and ps.id = ${statementId}`),
      );
      return row;
    },

    /** A club's statement by its invoice (the club downloads its PDF). */
    async findByInvoice(clientOrganizationId: string, invoiceId: string) {
      const [row] = rowsOf<StatementRow>(
        await db.execute(sql`select ${STATEMENT_COLUMNS} ${FROM_STATEMENTS}
          where ps.organization_id = ${SELLER} and ps.client_organization_id = ${clientOrganizationId}
            and ps.invoice_id = ${invoiceId}`),
      );
      return row;
    },
  };
}

export type StatementsRepository = ReturnType<typeof createStatementsRepository>;
