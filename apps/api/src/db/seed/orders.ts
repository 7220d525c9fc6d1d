import { ageInMonths } from '@inscrio/shared';
import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newId } from '../../lib/ids';

import {
  creditUnpaidOrderInvoice,
  issueOrderInvoice,
  refreshInvoiceStatus,
} from '../../modules/invoicing/invoice-lifecycle';
import { CREDIT_REASONS } from '../../modules/invoicing/invoice-documents';
import { lineDescription } from '../../modules/registrations/line-description';
import { belgianReference } from '../../lib/transfer/references';
import { priceLine } from '../../modules/registrations/pricing';
import { takeSeat } from '../../modules/registrations/seats.repository';
import { type Executor, rowsOf } from '../client';
import {
  blueprints,
  blueprintSupplements,
  members,
  orderLines,
  orders,
  organizations,
  participants,
  payments,
  services,
  users,
} from '../schema';

/*
 * Demo orders of the demo club, one in every registration-like status, for a few demo families (one
 * order each): a pending bank transfer with its structured reference, a completed (paid) order, a
 * cancelled one and an online (Mollie) order whose payment failed and that needs action, with their
 * invoices (one overdue) and a credit note. Participants
 * take their seats with `takeSeat`, so `reserved_seats` agrees with them. Runs once: it does nothing when
 * the organisation already has orders.
 */

const DAY_MS = 86_400_000;
const DEMO_IBAN = 'BE71096123456769';
const DEMO_BIC = 'GEBABEBB';

interface Child {
  id: string;
  familyId: string;
  userId: string;
  firstName: string;
  lastName: string;
  birthdate: string | null;
}

type Plan = {
  status: 'pending' | 'completed' | 'cancelled' | 'require-action';
  provider: 'offline' | 'mollie';
  /** When the order was placed (default 3 days ago); an old unpaid transfer makes an overdue invoice. */
  daysAgo?: number;
  /** The family to register (the demo parent's); by default another family without an order. */
  familyId?: string;
};

export interface SeedOrdersOptions {
  /** The other demo families' orders (default: yes; only into a club without orders). */
  clubOrders?: boolean;
  /** The demo parent's (parent@demo.test) registrations, order and invoices (default: yes). */
  demoFamily?: boolean;
}

export async function seedOrders(
  tx: Executor,
  organizationId: string,
  now: Date = new Date(),
  { clubOrders = true, demoFamily = true }: SeedOrdersOptions = {},
): Promise<void> {
  const [existing] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.organizationId, organizationId))
    .limit(1);
  if (existing && clubOrders) return;
  const [organization] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) return;
  // Transfers need the club's account: a demo IBAN unless one is configured.
  if (!organization.iban) {
    await tx
      .update(organizations)
      .set({ iban: DEMO_IBAN, bic: DEMO_BIC, billingCountry: organization.billingCountry ?? 'BEL' })
      .where(eq(organizations.id, organizationId));
  }
  const timeZone = organization.timeZone;

  // Children (members without an account) with the user who manages their family, oldest families first.
  const children = rowsOf<Child>(
    await tx.execute(sql`
      select distinct on (m.id) m.id, m.family_id as "familyId", u.id as "userId", m.first_name as "firstName",
        m.last_name as "lastName", m.birthdate::text as birthdate, u.created_at
      from ${members} m
      join ${users} u on u.organization_id = m.organization_id and u.family_id = m.family_id
        and u.deleted_at is null and u.role = 'user' and u.is_holder = false
      where m.organization_id = ${organizationId} and m.user_id is null and m.deleted_at is null
      order by m.id, u.created_at`),
  );
  if (children.length === 0) return;

  const activity = async (name: string) => {
    const [row] = await tx
      .select()
      .from(blueprints)
      .where(and(eq(blueprints.organizationId, organizationId), eq(blueprints.name, name)));
    if (!row) return undefined;
    const sessions = await tx
      .select()
      .from(services)
      .where(
        and(
          eq(services.organizationId, organizationId),
          eq(services.blueprintId, row.id),
          gt(services.startDateTime, now),
          eq(services.status, 'confirmed'),
        ),
      )
      .orderBy(asc(services.startDateTime))
      .limit(6);
    const supplements = await tx
      .select()
      .from(blueprintSupplements)
      .where(
        and(
          eq(blueprintSupplements.organizationId, organizationId),
          eq(blueprintSupplements.blueprintId, row.id),
        ),
      );
    return { blueprint: row, sessions, supplements };
  };

  const [parent] = await tx
    .select({ userId: users.id, familyId: users.familyId })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.email, 'parent@demo.test'),
        isNull(users.deletedAt),
      ),
    );
  const used = new Set<string>();

  /**
   * A child of the right age for the activity on the session date: of `familyId` when given (the demo
   * parent's), else of another family that has no order yet.
   */
  function pick(
    a: NonNullable<Awaited<ReturnType<typeof activity>>>,
    start: Date,
    familyId?: string,
  ): Child | undefined {
    const fits = (c: Child) => {
      if (!c.birthdate || used.has(c.id)) return false;
      const age = ageInMonths(c.birthdate, start, timeZone);
      return (
        (!a.blueprint.minAge || age >= a.blueprint.minAge) &&
        (!a.blueprint.maxAge || age <= a.blueprint.maxAge)
      );
    };
    const candidates = children.filter(fits);
    const chosen = familyId
      ? candidates.find((c) => c.familyId === familyId)
      : candidates.find((c) => c.familyId !== parent?.familyId && !used.has(`family:${c.familyId}`));
    if (chosen) {
      used.add(chosen.id);
      used.add(`family:${chosen.familyId}`);
    }
    return chosen;
  }

  async function order(
    a: NonNullable<Awaited<ReturnType<typeof activity>>>,
    sessionIndex: number,
    plan: Plan,
  ) {
    const session = a.sessions[sessionIndex] ?? a.sessions[0];
    if (!session) return;
    const child = pick(a, session.startDateTime, plan.familyId);
    if (!child) return;
    const age = child.birthdate ? ageInMonths(child.birthdate, session.startDateTime, timeZone) : null;
    const price = priceLine(a.blueprint, a.supplements, age, []);
    const orderId = newId('ord');
    const participantId = newId('reg');
    const createdAt = new Date(now.getTime() - (plan.daysAgo ?? 3) * DAY_MS);
    const hold = new Date(now.getTime() + 3 * DAY_MS);
    const holdsSeat = plan.status !== 'cancelled' && (await takeSeat(tx, organizationId, session.id));
    if (plan.status !== 'cancelled' && !holdsSeat) return;
    const reference =
      plan.provider === 'offline'
        ? belgianReference(String(randomInt(0, 1_000_000_000)).padStart(10, '0')).replace(/\D/g, '')
        : null;

    await tx.insert(orders).values({
      organizationId,
      id: orderId,
      familyId: child.familyId,
      userId: child.userId,
      status: plan.status,
      paymentProvider: plan.provider,
      totalAmount: price.totalAmount,
      taxAmount: price.taxAmount,
      paidAmount: plan.status === 'completed' ? price.totalAmount : 0,
      structuredReference: reference,
      holdExpiresAt: plan.status === 'require-action' ? hold : null,
      paidAt: plan.status === 'completed' ? new Date(createdAt.getTime() + DAY_MS) : null,
      cancelledAt: plan.status === 'cancelled' ? new Date(createdAt.getTime() + DAY_MS) : null,
      createdAt,
      updatedAt: createdAt,
    });
    await tx.insert(participants).values({
      organizationId,
      id: participantId,
      serviceId: session.id,
      memberId: child.id,
      familyId: child.familyId,
      status:
        plan.status === 'cancelled'
          ? 'cancelled'
          : plan.status === 'require-action'
            ? 'reserved'
            : 'confirmed',
      holdsSeat,
      holdExpiresAt: plan.status === 'require-action' ? hold : null,
      orderId,
      createdByUserId: child.userId,
      confirmedAt: plan.status === 'pending' || plan.status === 'completed' ? createdAt : null,
      cancelledAt: plan.status === 'cancelled' ? new Date(createdAt.getTime() + DAY_MS) : null,
      cancelReason: plan.status === 'cancelled' ? 'order-cancelled' : null,
      createdAt,
      updatedAt: createdAt,
    });
    await tx.insert(orderLines).values({
      organizationId,
      id: newId('orl'),
      orderId,
      participantId,
      serviceId: session.id,
      memberId: child.id,
      description: lineDescription(
        a.blueprint.name,
        session.startDateTime,
        timeZone,
        `${child.firstName} ${child.lastName}`.trim(),
        'fr',
      ),
      unitPrice: price.unitPrice,
      supplements: price.supplements,
      taxPercentage: price.taxPercentage,
      totalAmount: price.totalAmount,
      taxAmount: price.taxAmount,
    });
    const paymentStatus = {
      pending: 'open',
      completed: 'paid',
      cancelled: 'cancelled',
      'require-action': 'failed',
    }[plan.status];
    await tx.insert(payments).values({
      organizationId,
      id: newId('pay'),
      orderId,
      provider: plan.provider,
      status: paymentStatus,
      amount: price.totalAmount,
      method: plan.provider === 'offline' ? 'transfer' : null,
      receivedAt: plan.status === 'completed' ? new Date(createdAt.getTime() + DAY_MS) : null,
      createdAt,
      updatedAt: createdAt,
    });
    // Invoiced as the product does: offline orders when placed, online ones when paid; a cancelled
    // unpaid order's invoice is credited in full. Statuses as of today (an old transfer is overdue).
    if (plan.provider === 'offline' || plan.status === 'completed') {
      const invoiceId = await issueOrderInvoice(tx, organizationId, orderId, createdAt);
      if (plan.status === 'cancelled') {
        await creditUnpaidOrderInvoice(
          tx,
          organizationId,
          orderId,
          CREDIT_REASONS.orderCancelled.fr,
          createdAt,
        );
      }
      await refreshInvoiceStatus(tx, organizationId, invoiceId, now);
    }
  }

  // Football and Yoga keep their empty sessions: other demo screens and tests start from them.
  const dance = await activity('Danse moderne');
  const tennis = await activity('Tennis');
  if (dance && clubOrders) {
    await order(dance, 0, { status: 'pending', provider: 'offline' });
    await order(dance, 1, { status: 'require-action', provider: 'mollie' });
    await order(dance, 2, { status: 'completed', provider: 'offline' });
    await order(dance, 0, { status: 'cancelled', provider: 'offline' });
  }
  if (tennis && clubOrders) {
    await order(tennis, 0, { status: 'completed', provider: 'offline' });
    await order(tennis, 1, { status: 'pending', provider: 'offline', daysAgo: 20 });
  }
  // The demo parent's family lives in the product from its first visit: Léa's dance session is paid
  // (an invoice settled), Tom's tennis session awaits its transfer (an invoice to pay); both upcoming.
  if (parent && demoFamily) {
    if (dance) await order(dance, 3, { status: 'completed', provider: 'offline', familyId: parent.familyId });
    if (tennis) {
      await order(tennis, 2, {
        status: 'pending',
        provider: 'offline',
        familyId: parent.familyId,
        daysAgo: 2,
      });
    }
  }
}
