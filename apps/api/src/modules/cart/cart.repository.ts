import { and, asc, eq, gt, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedStatement } from '../../db/client';
import { participants, periods, services } from '../../db/schema';
import { type EligibilityRequest } from '../registrations/eligibility';
import {
  type EligibilityRow,
  eligibilityStatement,
  eligibilityValues,
} from '../registrations/eligibility.repository';
import { type SupplementData } from '../registrations/pricing';
import type { SupplementCharge } from '../registrations/supplement-charges';

export type LineSupplement = SupplementData;

/** A line of the family's cart: a reserved, cart-linked participant, with its supplements. */
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
  periodId: string | null;
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

/**
 * The family's cart as read: the organisation's settings, every cart line (lapsed ones included), and
 * the supplements its live orders charged already (for `chargeOnceSupplements`).
 */
export interface CartRead {
  organization: CartOrganization;
  lines: CartLine[];
  charged: SupplementCharge[];
}

export type RawLine = Omit<CartLine, 'holdExpiresAt' | 'startDateTime'> & {
  holdExpiresAt: string | Date;
  startDateTime: string | Date;
};
export const toLine = (raw: RawLine): CartLine => ({
  ...raw,
  holdExpiresAt: new Date(raw.holdExpiresAt),
  startDateTime: new Date(raw.startDateTime),
});

/** The lines still on hold at `now` (a line whose hold lapsed is gone for the family). */
export const onHold = (lines: CartLine[], now: Date) =>
  lines.filter((l) => l.holdExpiresAt.getTime() > now.getTime());

export const p = (name: string) => sql.placeholder(name);

/*
 * The family's cart lines (participant p, member m, session and activity s), for the placeholders
 * `organizationId` and `familyId`. Every cart line is read, lapsed ones too (the caller tells them apart),
 * so the only index that fits is the family's, whatever the statistics say (with a condition on the hold,
 * the planner could pick the hold-expiry index). The member and the session are looked up per line by
 * primary key: `offset 0` keeps those sub-selects from being flattened into joins that the planner, with
 * statistics older than the rows (the bench's server runs without autovacuum; a busy registration day
 * can outrun it too), turned into merge joins reading every member of the organisation (1.6 ms instead
 * of 0.1 ms).
 */
export const LINE_FIELDS = sql.raw(`p.id as "participantId", p.chosen_supplement_ids as "chosenSupplementIds",
  p.hold_expires_at as "holdExpiresAt", m.id as "memberId", m.first_name as "firstName",
  m.last_name as "lastName", m.birthdate::text as birthdate, s.id as "serviceId",
  s.blueprint_id as "blueprintId", s.period_id as "periodId", s.start_date_time as "startDateTime", s.duration, s.status,
  s.blueprint_name as "blueprintName", s.color_code as "colorCode", s.price,
  s.tax_percentage as "taxPercentage", s.supplements`);

export const linesFrom = (joins: SQL = sql``) => sql`
  from participants p ${joins}
  cross join lateral (
    select m.id, m.first_name, m.last_name, m.birthdate from members m
    where m.organization_id = p.organization_id and m.id = p.member_id
    offset 0) m
  cross join lateral (
    select s.id, s.blueprint_id, s.period_id, s.start_date_time, s.duration, s.status,
      b.name as blueprint_name, b.color_code, b.price, b.tax_percentage,
      (select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'price', x.price,
          'minAge', x.min_age, 'maxAge', x.max_age, 'frequency', x.frequency) order by x.position, x.name),
          '[]'::json)
        from blueprint_supplements x
        where x.organization_id = b.organization_id and x.blueprint_id = b.id) as supplements
    from services s
    join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
    where s.organization_id = p.organization_id and s.id = p.service_id
    offset 0) s
  where p.organization_id = ${p('organizationId')} and p.family_id = ${p('familyId')}
    and p.status = 'reserved' and p.cart_linked`;

/** The family's cart lines, oldest first, as one JSON array. */
const LINES_JSON = sql`(select coalesce(json_agg(l order by l."createdAt", l."participantId"), '[]'::json)
  from (select ${LINE_FIELDS}, p.created_at as "createdAt" ${linesFrom()}) l)`;

/*
 * The supplements the family's live orders charged already, per member, activity and period: for each
 * live registration of the family that is ordered (reserved awaiting its online payment, or confirmed),
 * every supplement its order charged to that member for a session of the same activity and period (or
 * without a period, as it is). A `once` supplement found here is not charged again
 * (`chargeOnceSupplements`). Read by the family's index, then by primary keys and the order's index
 * (`lateral`, `offset 0`: the statements reading it keep one plan, see `eligibilityStatement`).
 */
export const CHARGED_JSON = sql`(select coalesce(json_agg(k), '[]'::json) from (
  select distinct ol.member_id as "memberId", ls.blueprint_id as "blueprintId", ls.period_id as "periodId",
    x.value->>'supplementId' as "supplementId"
  from (
    select lp.organization_id, lp.service_id, lp.order_id, lp.member_id
    from participants lp
    where lp.organization_id = ${p('organizationId')} and lp.family_id = ${p('familyId')}
      and lp.status in ('reserved', 'confirmed') and lp.order_id is not null
    offset 0) lp
  cross join lateral (
    select ls.blueprint_id, ls.period_id from services ls
    where ls.organization_id = lp.organization_id and ls.id = lp.service_id
    offset 0) ls
  cross join lateral (
    select ol.member_id, ol.supplements from order_lines ol
    where ol.organization_id = lp.organization_id and ol.order_id = lp.order_id
      and ol.member_id = lp.member_id
      and exists (select 1 from services os
        where os.organization_id = ol.organization_id and os.id = ol.service_id
          and os.blueprint_id = ls.blueprint_id and os.period_id is not distinct from ls.period_id)
    offset 0) ol
  cross join lateral jsonb_array_elements(ol.supplements) x) k)`;

/** The organisation's cart settings, from `organizations o`. */
export const ORGANIZATION_FIELDS = sql.raw(`o.id, o.name, o.time_zone as "timeZone", o.iban, o.bic,
  o.billing_country as "billingCountry", o.payment_provider as "paymentProvider",
  o.hold_minutes as "holdMinutes", o.buckaroo_website_key as "buckarooWebsiteKey",
  o.buckaroo_secret_key_encrypted as "buckarooSecretKeyEncrypted",
  exists (select 1 from mollie_connections mc where mc.organization_id = o.id
    and mc.access_token_encrypted is not null and mc.disconnected_at is null) as "mollieConnected"`);

type CartRow = CartOrganization & {
  lines: (RawLine & { createdAt: string })[];
  charged: SupplementCharge[];
};

function toCartRead(row: CartRow): CartRead {
  const { lines, charged, ...organization } = row;
  return {
    organization,
    lines: lines.map(({ createdAt: _createdAt, ...line }) => toLine(line)),
    charged,
  };
}

const cartView = preparedStatement<CartRow>(
  'cart_view',
  sql`select ${ORGANIZATION_FIELDS}, ${LINES_JSON} as lines, ${CHARGED_JSON} as charged
    from organizations o where o.id = ${p('organizationId')}`,
  { plan: 'generic' },
);

/** The eligibility facts of a (session, member) pair, with the family's cart: what adding needs. */
const eligibilityWithCart = eligibilityStatement<{ cart: CartRow }>(
  'cart_eligibility',
  sql`(select row_to_json(c) from (select ${ORGANIZATION_FIELDS}, ${LINES_JSON} as lines,
    ${CHARGED_JSON} as charged) c) as cart`,
);

const inCart = (organizationId: string, familyId: string) =>
  and(
    eq(participants.organizationId, organizationId),
    eq(participants.familyId, familyId),
    eq(participants.status, 'reserved'),
    eq(participants.cartLinked, true),
  );

/** The cart's reads and its lines' writes (the checkout's: checkout.repository.ts). Every query is scoped by the organisation id. */
export function createCartRepository(db: Executor) {
  return {
    /** The organisation (time zone, payment settings) and the family's cart lines: one round trip. */
    async view(organizationId: string, familyId: string): Promise<CartRead | undefined> {
      const [row] = await cartView(db, { organizationId, familyId });
      return row && toCartRead(row);
    },

    /**
     * The eligibility facts of a pair (`judgeEligibility` checks them) and the family's cart, in one
     * round trip: adding to the cart answers with the cart, and a refused pair costs no other query.
     */
    async eligibilityWithCart(
      request: EligibilityRequest & { familyId: string },
      now: Date,
    ): Promise<{ facts: EligibilityRow | undefined; cart: CartRead | undefined }> {
      const [row] = await eligibilityWithCart(db, eligibilityValues(request, now));
      if (!row) return { facts: undefined, cart: undefined };
      const { cart, ...facts } = row;
      return { facts, cart: toCartRead(cart) };
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
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
