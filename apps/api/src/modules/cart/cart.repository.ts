import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { type Executor, executePrepared } from '../../db/client';
import type { auditEvents, orderLines, orders, payments } from '../../db/schema';
import { blueprintSupplements, mollieConnections, participants, periods, services } from '../../db/schema';

export type SupplementRow = Awaited<ReturnType<CartRepository['supplements']>>[number];

export interface LineSupplement {
  id: string;
  name: string;
  price: number;
  minAge: number | null;
  maxAge: number | null;
}

/** A line of the family's cart: a reserved, cart-linked participant still on hold, with its supplements. */
export interface CartLine {
  participantId: string;
  chosenSupplementIds: string[];
  holdExpiresAt: Date;
  memberId: string;
  firstName: string;
  lastName: string;
  birthdate: string | null;
  serviceId: string;
  blueprintId: string;
  startDateTime: Date;
  duration: number;
  status: string;
  blueprintName: string;
  colorCode: string;
  price: number;
  taxPercentage: number;
  supplements: LineSupplement[];
}

/** What the cart shows of the organisation: time zone and what may be paid with. */
export interface CartOrganization {
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
  mollieConnected: boolean;
}

type RawLine = Omit<CartLine, 'holdExpiresAt' | 'startDateTime'> & {
  holdExpiresAt: string | Date;
  startDateTime: string | Date;
};
const toLine = (raw: RawLine): CartLine => ({
  ...raw,
  holdExpiresAt: new Date(raw.holdExpiresAt),
  startDateTime: new Date(raw.startDateTime),
});

/** The columns of a cart line (participant p, session s, activity b, member m). */
const LINE_FIELDS = sql.raw(`p.id as "participantId", p.chosen_supplement_ids as "chosenSupplementIds",
  p.hold_expires_at as "holdExpiresAt", m.id as "memberId", m.first_name as "firstName",
  m.last_name as "lastName", m.birthdate::text as birthdate, s.id as "serviceId",
  s.blueprint_id as "blueprintId", s.start_date_time as "startDateTime", s.duration, s.status,
  b.name as "blueprintName", b.color_code as "colorCode", b.price, b.tax_percentage as "taxPercentage",
  (select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'price', x.price,
      'minAge', x.min_age, 'maxAge', x.max_age) order by x.position, x.name), '[]'::json)
    from blueprint_supplements x
    where x.organization_id = b.organization_id and x.blueprint_id = b.id) as supplements`);

const linesFrom = (organizationId: string, familyId: string, now: Date) => sql`
  from participants p
  join services s on s.organization_id = p.organization_id and s.id = p.service_id
  join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
  join members m on m.organization_id = p.organization_id and m.id = p.member_id
  where p.organization_id = ${organizationId} and p.family_id = ${familyId} and p.status = 'reserved'
    and p.cart_linked and p.hold_expires_at > ${now.toISOString()}::timestamptz`;

const inCart = (organizationId: string, familyId: string) =>
  and(
    eq(participants.organizationId, organizationId),
    eq(participants.familyId, familyId),
    eq(participants.status, 'reserved'),
    eq(participants.cartLinked, true),
  );

/** The cart's reads and writes. Every query is scoped by the organisation id. */
export function createCartRepository(db: Executor) {
  return {
    /**
     * The organisation (time zone, payment settings) and the family's cart lines still on hold at `now`,
     * oldest first, with their supplements: one round trip.
     */
    async view(
      organizationId: string,
      familyId: string,
      now: Date,
    ): Promise<{ organization: CartOrganization; lines: CartLine[] } | undefined> {
      const result = await executePrepared(
        db,
        'cart_view',
        sql`
        select o.id, o.name, o.time_zone as "timeZone", o.iban, o.bic, o.billing_country as "billingCountry",
          o.payment_provider as "paymentProvider", o.hold_minutes as "holdMinutes",
          o.buckaroo_website_key as "buckarooWebsiteKey",
          o.buckaroo_secret_key_encrypted as "buckarooSecretKeyEncrypted",
          exists (select 1 from mollie_connections mc where mc.organization_id = o.id
            and mc.access_token_encrypted is not null and mc.disconnected_at is null) as "mollieConnected",
          (select coalesce(json_agg(l order by l."createdAt", l."participantId"), '[]'::json)
            from (select ${LINE_FIELDS}, p.created_at as "createdAt" ${linesFrom(organizationId, familyId, now)}) l
          ) as lines
        from organizations o where o.id = ${organizationId}`,
      );
      const row = (result as (CartOrganization & { lines: (RawLine & { createdAt: string })[] })[])[0];
      if (!row) return undefined;
      const { lines, ...organization } = row;
      return { organization, lines: lines.map(({ createdAt: _createdAt, ...line }) => toLine(line)) };
    },

    /** The organisation's payment settings and the buyer's name, for checkout: one round trip. */
    async checkoutFacts(organizationId: string, userId: string) {
      const result = await executePrepared(
        db,
        'cart_checkout_facts',
        sql`
        select o.id, o.name, o.time_zone as "timeZone", o.iban, o.bic, o.billing_country as "billingCountry",
          o.payment_provider as "paymentProvider", o.hold_minutes as "holdMinutes",
          o.buckaroo_website_key as "buckarooWebsiteKey",
          o.buckaroo_secret_key_encrypted as "buckarooSecretKeyEncrypted",
          exists (select 1 from mollie_connections mc where mc.organization_id = o.id
            and mc.access_token_encrypted is not null and mc.disconnected_at is null) as "mollieConnected",
          m.first_name as "buyerFirstName", m.last_name as "buyerLastName"
        from organizations o
        left join members m on m.organization_id = o.id and m.user_id = ${userId}
        where o.id = ${organizationId}`,
      );
      return (
        result as (CartOrganization & { buyerFirstName: string | null; buyerLastName: string | null })[]
      )[0];
    },

    /**
     * Writes an order made from cart lines in one statement: the order (unless its structured reference
     * is taken: then nothing is written and the caller draws another), its lines, the awaited payment,
     * the participants moved onto it, and the audit events. Answers whether it was written.
     */
    async writeOrder(input: {
      order: typeof orders.$inferInsert & { createdAt: Date; updatedAt: Date };
      lines: (typeof orderLines.$inferInsert)[];
      payments: (typeof payments.$inferInsert)[];
      participantIds: string[];
      confirm: boolean;
      holdExpiresAt: Date | null;
      audit: (typeof auditEvents.$inferInsert)[];
    }): Promise<boolean> {
      const { order } = input;
      const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
      const lineRecords = input.lines.map((l) => ({
        organization_id: l.organizationId,
        id: l.id,
        order_id: l.orderId,
        participant_id: l.participantId,
        service_id: l.serviceId,
        member_id: l.memberId,
        description: l.description,
        unit_price: l.unitPrice,
        supplements: l.supplements ?? [],
        tax_percentage: l.taxPercentage ?? 0,
        total_amount: l.totalAmount,
        tax_amount: l.taxAmount ?? 0,
        position: l.position ?? 0,
      }));
      const paymentRecords = input.payments.map((p) => ({
        organization_id: p.organizationId,
        id: p.id,
        order_id: p.orderId,
        provider: p.provider,
        status: p.status ?? 'open',
        amount: p.amount,
        refunded_amount: p.refundedAmount ?? 0,
        provider_payment_id: p.providerPaymentId ?? null,
        checkout_url: p.checkoutUrl ?? null,
        method: p.method ?? null,
        received_at: iso(p.receivedAt),
        recorded_by_user_id: p.recordedByUserId ?? null,
        created_at: iso(p.createdAt ?? order.createdAt),
        updated_at: iso(p.updatedAt ?? order.createdAt),
      }));
      const auditRecords = input.audit.map((a) => ({
        organization_id: a.organizationId,
        id: a.id,
        type: a.type,
        actor_user_id: a.actorUserId ?? null,
        impersonator_user_id: a.impersonatorUserId ?? null,
        subject_type: a.subjectType ?? null,
        subject_id: a.subjectId ?? null,
        data: a.data ?? {},
        request_id: a.requestId ?? null,
        ip: a.ip ?? null,
        created_at: iso(order.createdAt),
      }));
      const now = iso(order.createdAt);
      const result = await executePrepared(
        db,
        'cart_write_order',
        sql`
        with o as (
          insert into orders (organization_id, id, family_id, user_id, status, payment_provider,
            total_amount, tax_amount, paid_amount, structured_reference, locale, hold_expires_at, paid_at,
            created_at, updated_at)
          values (${order.organizationId}, ${order.id}, ${order.familyId}, ${order.userId}, ${order.status},
            ${order.paymentProvider}, ${order.totalAmount}, ${order.taxAmount ?? 0}, ${order.paidAmount ?? 0},
            ${order.structuredReference ?? null}, ${order.locale ?? 'fr'}, ${iso(order.holdExpiresAt)}::timestamptz,
            ${iso(order.paidAt)}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)
          on conflict do nothing
          returning id
        ), l as (
          insert into order_lines
          select * from json_populate_recordset(null::order_lines, ${JSON.stringify(lineRecords)}::json)
          where exists (select 1 from o)
        ), p as (
          insert into payments
          select * from json_populate_recordset(null::payments, ${JSON.stringify(paymentRecords)}::json)
          where exists (select 1 from o)
        ), u as (
          update participants set
            status = case when ${input.confirm} then 'confirmed' else status end,
            confirmed_at = case when ${input.confirm} then ${now}::timestamptz else confirmed_at end,
            cart_linked = false,
            hold_expires_at = ${iso(input.holdExpiresAt)}::timestamptz,
            order_id = ${order.id},
            updated_at = ${now}::timestamptz
          where organization_id = ${order.organizationId}
            and id in (select json_array_elements_text(${JSON.stringify(input.participantIds)}::json))
            and exists (select 1 from o)
        ), a as (
          insert into audit_events
          select * from json_populate_recordset(null::audit_events, ${JSON.stringify(auditRecords)}::json)
          where exists (select 1 from o)
        )
        select count(*)::int as written from o`,
      );
      return ((result as { written: number }[])[0]?.written ?? 0) === 1;
    },

    /** The family's cart lines still on hold, locked for checkout (other checkouts of the family wait). */
    async lockLines(organizationId: string, familyId: string, now: Date): Promise<CartLine[]> {
      const result = await executePrepared(
        db,
        'cart_lock_lines',
        sql`
        select ${LINE_FIELDS} ${linesFrom(organizationId, familyId, now)}
        order by p.created_at, p.id
        for update of p`,
      );
      return (result as RawLine[]).map(toLine);
    },

    /** The family's cart lines whose hold has lapsed (the holds job removes them too). */
    expiredLines(organizationId: string, familyId: string, now: Date) {
      return db
        .select({ id: participants.id, serviceId: participants.serviceId })
        .from(participants)
        .where(and(inCart(organizationId, familyId), lte(participants.holdExpiresAt, now)))
        .for('update', { skipLocked: true });
    },

    /** One cart line of the family (any hold), for removal. */
    async findLine(organizationId: string, familyId: string, participantId: string) {
      const [row] = await db
        .select({ id: participants.id, serviceId: participants.serviceId })
        .from(participants)
        .where(
          and(
            inCart(organizationId, familyId),
            eq(participants.id, participantId),
            isNull(participants.orderId),
          ),
        )
        .for('update');
      return row;
    },

    async deleteLines(organizationId: string, ids: string[]) {
      if (ids.length === 0) return;
      await db
        .delete(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            inArray(participants.id, ids),
            eq(participants.cartLinked, true),
            isNull(participants.orderId),
          ),
        );
    },

    supplements(organizationId: string, blueprintIds: string[]) {
      if (blueprintIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          blueprintId: blueprintSupplements.blueprintId,
          id: blueprintSupplements.id,
          name: blueprintSupplements.name,
          price: blueprintSupplements.price,
          minAge: blueprintSupplements.minAge,
          maxAge: blueprintSupplements.maxAge,
        })
        .from(blueprintSupplements)
        .where(
          and(
            eq(blueprintSupplements.organizationId, organizationId),
            inArray(blueprintSupplements.blueprintId, blueprintIds),
          ),
        )
        .orderBy(asc(blueprintSupplements.position), asc(blueprintSupplements.name));
    },

    async periodExists(organizationId: string, periodId: string) {
      const [row] = await db
        .select({ id: periods.id })
        .from(periods)
        .where(and(eq(periods.organizationId, organizationId), eq(periods.id, periodId)));
      return row !== undefined;
    },

    /** The upcoming sessions (not cancelled) of an activity in a period, soonest first. */
    async periodSessions(
      organizationId: string,
      blueprintId: string,
      periodId: string,
      now: Date,
      limit: number,
    ) {
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(
          and(
            eq(services.organizationId, organizationId),
            eq(services.blueprintId, blueprintId),
            eq(services.periodId, periodId),
            gt(services.startDateTime, now),
            ne(services.status, 'cancelled'),
          ),
        )
        .orderBy(asc(services.startDateTime))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Whether the organisation's Mollie account is connected (tokens held, not disconnected). */
    async mollieConnected(organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ ok: sql<boolean>`true` })
        .from(mollieConnections)
        .where(
          and(
            eq(mollieConnections.organizationId, organizationId),
            sql`${mollieConnections.accessTokenEncrypted} is not null`,
            isNull(mollieConnections.disconnectedAt),
          ),
        );
      return row !== undefined;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
