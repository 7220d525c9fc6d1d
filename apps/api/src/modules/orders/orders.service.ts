import {
  isAtLeastEstManager,
  type Locale,
  type OfflinePaymentInput,
  type OrderDetail,
  type OrderListQuery,
  type OrderPage,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { releaseSeat, takeSeat } from '../registrations/seats.repository';
import { offerFreedSeats } from '../registrations/waiting-list';
import { tellOrderMoneyEvent } from './order-events';
import { recordOfflinePayment } from './offline-payment';
import { createOrderPaymentsRepository } from './order-payments.repository';
import { toOrderDetail, toOrderSummary } from './orders.dto';
import { createFamilyOrdersPage } from './family-orders.repository';
import { createOrdersRepository, type OrderOrganization } from './orders.repository';

/** Managers see every order of the organisation (an establishment manager: of their establishment). */
const isManager = (auth: AuthContext) => isAtLeastEstManager(auth.actor);

/** A family acts only in its own organisation (system staff visiting another one have no family there). */
function familyOf(auth: AuthContext): string {
  if (auth.organizationId !== auth.homeOrganizationId) throw new AppError('not_found');
  return auth.familyId;
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

  return {
    detail: (auth: AuthContext, orderId: string): Promise<OrderDetail> =>
      detail(ctx.db, auth.organizationId, orderId, scopeOf(auth)),

    /** Reads an order with no caller scope (after checkout, the caller's own). */
    detailOf: (organizationId: string, orderId: string) => detail(ctx.db, organizationId, orderId),

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
     * Before the family pays its online order again: the hold is renewed (seats taken again if it
     * lapsed, as long as the sessions have room) and the order goes back to `pending`.
     */
    async renewHoldForPayment(auth: AuthContext, orderId: string): Promise<void> {
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
        const revive = await createOrderPaymentsRepository(tx).holdExpiredParticipants(
          organizationId,
          orderId,
        );
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
    },

    /**
     * A manager records money received (offline-payment.ts); answers the order as it is then.
     */
    async recordOfflinePayment(
      auth: AuthContext,
      orderId: string,
      input: OfflinePaymentInput,
      locale: Locale,
      /** More writes that must commit with the payment (the bank statement line it settles). */
      alsoInTransaction?: (tx: Executor, paymentId: string) => Promise<void>,
    ): Promise<OrderDetail> {
      await recordOfflinePayment(ctx, auth, scopeOf(auth), orderId, input, locale, alsoInTransaction);
      return detail(ctx.db, auth.organizationId, orderId);
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
        await createOrderPaymentsRepository(tx).cancelOpenPayments(organizationId, orderId, now);
        // Nothing was paid (checked above): whatever its invoice still claims is credited.
        await tellOrderMoneyEvent(ctx, tx, {
          kind: 'order-cancelled',
          organizationId,
          orderId,
          locale: order.locale,
          at: now,
          actor: { userId: auth.userId, impersonatorUserId: auth.impersonatorUserId },
        });
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
