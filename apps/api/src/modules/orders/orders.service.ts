import { TZDate } from '@date-fns/tz';
import {
  type CheckoutResult,
  formatMoney,
  isAtLeastEstManager,
  type Locale,
  type OfflinePaymentInput,
  type OrderDetail,
  type OrderListQuery,
  type OrderPage,
} from '@inscrio/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { type Executor, rowsOf } from '../../db/client';
import { organizations, payments } from '../../db/schema';
import { organizationUrl } from '../../config';
import { AppError, refused } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { releaseSeat, takeSeat } from '../registrations/seats';
import { offerFreedSeats } from '../registrations/waiting-list';
import { HOLD_EXPIRED, markOrderPaid, markOrderPaymentFailed } from './order-lifecycle';
import { amountDue, toOrderDetail, toOrderSummary } from './orders.dto';
import { createFamilyOrdersPage } from './family-orders-page';
import { createOrdersRepository, type OrderOrganization } from './orders.repository';
import { startOnlinePayment } from './online-payment';
import {
  CREDIT_REASONS,
  creditUnpaidOrderInvoice,
  localeOf,
  refreshOrderInvoice,
} from '../invoicing/invoice-lifecycle';

type Messages = Record<Locale, string>;

export const ORDER_MESSAGES = {
  tooMuch: {
    fr: 'Le montant dépasse le solde dû de la commande.',
    en: 'The amount exceeds what remains due on the order.',
  },
} satisfies Record<string, Messages>;

/** Managers see every order of the organisation (an establishment manager: of their establishment). */
const isManager = (auth: AuthContext) => isAtLeastEstManager(auth.actor);

/** A family acts only in its own organisation (system staff visiting another one have no family there). */
function familyOf(auth: AuthContext): string {
  if (auth.organizationId !== auth.homeOrganizationId) throw new AppError('not_found');
  return auth.familyId;
}

/** The local day `yyyy-MM-dd` as an instant: midnight in the organisation's time zone. */
function startOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime());
}

/** Orders: lists, the order page, paying again, payments received, cancelling. */
export function createOrdersService(ctx: AppContext) {
  const repository = createOrdersRepository(ctx.db);
  const familyOrders = createFamilyOrdersPage(ctx.db);

  async function organizationOf(db: Executor, organizationId: string): Promise<OrderOrganization> {
    const organization = await createOrdersRepository(db).organization(organizationId);
    if (!organization) throw new AppError('not_found');
    return organization;
  }

  /** The order as the caller may see it: their family's, or any for a manager (scoped). */
  function scopeOf(auth: AuthContext) {
    return isManager(auth) ? { establishmentId: establishmentScope(auth) } : { familyId: familyOf(auth) };
  }

  async function detail(db: Executor, organizationId: string, orderId: string, filter = {}) {
    const r = createOrdersRepository(db);
    const found = await r.find(organizationId, orderId, filter);
    if (!found) throw new AppError('not_found');
    const [lines, paymentRows, organization] = await Promise.all([
      r.lines(organizationId, orderId),
      r.payments(organizationId, orderId),
      organizationOf(db, organizationId),
    ]);
    return toOrderDetail({
      order: found.order,
      buyer: found,
      lines,
      payments: paymentRows,
      organization,
      invoiceNumber: found.invoiceNumber,
    });
  }

  /** After a change committed: offers each freed seat to the waiting list (never fails the request). */
  async function offerSeats(organizationId: string, serviceIds: Iterable<string>) {
    for (const serviceId of new Set(serviceIds)) {
      try {
        await offerFreedSeats(ctx, organizationId, serviceId);
      } catch (error) {
        ctx.logger.error({ err: error, organizationId, serviceId }, 'offering freed seats failed');
      }
    }
  }

  /**
   * Sends the family to the provider for an online order whose transaction committed. A provider that
   * fails leaves the order in `require-action` (the family may retry) rather than failing the request.
   */
  async function startPayment(organizationId: string, orderId: string): Promise<string | null> {
    try {
      const { checkoutUrl } = await startOnlinePayment(ctx, organizationId, orderId);
      return checkoutUrl;
    } catch (error) {
      ctx.logger.warn({ err: error, organizationId, orderId }, 'starting the online payment failed');
      await ctx.db.transaction((tx) => markOrderPaymentFailed(tx, ctx, organizationId, orderId));
      return null;
    }
  }

  return {
    detail: (auth: AuthContext, orderId: string): Promise<OrderDetail> =>
      detail(ctx.db, auth.organizationId, orderId, scopeOf(auth)),

    /** Reads an order with no caller scope (after checkout, the caller's own). */
    detailOf: (organizationId: string, orderId: string) => detail(ctx.db, organizationId, orderId),

    startPayment,
    offerSeats,

    async list(auth: AuthContext, query: OrderListQuery): Promise<OrderPage> {
      const paging =
        query.after !== undefined
          ? { limit: query.pageSize, after: query.after }
          : { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
      const { rows, total, capped, nextCursor } = isManager(auth)
        ? await repository.list(
            auth.organizationId,
            { establishmentId: establishmentScope(auth), familyId: query.familyId, status: query.status },
            paging,
          )
        : query.after === undefined
          ? // A family's « Mes commandes » by page: its own orders only, in one prepared round trip.
            await familyOrders.list(
              auth.organizationId,
              familyOf(auth),
              query.status,
              query.pageSize,
              (query.page - 1) * query.pageSize,
            )
          : await repository.list(
              auth.organizationId,
              { familyId: familyOf(auth), status: query.status },
              paging,
            );
      return {
        items: rows.map((r) => toOrderSummary(r.order, r, r.linesCount, r.liveLinesCount, r.invoiceNumber)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        nextCursor,
        totalCapped: capped,
      };
    },

    /**
     * The family pays its online order again: the hold is renewed (seats taken again if it lapsed, as
     * long as the sessions have room), the order goes back to `pending`, and the provider is called.
     */
    async retryPayment(auth: AuthContext, orderId: string): Promise<CheckoutResult> {
      const organizationId = auth.organizationId;
      const familyId = familyOf(auth);
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        const r = createOrdersRepository(tx);
        const order = await r.lock(organizationId, orderId);
        if (!order || order.familyId !== familyId) throw new AppError('not_found');
        if (order.status === 'completed') throw refused('order_already_paid');
        if (order.paymentProvider === 'offline') throw refused('order_paid_by_transfer');
        const organization = await organizationOf(tx, organizationId);
        const rows = await r.lockParticipants(organizationId, orderId);
        const revivable = await tx.execute(sql`
          select id from participants
          where organization_id = ${organizationId} and order_id = ${orderId}
            and status = 'cancelled' and cancel_reason = ${HOLD_EXPIRED}`);
        const revive = new Set(rowsOf<{ id: string }>(revivable).map((p) => p.id));
        const waiting = rows.filter((p) => p.status === 'reserved' || revive.has(p.id));
        if (order.status === 'cancelled' && revive.size === 0) throw refused('order_cancelled');
        if (waiting.length === 0) throw refused('order_cancelled');
        for (const p of waiting) {
          if (!p.holdsSeat && !(await takeSeat(tx, organizationId, p.serviceId))) {
            throw refused('order_seat_gone');
          }
        }
        const holdExpiresAt = new Date(now.getTime() + organization.holdMinutes * 60_000);
        try {
          await tx.transaction(async (sp) =>
            createOrdersRepository(sp).updateParticipants(
              organizationId,
              waiting.map((p) => p.id),
              {
                status: 'reserved',
                holdsSeat: true,
                holdExpiresAt,
                cancelledAt: null,
                cancelReason: null,
                updatedAt: now,
              },
            ),
          );
        } catch (error) {
          // A member registered again to the same session meanwhile: this order cannot come back.
          if (isUniqueViolation(error, 'participants_live_unique')) throw refused('order_cancelled');
          throw error;
        }
        await r.update(organizationId, orderId, {
          status: 'pending',
          holdExpiresAt,
          cancelledAt: null,
          updatedAt: now,
        });
      });
      const redirectUrl = await startPayment(organizationId, orderId);
      return { order: await detail(ctx.db, organizationId, orderId), redirectUrl };
    },

    /**
     * A manager records money received (a transfer, cash…). When the order is paid in full it is
     * completed (`markOrderPaid`); the family gets a « Paiement reçu » e-mail either way.
     */
    async recordOfflinePayment(
      auth: AuthContext,
      orderId: string,
      input: OfflinePaymentInput,
      locale: Locale,
      /** More writes that must commit with the payment (the bank statement line it settles). */
      alsoInTransaction?: (tx: Executor, paymentId: string) => Promise<void>,
    ): Promise<OrderDetail> {
      const organizationId = auth.organizationId;
      const now = ctx.clock.now();
      const scope = scopeOf(auth);
      if (!(await repository.find(organizationId, orderId, scope))) throw new AppError('not_found');
      await ctx.db.transaction(async (tx) => {
        const r = createOrdersRepository(tx);
        const order = await r.lock(organizationId, orderId);
        if (!order) throw new AppError('not_found');
        if (order.status === 'completed') throw refused('order_already_paid');
        if (order.status === 'cancelled') throw refused('order_cancelled');
        const due = amountDue(order);
        const amount = input.amount ?? due;
        if (amount > due || amount <= 0) {
          throw new AppError('validation_failed', [
            { field: 'amount', rule: 'max', message: ORDER_MESSAGES.tooMuch[locale] },
          ]);
        }
        const organization = await organizationOf(tx, organizationId);
        const receivedAt = input.receivedOn ? startOfLocalDay(input.receivedOn, organization.timeZone) : now;
        // The transfer awaited since checkout becomes this payment; what remains due stays awaited.
        const [awaited] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.organizationId, organizationId),
              eq(payments.orderId, orderId),
              eq(payments.provider, 'offline'),
              eq(payments.status, 'open'),
            ),
          )
          .orderBy(payments.createdAt)
          .limit(1)
          .for('update');
        const received = {
          status: 'paid',
          amount,
          method: input.method,
          receivedAt,
          recordedByUserId: auth.userId,
          updatedAt: now,
        };
        const paymentId = awaited?.id ?? newId('pay');
        if (awaited) {
          await tx
            .update(payments)
            .set(received)
            .where(and(eq(payments.organizationId, organizationId), eq(payments.id, paymentId)));
        } else {
          await tx.insert(payments).values({
            organizationId,
            id: paymentId,
            orderId,
            provider: 'offline',
            createdAt: now,
            ...received,
          });
        }
        const paidAmount = order.paidAmount + amount;
        const stillDue = amountDue({ ...order, paidAmount });
        if (awaited && stillDue > 0) {
          await tx.insert(payments).values({
            organizationId,
            id: newId('pay'),
            orderId,
            provider: 'offline',
            status: 'open',
            amount: stillDue,
            method: 'transfer',
            createdAt: new Date(now.getTime() + 1),
            updatedAt: now,
          });
        }
        await r.update(organizationId, orderId, { paidAmount, updatedAt: now });
        await alsoInTransaction?.(tx, paymentId);
        if (stillDue === 0) await markOrderPaid(tx, ctx, organizationId, orderId, now);
        else await refreshOrderInvoice(tx, organizationId, orderId, now);
        await ctx.audit.record(
          {
            organizationId,
            type: 'payment-received',
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            subjectType: 'order',
            subjectId: orderId,
            data: { paymentId, amount, method: input.method, receivedAt: receivedAt.toISOString() },
          },
          tx,
        );
        const [org] = await tx
          .select({ key: organizations.key })
          .from(organizations)
          .where(eq(organizations.id, organizationId));
        const recipients = rowsOf<{ email: string; locale: string }>(
          await r.familyRecipients(organizationId, order.familyId),
        );
        const remaining = stillDue;
        for (const recipient of recipients) {
          const to = recipient.locale === 'en' ? 'en' : 'fr';
          await ctx.mailer.send(
            { to: recipient.email, locale: to, organizationId, executor: tx },
            'payment-received',
            {
              organizationName: organization.name,
              amount: formatMoney(amount, to),
              remaining: remaining > 0 ? formatMoney(remaining, to) : null,
              link: organizationUrl(ctx.config, org?.key ?? '', `/orders/${encodeURIComponent(orderId)}`),
            },
          );
        }
      });
      return detail(ctx.db, organizationId, orderId);
    },

    /**
     * Cancels an unpaid order (a manager, or the family its own): its participants are cancelled
     * (audit `registration-cancelled`) and their seats released, then offered to the waiting lists.
     */
    async cancel(auth: AuthContext, orderId: string): Promise<OrderDetail> {
      const organizationId = auth.organizationId;
      const now = ctx.clock.now();
      const scope = scopeOf(auth);
      if (!(await repository.find(organizationId, orderId, scope))) throw new AppError('not_found');
      const freed: string[] = [];
      await ctx.db.transaction(async (tx) => {
        const r = createOrdersRepository(tx);
        const order = await r.lock(organizationId, orderId);
        if (!order) throw new AppError('not_found');
        if (order.status === 'cancelled') return;
        if (order.status === 'completed' || order.paidAmount > 0) {
          throw refused('order_not_cancellable');
        }
        const rows = await r.lockParticipants(organizationId, orderId);
        const live = rows.filter((p) =>
          ['reserved', 'confirmed', 'invited', 'needs-review'].includes(p.status),
        );
        for (const p of live) {
          if (await releaseSeat(tx, organizationId, p.id)) freed.push(p.serviceId);
        }
        await r.updateParticipants(
          organizationId,
          live.map((p) => p.id),
          {
            status: 'cancelled',
            cancelledAt: now,
            cancelReason: 'order-cancelled',
            holdExpiresAt: null,
            cartLinked: false,
            updatedAt: now,
          },
        );
        await r.update(organizationId, orderId, {
          status: 'cancelled',
          cancelledAt: now,
          holdExpiresAt: null,
          updatedAt: now,
        });
        await tx
          .update(payments)
          .set({ status: 'cancelled', updatedAt: now })
          .where(
            and(
              eq(payments.organizationId, organizationId),
              eq(payments.orderId, orderId),
              sql`${payments.status} in ('open')`,
            ),
          );
        // Nothing was paid (checked above): whatever its invoice still claims is credited.
        await creditUnpaidOrderInvoice(
          tx,
          organizationId,
          orderId,
          CREDIT_REASONS.orderCancelled[localeOf(order)],
          now,
          {
            userId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
          },
        );
        await r.audit(
          live.map((p) => ({
            organizationId,
            type: 'registration-cancelled' as const,
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            subjectType: 'participant',
            subjectId: p.id,
            data: { orderId, serviceId: p.serviceId, memberId: p.memberId, reason: 'order-cancelled' },
          })),
        );
      });
      await offerSeats(organizationId, freed);
      return detail(ctx.db, organizationId, orderId);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
