import type { ParticipantStatus } from '@inscrio/shared';
import { and, asc, count, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  auditEvents,
  blueprints,
  invoices,
  members,
  organizations,
  orderLines,
  orders,
  participants,
  payments,
  services,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import { boundedCount, decodeCursor, encodeCursor } from '../../lib/cursor';
import type { AuditEntry } from '../audit/audit.writer';
import { blueprintOfService, serviceOfParticipant } from '../services/joins.repository';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/*
 * The order's state changes, shared by the order use cases (orders.repository) and the payment state
 * machine (order-lifecycle.repository), in the caller's transaction.
 */

/** Locks the order row for a state change (replayed notifications wait, then find it done). */
export async function lockOrderRow(
  db: Executor,
  organizationId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)))
    .for('update');
  return row;
}

export async function updateOrderRow(
  db: Executor,
  organizationId: string,
  orderId: string,
  values: Partial<NewOrderRow>,
): Promise<void> {
  await db
    .update(orders)
    .set(values)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.id, orderId)));
}

/** The order's participants (only those in `statuses` when given), locked. */
export function lockOrderParticipants(
  db: Executor,
  organizationId: string,
  orderId: string,
  statuses?: readonly ParticipantStatus[],
) {
  return db
    .select({
      id: participants.id,
      serviceId: participants.serviceId,
      memberId: participants.memberId,
      status: participants.status,
      holdsSeat: participants.holdsSeat,
      cancelReason: participants.cancelReason,
    })
    .from(participants)
    .where(
      and(
        eq(participants.organizationId, organizationId),
        eq(participants.orderId, orderId),
        statuses ? inArray(participants.status, [...statuses]) : undefined,
      ),
    )
    .for('update');
}

/** An order line with the member, session and participant it concerns. */
export interface OrderLineView {
  line: Pick<
    OrderLineRow,
    | 'id'
    | 'participantId'
    | 'description'
    | 'unitPrice'
    | 'supplements'
    | 'taxPercentage'
    | 'totalAmount'
    | 'taxAmount'
  >;
  member: { id: string; firstName: string; lastName: string };
  service: {
    id: string;
    blueprintId: string;
    blueprintName: string;
    colorCode: string;
    startDateTime: Date;
    duration: number;
    status: string;
  };
  participantStatus: string;
  /** Cents of the line taken off by credit notes (none at checkout). */
  creditedAmount?: number;
}

/** What the order pages need of the organisation (transfer instructions, time zone). */
export interface OrderOrganization {
  id: string;
  name: string;
  timeZone: string;
  iban: string | null;
  bic: string | null;
  billingCountry: string | null;
  paymentProvider: string;
  holdMinutes: number;
  buckarooWebsiteKey: string | null;
  buckarooSecretKeyEncrypted: string | null;
}

/** The family's name on an order: the person who checked out. */
export const buyerMember = and(
  eq(members.organizationId, orders.organizationId),
  eq(members.userId, orders.userId),
);

/** The number of the order's invoice (null until numbered): with its date, what names an order for a family. */
export const invoiceNumberOf = sql<string | null>`(select i.number from ${invoices} i
  where i.organization_id = ${orders.organizationId} and i.order_id = ${orders.id} and i.number is not null
  order by i.created_at limit 1)`;

export interface OrderFilter {
  familyId?: string;
  status?: string;
  /** An establishment manager: orders with at least one line in their establishment. */
  establishmentId?: string | null;
}

/** Orders, their lines and payments. Every query is scoped by the organisation id. */
/** The orders list's cursor: its order's key (created_at as PostgreSQL prints it, then id). */
export const ORDER_CURSOR = ['orders', ['timestamp', 'text']] as const;

/** A page: by offset (exact count), or by keyset after a cursor (`after` '' = the first page). */
export type OrderPaging = { limit: number; offset: number } | { limit: number; after: string };

/** A row of an order list: the order, its buyer, its lines (all, and those not cancelled), its invoice. */
export const ORDER_ROW = {
  order: orders,
  firstName: members.firstName,
  lastName: members.lastName,
  linesCount: sql<number>`(select cast(count(*) as int) from ${orderLines}
    where ${orderLines.organizationId} = ${orders.organizationId} and ${orderLines.orderId} = ${orders.id})`,
  liveLinesCount: sql<number>`(select cast(count(*) as int) from ${orderLines}
    join ${participants} on ${participants.organizationId} = ${orderLines.organizationId}
      and ${participants.id} = ${orderLines.participantId}
    where ${orderLines.organizationId} = ${orders.organizationId} and ${orderLines.orderId} = ${orders.id}
      and ${participants.status} <> 'cancelled')`,
  invoiceNumber: invoiceNumberOf,
  /** The creation instant as PostgreSQL prints it (microseconds kept), for the cursor. */
  createdKey: sql<string>`${orders.createdAt}::text`,
};

export function createOrdersRepository(db: Executor) {
  const where = (organizationId: string, filter: OrderFilter): SQL | undefined =>
    and(
      eq(orders.organizationId, organizationId),
      filter.familyId ? eq(orders.familyId, filter.familyId) : undefined,
      filter.status ? eq(orders.status, filter.status) : undefined,
      filter.establishmentId
        ? exists(
            db
              .select({ one: sql`1` })
              .from(orderLines)
              .innerJoin(
                services,
                and(
                  eq(services.organizationId, orderLines.organizationId),
                  eq(services.id, orderLines.serviceId),
                ),
              )
              .innerJoin(blueprints, blueprintOfService)
              .where(
                and(
                  eq(orderLines.organizationId, orders.organizationId),
                  eq(orderLines.orderId, orders.id),
                  eq(blueprints.establishmentId, filter.establishmentId),
                ),
              ),
          )
        : undefined,
    );

  return {
    async organization(organizationId: string): Promise<OrderOrganization | undefined> {
      const [row] = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          timeZone: organizations.timeZone,
          iban: organizations.iban,
          bic: organizations.bic,
          billingCountry: organizations.billingCountry,
          paymentProvider: organizations.paymentProvider,
          holdMinutes: organizations.holdMinutes,
          buckarooWebsiteKey: organizations.buckarooWebsiteKey,
          buckarooSecretKeyEncrypted: organizations.buckarooSecretKeyEncrypted,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row;
    },

    /**
     * One page of orders, newest first, with the buyer's name and the number of lines, and how many
     * match: by offset (exact count), or by keyset after a cursor (`after` '' = the first page; the
     * index on (organisation, created_at, id) serves any depth, the count stops at `LIST_COUNT_LIMIT`).
     */
    async list(organizationId: string, filter: OrderFilter, paging: OrderPaging) {
      const condition = where(organizationId, filter);
      const after = 'after' in paging && paging.after ? decodeCursor(...ORDER_CURSOR, paging.after) : null;
      const keyset = after
        ? sql`(${orders.createdAt}, ${orders.id}) < (${after[0]}::timestamptz, ${after[1]})`
        : undefined;
      const query = db
        .select({
          ...ORDER_ROW,
        })
        .from(orders)
        .leftJoin(members, buyerMember)
        .where(and(condition, keyset))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      const cursorOf = (row: { createdKey: string; order: { id: string } }) =>
        encodeCursor(ORDER_CURSOR[0], [row.createdKey, row.order.id]);
      if ('after' in paging) {
        const [rows, counted] = await Promise.all([
          query.limit(paging.limit + 1),
          boundedCount(db, sql`select 1 from ${orders} where ${condition}`),
        ]);
        const shown = rows.slice(0, paging.limit);
        return {
          rows: shown,
          total: counted.total,
          capped: counted.capped,
          nextCursor: rows.length > paging.limit ? cursorOf(shown.at(-1)!) : null,
        };
      }
      const rows = await query.limit(paging.limit).offset(paging.offset);
      const [total] = await db.select({ n: count() }).from(orders).where(condition);
      const n = total?.n ?? 0;
      return {
        rows,
        total: n,
        capped: false,
        nextCursor: rows.length > 0 && paging.offset + rows.length < n ? cursorOf(rows.at(-1)!) : null,
      };
    },

    /** One order (in the family when given), with the buyer's name. */
    async find(organizationId: string, orderId: string, filter: OrderFilter = {}) {
      const [row] = await db
        .select({
          order: orders,
          firstName: members.firstName,
          lastName: members.lastName,
          invoiceNumber: invoiceNumberOf,
        })
        .from(orders)
        .leftJoin(members, buyerMember)
        .where(and(where(organizationId, filter), eq(orders.id, orderId)));
      return row;
    },

    async lines(organizationId: string, orderId: string): Promise<OrderLineView[]> {
      const rows = await db
        .select({
          line: {
            id: orderLines.id,
            participantId: orderLines.participantId,
            description: orderLines.description,
            unitPrice: orderLines.unitPrice,
            supplements: orderLines.supplements,
            taxPercentage: orderLines.taxPercentage,
            totalAmount: orderLines.totalAmount,
            taxAmount: orderLines.taxAmount,
          },
          member: { id: members.id, firstName: members.firstName, lastName: members.lastName },
          service: {
            id: services.id,
            blueprintId: services.blueprintId,
            blueprintName: blueprints.name,
            colorCode: blueprints.colorCode,
            startDateTime: services.startDateTime,
            duration: services.duration,
            status: services.status,
          },
          participantStatus: participants.status,
          // Credit notes on the invoice lines made from this order line.
          creditedAmount: sql<number>`(select cast(coalesce(sum(cl.total_amount), 0) as bigint)
            from invoice_lines il join credit_note_lines cl
              on cl.organization_id = il.organization_id and cl.invoice_line_id = il.id
            where il.organization_id = ${orderLines.organizationId} and il.order_line_id = ${orderLines.id})`,
        })
        .from(orderLines)
        .innerJoin(
          participants,
          and(
            eq(participants.organizationId, orderLines.organizationId),
            eq(participants.id, orderLines.participantId),
          ),
        )
        .innerJoin(services, serviceOfParticipant)
        .innerJoin(blueprints, blueprintOfService)
        .innerJoin(
          members,
          and(eq(members.organizationId, participants.organizationId), eq(members.id, participants.memberId)),
        )
        .where(and(eq(orderLines.organizationId, organizationId), eq(orderLines.orderId, orderId)))
        .orderBy(asc(orderLines.position));
      return rows;
    },

    payments(organizationId: string, orderId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.organizationId, organizationId), eq(payments.orderId, orderId)))
        .orderBy(asc(payments.createdAt), asc(payments.id));
    },

    lock: (organizationId: string, orderId: string) => lockOrderRow(db, organizationId, orderId),
    update: (organizationId: string, orderId: string, values: Partial<NewOrderRow>) =>
      updateOrderRow(db, organizationId, orderId, values),
    lockParticipants: (organizationId: string, orderId: string) =>
      lockOrderParticipants(db, organizationId, orderId),

    async updateParticipants(
      organizationId: string,
      ids: string[],
      values: Partial<typeof participants.$inferInsert>,
    ) {
      if (ids.length === 0) return;
      await db
        .update(participants)
        .set(values)
        .where(and(eq(participants.organizationId, organizationId), inArray(participants.id, ids)));
    },

    /** Appends several audit events in one statement (same shape as the audit writer). */
    async audit(entries: AuditEntry[]) {
      if (entries.length === 0) return;
      await db.insert(auditEvents).values(entries.map((entry) => ({ id: newId('aud'), data: {}, ...entry })));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
