import { sql, type SQL } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';

/** What every report is asked for: the organisation's days (in its time zone), and its scope. */
export interface ReportScope {
  organizationId: string;
  timeZone: string;
  from: string;
  to: string;
  /** An establishment manager's establishment: only its activities. */
  establishmentId: string | null;
  blueprintId: string | null;
  serviceId: string | null;
}

export interface OrderReportRow {
  id: string;
  day: string;
  payer: string | null;
  status: string;
  payment_provider: string;
  total_amount: string | number;
  paid_amount: string | number;
  credited_amount: string | number;
  invoice_number: string | null;
  credit_notes: string | null;
  payments: string | null;
  sort_key: string;
}

export interface PlanningReportRow {
  id: string;
  day: string;
  time: string;
  activity: string;
  duration: number;
  status: string;
  holders: string | null;
  max_seats: number;
  reserved_seats: number;
  sort_key: string;
}

export interface MembersReportRow {
  id: string;
  service_id: string;
  day: string;
  time: string;
  activity: string;
  duration: number;
  last_name: string;
  first_name: string;
  birthdate: string | null;
  phone: string | null;
  status: string;
  sort_key: string;
}

/** Rows per batch: a report is read this many rows at a time (keyset), never whole in memory. */
export const REPORT_BATCH = 1_000;

const localDay = (column: SQL, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`;

/**
 * The reports' rows, read by keyset batches in a fixed order (`sort_key`, built in SQL, then the id), each
 * query scoped by the organisation and, for an establishment manager, by his establishment's activities.
 */
export function createReportsRepository(db: Executor) {
  const sessionScope = (scope: ReportScope) => {
    const where: SQL[] = [
      sql`s.organization_id = ${scope.organizationId}`,
      sql`${localDay(sql`s.start_date_time`, scope.timeZone)} between ${scope.from}::date and ${scope.to}::date`,
    ];
    if (scope.establishmentId) where.push(sql`b.establishment_id = ${scope.establishmentId}`);
    if (scope.blueprintId) where.push(sql`s.blueprint_id = ${scope.blueprintId}`);
    if (scope.serviceId) where.push(sql`s.id = ${scope.serviceId}`);
    return sql.join(where, sql` and `);
  };

  /*
   * An establishment manager's orders are those with a line of his establishment, shown whole, as on the
   * orders screens he already reads: an order is invoiced and paid as a whole, so a share of it would
   * print amounts that match no invoice, payment or credit note.
   */
  const orderScope = (scope: ReportScope) => {
    const where: SQL[] = [
      sql`o.organization_id = ${scope.organizationId}`,
      sql`${localDay(sql`o.created_at`, scope.timeZone)} between ${scope.from}::date and ${scope.to}::date`,
    ];
    if (scope.establishmentId || scope.blueprintId) {
      where.push(sql`exists (select 1 from order_lines ol
          join services s on s.organization_id = ol.organization_id and s.id = ol.service_id
          join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
        where ol.organization_id = o.organization_id and ol.order_id = o.id
          ${scope.establishmentId ? sql`and b.establishment_id = ${scope.establishmentId}` : sql``}
          ${scope.blueprintId ? sql`and b.id = ${scope.blueprintId}` : sql``})`);
    }
    return sql.join(where, sql` and `);
  };

  const count = async (query: SQL) => Number(rowsOf<{ n: string }>(await db.execute(query))[0]?.n ?? 0);

  return {
    countOrders: (scope: ReportScope) =>
      count(sql`select count(*) as n from orders o where ${orderScope(scope)}`),

    async orders(scope: ReportScope, after: string | null): Promise<OrderReportRow[]> {
      const key = sql`to_char(o.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || o.id`;
      return rowsOf<OrderReportRow>(
        await db.execute(sql`
          select o.id, to_char(o.created_at at time zone ${scope.timeZone}, 'DD/MM/YYYY HH24:MI') as day,
            (select nullif(trim(m.first_name || ' ' || m.last_name), '') from members m
              where m.organization_id = o.organization_id and m.user_id = o.user_id limit 1) as payer,
            o.status, o.payment_provider, o.total_amount, o.paid_amount, o.credited_amount,
            i.number as invoice_number,
            (select string_agg(cn.number, ', ' order by cn.number) from credit_notes cn
              where cn.organization_id = o.organization_id and cn.invoice_id = i.id) as credit_notes,
            (select string_agg(p.provider || ' ' || p.status, ', ' order by p.created_at) from payments p
              where p.organization_id = o.organization_id and p.order_id = o.id) as payments,
            ${key} as sort_key
          from orders o
          left join invoices i on i.organization_id = o.organization_id and i.order_id = o.id
          where ${orderScope(scope)} ${after === null ? sql`` : sql`and ${key} > ${after}`}
          order by ${key}
          limit ${REPORT_BATCH}`),
      );
    },

    countSessions: (scope: ReportScope) =>
      count(sql`select count(*) as n from services s
        join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
        where ${sessionScope(scope)}`),

    async sessions(scope: ReportScope, after: string | null): Promise<PlanningReportRow[]> {
      const key = sql`to_char(s.start_date_time at time zone 'UTC', 'YYYYMMDDHH24MISS') || s.id`;
      return rowsOf<PlanningReportRow>(
        await db.execute(sql`
          select s.id, to_char(s.start_date_time at time zone ${scope.timeZone}, 'DD/MM/YYYY') as day,
            to_char(s.start_date_time at time zone ${scope.timeZone}, 'HH24:MI') as time,
            b.name as activity, s.duration, s.status, s.max_seats, s.reserved_seats,
            (select string_agg(nullif(trim(m.first_name || ' ' || m.last_name), ''), ', '
                order by m.last_name, m.first_name)
              from prestations pr
              join members m on m.organization_id = pr.organization_id and m.user_id = pr.holder_user_id
              where pr.organization_id = s.organization_id and pr.service_id = s.id
                and pr.status = 'assigned') as holders,
            ${key} as sort_key
          from services s
          join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          where ${sessionScope(scope)} ${after === null ? sql`` : sql`and ${key} > ${after}`}
          order by ${key}
          limit ${REPORT_BATCH}`),
      );
    },

    countParticipants: (scope: ReportScope) =>
      count(sql`select count(*) as n from participants p
        join services s on s.organization_id = p.organization_id and s.id = p.service_id
        join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
        where p.status in ('confirmed', 'reserved') and ${sessionScope(scope)}`),

    async participants(scope: ReportScope, after: string | null): Promise<MembersReportRow[]> {
      // Sessions in time order, then the members by name: the sheet of each session in one run.
      const key = sql`to_char(s.start_date_time at time zone 'UTC', 'YYYYMMDDHH24MISS') || s.id
        || '|' || lower(m.last_name || ' ' || m.first_name) || '|' || p.id`;
      return rowsOf<MembersReportRow>(
        await db.execute(sql`
          select p.id, s.id as service_id,
            to_char(s.start_date_time at time zone ${scope.timeZone}, 'DD/MM/YYYY') as day,
            to_char(s.start_date_time at time zone ${scope.timeZone}, 'HH24:MI') as time,
            b.name as activity, s.duration, m.last_name, m.first_name, m.birthdate::text as birthdate,
            coalesce(m.phone_number, (select fm.phone_number from members fm
              where fm.organization_id = m.organization_id and fm.family_id = m.family_id
                and fm.user_id is not null and fm.phone_number is not null limit 1)) as phone,
            p.status, ${key} as sort_key
          from participants p
          join services s on s.organization_id = p.organization_id and s.id = p.service_id
          join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
          join members m on m.organization_id = p.organization_id and m.id = p.member_id
          where p.status in ('confirmed', 'reserved') and ${sessionScope(scope)}
            ${after === null ? sql`` : sql`and ${key} > ${after}`}
          order by ${key}
          limit ${REPORT_BATCH}`),
      );
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
