import { sql } from 'drizzle-orm';
import {
  ASYNC_COMMIT,
  columnRecord,
  earlyCommitStatement,
  type Executor,
  preparedStatement,
} from '../../db/client';
import { auditEvents, invoiceLines, invoices, orderLines, type orders, payments } from '../../db/schema';
import { BUYER_COLUMNS, SELLER_COLUMNS } from '../invoicing/invoice-lifecycle.repository';
import {
  type BuyerRow,
  type InvoiceLineRow,
  type InvoiceRow,
  type SellerRow,
} from '../invoicing/invoice-documents';
import type { SupplementCharge } from '../registrations/supplement-charges';
import {
  CHARGED_JSON,
  type CartOrganization,
  LINE_FIELDS,
  linesFrom,
  ORGANIZATION_FIELDS,
  p,
  type RawLine,
  toLine,
} from './cart.repository';

/** The buyer of an order's invoice (the user and their own member), with that member's id. */
export type CartBuyer = BuyerRow & { member_id: string | null };

/** Beside each cart line: the organisation's settings, and the seller and buyer its invoice names. */
type CheckoutLineRow = RawLine &
  CartOrganization & { seller: SellerRow; buyer: CartBuyer; charged: SupplementCharge[] };

const checkoutLinesStatement = preparedStatement<CheckoutLineRow>(
  'cart_checkout_lines',
  sql`select ${LINE_FIELDS}, ${ORGANIZATION_FIELDS}, seller.seller, buyer.buyer, ${CHARGED_JSON} as charged
    ${linesFrom(sql`join organizations o on o.id = p.organization_id
      cross join lateral (
        select row_to_json(x) as seller from (select ${SELLER_COLUMNS} from organizations org
          where org.id = p.organization_id offset 0) x) seller
      cross join lateral (
        select row_to_json(x) as buyer from (select ${BUYER_COLUMNS} from users u
          left join members m on m.organization_id = u.organization_id and m.user_id = u.id
          where u.organization_id = p.organization_id and u.id = ${p('userId')} offset 0) x) buyer`)}
    order by p.created_at, p.id`,
  { plan: 'generic' },
);

/*
 * The order, written in ONE statement run on its own (no explicit transaction: one round trip, and the
 * row locks it takes are held only while it runs and commits). Optimistic: the cart was read without
 * locks, so the statement first locks the lines it was priced from and checks that each is still an
 * unordered cart line of the family on hold (`valid`); only then, and unless the structured reference is
 * taken (`on conflict do nothing`: the caller draws another), is the order inserted, and everything else
 * hangs on that insert: lines, awaited payment, participants moved onto the order, audit events, and the
 * invoice (offline or free) with its lines. The invoice takes its number here from the organisation's
 * counter row (`next_document_number`), locked from then until this statement commits: numbers stay
 * gapless, and concurrent checkouts wait for each other only that long — not for each other's fsync: the
 * statement commits without waiting for the disk (`ASYNC_COMMIT`, db/client.ts) and is followed, on its
 * connection, by the flush (`earlyCommitStatement`, one fsync shared by every checkout waiting) before
 * the order is told written.
 *
 * Planner-proof, as the cart's reads (the bench server runs without autovacuum, so statistics lag far
 * behind the rows): the lines are looked up among the family's (`family_id` and `status` always given,
 * named by an array: `id in (select json_array_elements_text(...))` was planned as a hash join over the
 * whole table), with no condition that another index could match better on stale statistics. So the
 * hold is checked in `checked`, not in the lookup (the hold-expiry index), and "not ordered yet" is
 * `cart_linked` alone (an ordered line is never cart-linked; `order_id is null` made the planner walk
 * every unordered participant of the organisation by the order index: 1,500+ rows per checkout).
 */
const writeOrderStatement = earlyCommitStatement<{ valid: boolean; written: boolean }>(
  'cart_write_order',
  sql`
  with priced as (
    select p.id, p.hold_expires_at from participants p
    where p.organization_id = ${p('organizationId')} and p.family_id = ${p('familyId')}
      and p.status = 'reserved' and p.cart_linked
      and p.id = any(array(select json_array_elements_text(${p('participantIds')}::json)))
    for update of p
  ), checked as (
    select count(*) filter (where hold_expires_at > ${p('now')}::timestamptz)
      = json_array_length(${p('participantIds')}::json) as valid
    from priced
  ), o as (
    insert into orders (organization_id, id, family_id, user_id, status, payment_provider,
      total_amount, tax_amount, paid_amount, structured_reference, locale, hold_expires_at, paid_at,
      created_at, updated_at)
    select ${p('organizationId')}, ${p('orderId')}, ${p('familyId')}, ${p('userId')}, ${p('status')},
      ${p('paymentProvider')}, ${p('totalAmount')}, ${p('taxAmount')}, ${p('paidAmount')},
      ${p('structuredReference')}, ${p('locale')}, ${p('holdExpiresAt')}::timestamptz,
      ${p('paidAt')}::timestamptz, ${p('now')}::timestamptz, ${p('now')}::timestamptz
    from checked where checked.valid
    on conflict do nothing
    returning id
  ), l as (
    insert into order_lines
    select * from json_populate_recordset(null::order_lines, ${p('lines')}::json)
    where exists (select 1 from o)
  ), pay as (
    insert into payments
    select * from json_populate_recordset(null::payments, ${p('payments')}::json)
    where exists (select 1 from o)
  ), u as (
    update participants set
      status = case when ${p('confirm')}::boolean then 'confirmed' else status end,
      confirmed_at = case when ${p('confirm')}::boolean then ${p('now')}::timestamptz else confirmed_at end,
      cart_linked = false,
      hold_expires_at = ${p('holdExpiresAt')}::timestamptz,
      order_id = ${p('orderId')},
      updated_at = ${p('now')}::timestamptz
    where organization_id = ${p('organizationId')} and family_id = ${p('familyId')}
      and id = any(array(select id from priced))
      and exists (select 1 from o)
  ), a as (
    insert into audit_events
    select * from json_populate_recordset(null::audit_events, ${p('audit')}::json)
    where exists (select 1 from o)
  ), n as (
    select next_document_number(${p('organizationId')}, 'invoice', ${p('invoiceYear')}::integer) as number
    where exists (select 1 from o) and json_array_length(${p('invoices')}::json) > 0
  ), i as (
    insert into invoices
    select * from json_populate_recordset(null::invoices,
      (select json_agg(x::jsonb || jsonb_build_object('number', n.number))
       from json_array_elements(${p('invoices')}::json) x, n))
  ), il as (
    insert into invoice_lines
    select * from json_populate_recordset(null::invoice_lines, ${p('invoiceLines')}::json)
    where exists (select 1 from n)
  ), j as (
    insert into jobs (id, queue, organization_id, payload, run_at, max_attempts)
    select ${p('jobId')}, ${p('jobQueue')}, ${p('organizationId')}, ${p('jobPayload')}::jsonb,
      ${p('now')}::timestamptz, ${p('jobMaxAttempts')}::integer
    from o
    on conflict do nothing
  )
  select (select valid from checked) as valid, exists (select 1 from o) as written, ${ASYNC_COMMIT} as early`,
  ([row]) => row?.written === true,
  { plan: 'generic' },
);

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The checkout's read (the cart with seller and buyer) and its one writing statement. */
export function createCheckoutRepository(db: Executor) {
  return {
    /**
     * The family's cart lines for checkout, oldest first, with the organisation's settings, the seller
     * and the buyer: one round trip, no lock (`writeOrder` checks the lines again). Lapsed lines too (the
     * caller leaves them out); no lines, no facts.
     */
    async checkoutLines(organizationId: string, familyId: string, userId: string) {
      const rows = await checkoutLinesStatement(db, { organizationId, familyId, userId });
      const first = rows[0];
      if (!first) return undefined;
      const organization: CartOrganization = {
        id: first.id,
        name: first.name,
        timeZone: first.timeZone,
        iban: first.iban,
        bic: first.bic,
        billingCountry: first.billingCountry,
        paymentProvider: first.paymentProvider,
        holdMinutes: first.holdMinutes,
        buckarooWebsiteKey: first.buckarooWebsiteKey,
        buckarooSecretKeyEncrypted: first.buckarooSecretKeyEncrypted,
        mollieConnected: first.mollieConnected,
      };
      return {
        organization,
        seller: first.seller,
        buyer: first.buyer,
        charged: first.charged,
        lines: rows.map(toLine),
      };
    },

    /**
     * Writes an order made from cart lines in one statement (`writeOrderStatement`); the rows are given
     * whole (`columnRecord`: a column left out is NULL, not its default). Answers
     * `cart-changed` when a line is no longer in the cart as read (ordered meanwhile, removed, lapsed),
     * `reference-taken` when the structured reference is another order's (nothing is written either way),
     * else `written`.
     */
    async writeOrder(input: {
      order: typeof orders.$inferInsert & { createdAt: Date; updatedAt: Date };
      lines: (typeof orderLines.$inferInsert)[];
      payments: (typeof payments.$inferInsert)[];
      participantIds: string[];
      confirm: boolean;
      holdExpiresAt: Date | null;
      audit: (typeof auditEvents.$inferInsert)[];
      invoice: { invoice: InvoiceRow; lines: InvoiceLineRow[] } | null;
      /** The order confirmation e-mail's job, written with the order (the job renders and sends it). */
      mailJob: { id: string; queue: string; payload: Record<string, unknown>; maxAttempts: number };
    }): Promise<'written' | 'cart-changed' | 'reference-taken'> {
      const { order } = input;
      const [row] = await writeOrderStatement(db, {
        organizationId: order.organizationId,
        orderId: order.id,
        familyId: order.familyId,
        userId: order.userId,
        status: order.status,
        paymentProvider: order.paymentProvider,
        totalAmount: order.totalAmount,
        taxAmount: order.taxAmount ?? 0,
        paidAmount: order.paidAmount ?? 0,
        structuredReference: order.structuredReference ?? null,
        locale: order.locale ?? 'fr',
        holdExpiresAt: iso(input.holdExpiresAt),
        paidAt: iso(order.paidAt),
        now: iso(order.createdAt),
        lines: JSON.stringify(input.lines.map((l) => columnRecord(orderLines, l))),
        payments: JSON.stringify(input.payments.map((pay) => columnRecord(payments, pay))),
        confirm: input.confirm,
        participantIds: JSON.stringify(input.participantIds),
        // The audit events are dated with the order.
        audit: JSON.stringify(
          input.audit.map((a) => columnRecord(auditEvents, { ...a, createdAt: order.createdAt })),
        ),
        invoices: JSON.stringify(input.invoice ? [columnRecord(invoices, input.invoice.invoice)] : []),
        invoiceYear: Number((input.invoice?.invoice.issueDate ?? '0').slice(0, 4)),
        invoiceLines: JSON.stringify(input.invoice?.lines.map((l) => columnRecord(invoiceLines, l)) ?? []),
        jobId: input.mailJob.id,
        jobQueue: input.mailJob.queue,
        jobPayload: JSON.stringify(input.mailJob.payload),
        jobMaxAttempts: input.mailJob.maxAttempts,
      });
      if (!row?.valid) return 'cart-changed';
      // Written: it is on disk (the statement's flush) before the order is told placed.
      return row.written ? 'written' : 'reference-taken';
    },
  };
}
