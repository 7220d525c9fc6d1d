import type { CheckoutResult, PaymentProvider } from '@inscrio/shared';
import type { AuthContext } from '../lib/access';
import { AppError } from '../lib/app-error';
import { createCartService } from '../modules/cart/cart.service';
import { createOrdersService } from '../modules/orders/orders.service';
import { createInvitationsService } from '../modules/registrations/invitations';
import { createReviewsService } from '../modules/registrations/reviews';
import { createOrganizationRepository } from '../modules/organizations/organization.repository';
import { createPaymentsRepository } from '../modules/payments/payments.repository';
import type { FactoryContext } from './context';

/*
 * Orders as a family places them: sessions into the cart (the cart service: eligibility, price, seat),
 * then the checkout (order, payment, invoice when offline). What happens next goes through the same
 * services as in the product: a manager records the transfer, an order is cancelled.
 */

export interface OrderRequest {
  /** The family's account placing the order. */
  family: AuthContext;
  blueprintId: string;
  serviceIds: string[];
  memberIds: string[];
  supplementIds?: string[];
  provider?: PaymentProvider;
  /** When the order is placed (default: now). */
  at?: Date;
  /**
   * A protected or private activity: the family asks, `approvedBy` (a manager) accepts, the family
   * accepts the invitation into its cart, then checks out.
   */
  approvedBy?: AuthContext;
}

/** The family asks for each pair; the manager accepts; the family takes each invitation into its cart. */
async function requestAndAccept(ctx: FactoryContext, request: OrderRequest, manager: AuthContext) {
  const reviews = createReviewsService(ctx);
  const invitations = createInvitationsService(ctx);
  for (const serviceId of request.serviceIds) {
    for (const memberId of request.memberIds) {
      const asked = await reviews.request(
        request.family,
        { serviceId, memberId, reason: 'visibility', supplementIds: request.supplementIds },
        request.family.locale,
      );
      await reviews.decide(manager, asked.id, { decision: 'accept' });
      await invitations.accept(request.family, asked.id);
    }
  }
}

/** Places an order through the cart and the checkout; fails loudly when a pair is refused. */
export async function placeOrder(ctx: FactoryContext, request: OrderRequest): Promise<CheckoutResult> {
  const cart = createCartService(ctx);
  ctx.at(request.at ?? null);
  try {
    if (request.approvedBy) {
      await requestAndAccept(ctx, request, request.approvedBy);
      return await cart.checkout(request.family, { paymentProvider: request.provider ?? 'offline' });
    }
    const added = await cart.addItems(
      request.family,
      {
        blueprintId: request.blueprintId,
        serviceIds: request.serviceIds,
        memberIds: request.memberIds,
        supplementIds: request.supplementIds ?? [],
      },
      request.family.locale,
    );
    if (added.refused.length > 0) {
      throw new Error(`factories: the cart refused ${JSON.stringify(added.refused.map((r) => r.message))}`);
    }
    return await cart.checkout(request.family, { paymentProvider: request.provider ?? 'offline' });
  } finally {
    ctx.at(null);
  }
}

/** A manager records the transfer of what the order still owes, received on `at` (default: now). */
export async function payOrder(
  ctx: FactoryContext,
  manager: AuthContext,
  orderId: string,
  at?: Date,
): Promise<void> {
  ctx.at(at ?? null);
  try {
    await createOrdersService(ctx).recordOfflinePayment(
      manager,
      orderId,
      { method: 'transfer' },
      manager.locale,
    );
  } finally {
    ctx.at(null);
  }
}

/** Cancels an unpaid order as `by` (a manager, or the family) on `at` (default: now). */
export async function cancelOrder(
  ctx: FactoryContext,
  by: AuthContext,
  orderId: string,
  at?: Date,
): Promise<void> {
  ctx.at(at ?? null);
  try {
    const order = await createOrdersService(ctx).cancel(by, orderId);
    if (order.status !== 'cancelled') throw new AppError('conflict');
  } finally {
    ctx.at(null);
  }
}

/**
 * An online order whose payment failed at the provider: the club takes Mollie for the time of the order
 * with a connection whose tokens cannot be read, so starting the payment fails as it does when Mollie
 * is unreachable (the attempt `failed`, the order `require-action`, the family may retry). The club's
 * settings are put back afterwards; the seats stay held for `holdMinutes`.
 */
export async function placeFailedOnlineOrder(
  ctx: FactoryContext,
  request: Omit<OrderRequest, 'provider'>,
  holdMinutes: number,
): Promise<CheckoutResult> {
  const organizationId = request.family.organizationId;
  const organizations = createOrganizationRepository(ctx.db);
  const payments = createPaymentsRepository(ctx.db);
  const before = await organizations.findById(organizationId);
  if (!before) throw new AppError('not_found');
  await organizations.update(organizationId, { paymentProvider: 'mollie', holdMinutes });
  await payments.upsertMollieConnection(organizationId, { accessTokenEncrypted: 'unreadable' });
  try {
    return await placeOrder(ctx, { ...request, provider: 'mollie' });
  } finally {
    await payments.deleteMollieConnection(organizationId);
    await organizations.update(organizationId, {
      paymentProvider: before.paymentProvider,
      holdMinutes: before.holdMinutes,
    });
  }
}
