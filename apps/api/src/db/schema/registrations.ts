import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SupplementFrequency } from '@inscrio/shared';
import { families, members, users } from './identity';
import { services } from './activities';
import { organizations } from './organizations';
import { createdAt, scoped, totalCents, updatedAt } from './columns';

/**
 * The registration of one member to one session (spec: participant). Life cycle in DESIGN.md section 5:
 * `invited → reserved → confirmed → cancelled | absent`, `invited → invitation-declined | invitation-expired`,
 * `needs-review` for requests a manager accepts or refuses (age exception, waiting list, private activity).
 *
 * `holds_seat` says whether the row is counted in `services.reserved_seats`: it flips only in the same
 * transaction as the conditional seat update, so the counter and the rows always agree.
 */
export const participants = pgTable(
  'participants',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    serviceId: text('service_id').notNull(),
    memberId: text('member_id').notNull(),
    familyId: text('family_id').notNull(),
    status: text('status').notNull(),
    holdsSeat: boolean('holds_seat').notNull().default(false),
    /** A catalogue reservation sitting in the family's cart (not yet ordered). */
    cartLinked: boolean('cart_linked').notNull().default(false),
    /** Until when a reserved seat is held (cart, or online payment in progress). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** Deadline of an invitation (next period, or a waiting-list seat offered). */
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    /** Why a `needs-review` request exists: age | waiting-list | visibility. */
    reviewReason: text('review_reason'),
    /** The family's note with its request, and the manager's answer. */
    reviewNote: text('review_note'),
    reviewAnswer: text('review_answer'),
    reviewedByUserId: text('reviewed_by_user_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * The request a `needs-review` row belongs to: one family request for a set of sessions (a whole
     * term) shares it, so « A traiter » shows and decides it once. Null: a request of its own.
     */
    reviewGroupId: text('review_group_id'),
    /** Optional supplements (without age bracket) the family chose. */
    chosenSupplementIds: jsonb('chosen_supplement_ids').$type<string[]>().notNull().default([]),
    orderId: text('order_id'),
    createdByUserId: text('created_by_user_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /**
     * The current attendance mark (modules/attendance): the mark id, instant and note of the latest
     * mark; marked absent is the status `absent`, marked present leaves `confirmed` with a mark.
     */
    attendanceMarkId: text('attendance_mark_id'),
    attendanceMarkedAt: timestamp('attendance_marked_at', { withTimezone: true }),
    attendanceNote: text('attendance_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // One live registration per member and session; ended ones (cancelled, declined…) stay as history.
    uniqueIndex('participants_live_unique')
      .on(t.organizationId, t.serviceId, t.memberId)
      .where(sql`${t.status} in ('invited', 'reserved', 'confirmed', 'needs-review')`),
    index('participants_org_service_status').on(t.organizationId, t.serviceId, t.status),
    index('participants_org_family_status').on(t.organizationId, t.familyId, t.status),
    index('participants_org_member').on(t.organizationId, t.memberId),
    index('participants_org_order').on(t.organizationId, t.orderId),
    index('participants_hold_expiry')
      .on(t.holdExpiresAt)
      .where(sql`${t.holdExpiresAt} is not null`),
    index('participants_invitation_expiry')
      .on(t.invitationExpiresAt)
      .where(sql`${t.status} = 'invited'`),
    foreignKey({
      columns: [t.organizationId, t.serviceId],
      foreignColumns: [services.organizationId, services.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.familyId],
      foreignColumns: [families.organizationId, families.id],
    }),
  ],
);

/** An order made from a family's cart at checkout (registration-like statuses of spec section 4). */
export const orders = pgTable(
  'orders',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    familyId: text('family_id').notNull(),
    /** The user who checked out. */
    userId: text('user_id').notNull(),
    /** pending | completed | cancelled | require-action */
    status: text('status').notNull().default('pending'),
    paymentProvider: text('payment_provider').notNull(),
    /** Cents, VAT included. */
    totalAmount: totalCents('total_amount').notNull(),
    /** Cents: the VAT included in the total. */
    taxAmount: totalCents('tax_amount').notNull().default(0),
    /** Cents received so far (offline transfers, provider payments), net of refunds. */
    paidAmount: totalCents('paid_amount').notNull().default(0),
    /** Cents taken off the order by credit notes on its invoice: what is due is total − credited − paid. */
    creditedAmount: totalCents('credited_amount').notNull().default(0),
    /** The transfer reference: Belgian `+++…+++` (12 digits stored) or ISO 11649 `RF…`. */
    structuredReference: text('structured_reference'),
    locale: text('locale').notNull().default('fr'),
    /** Until when an unpaid online order keeps its seats. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // The orders list's order (newest first, then id), walked by keyset (`after`) at any depth.
    index('orders_org_created_id').on(t.organizationId, t.createdAt, t.id),
    index('orders_org_family_created').on(t.organizationId, t.familyId, t.createdAt, t.id),
    index('orders_org_status_created').on(t.organizationId, t.status, t.createdAt, t.id),
    // The holds job's question (unpaid online orders whose hold lapsed); offline orders are not in it.
    index('orders_online_hold_expiry')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} in ('pending', 'require-action') and ${t.paymentProvider} <> 'offline'`),
    uniqueIndex('orders_org_reference_unique').on(t.organizationId, t.structuredReference),
    foreignKey({
      columns: [t.organizationId, t.familyId],
      foreignColumns: [families.organizationId, families.id],
    }),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);

/**
 * A supplement charged on an order line. Lines ordered before supplements had a frequency have none
 * (they were charged on every session).
 */
export interface OrderLineSupplement {
  supplementId: string;
  name: string;
  /** Cents. */
  price: number;
  frequency?: SupplementFrequency;
}

/** One participant's line of an order, priced at checkout and never recomputed. */
export const orderLines = pgTable(
  'order_lines',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    orderId: text('order_id').notNull(),
    participantId: text('participant_id').notNull(),
    serviceId: text('service_id').notNull(),
    memberId: text('member_id').notNull(),
    /** e.g. 'Natation bébés — 14/03/2027 10:00 — Léa Dupont', in the order's language. */
    description: text('description').notNull(),
    /** Cents, VAT included: the activity's price. */
    unitPrice: integer('unit_price').notNull(),
    supplements: jsonb('supplements').$type<OrderLineSupplement[]>().notNull().default([]),
    /** Hundredths of a percent. */
    taxPercentage: integer('tax_percentage').notNull().default(0),
    /** Cents, VAT included: unit price plus supplements. */
    totalAmount: integer('total_amount').notNull(),
    /** Cents: the VAT included in the total. */
    taxAmount: integer('tax_amount').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('order_lines_org_order').on(t.organizationId, t.orderId),
    foreignKey({
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One attempt to pay an order at a provider (or an offline transfer recorded by a manager). Statuses
 * only move forward (`open → pending → paid | failed | cancelled | expired`, `paid → refunded`), so a
 * replayed or late notification can never pay twice nor un-pay.
 */
export const payments = pgTable(
  'payments',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    orderId: text('order_id').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('open'),
    /** Cents. */
    amount: totalCents('amount').notNull(),
    /** Cents refunded so far. */
    refundedAmount: totalCents('refunded_amount').notNull().default(0),
    /** Mollie `tr_…`, Buckaroo transaction key; null for offline transfers. */
    providerPaymentId: text('provider_payment_id'),
    checkoutUrl: text('checkout_url'),
    /** Offline: how it was received (transfer, cash…) and when, as entered by the manager. */
    method: text('method'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    recordedByUserId: text('recorded_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('payments_org_order').on(t.organizationId, t.orderId),
    uniqueIndex('payments_provider_id_unique').on(t.provider, t.providerPaymentId),
    foreignKey({
      columns: [t.organizationId, t.orderId],
      foreignColumns: [orders.organizationId, orders.id],
    }),
  ],
);

/** A refund sent to a provider (or recorded for an offline payment), tracked until final. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    paymentId: text('payment_id').notNull(),
    /** Cents. */
    amount: totalCents('amount').notNull(),
    /** queued | pending | processing | refunded | failed */
    status: text('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('payment_refunds_org_payment').on(t.organizationId, t.paymentId),
    foreignKey({
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [payments.organizationId, payments.id],
    }),
  ],
);

/**
 * An organisation's Mollie connection (OAuth). Tokens are encrypted with the application key; the
 * onboarding figures are refreshed from Mollie and give the status of spec section 4.
 */
export const mollieConnections = pgTable('mollie_connections', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  /** CSRF state of an authorisation in progress. */
  oauthState: text('oauth_state'),
  accessTokenEncrypted: text('access_token_encrypted'),
  refreshTokenEncrypted: text('refresh_token_encrypted'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  profileId: text('profile_id'),
  /** Mollie onboarding: needs-data | in-review | completed. */
  onboardingStatus: text('onboarding_status'),
  canReceivePayments: boolean('can_receive_payments').notNull().default(false),
  dashboardUrl: text('dashboard_url'),
  disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The nonces of signed provider notifications (Buckaroo pushes) already applied, so that a captured push
 * cannot be replayed. A nonce only needs keeping while its timestamp is still accepted (`expires_at`);
 * the maintenance job deletes it afterwards.
 */
export const webhookNonces = pgTable(
  'webhook_nonces',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.provider, t.nonce] }),
    index('webhook_nonces_expiry').on(t.expiresAt),
  ],
);
