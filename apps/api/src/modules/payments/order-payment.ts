import type { CheckoutResult } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { AuthContext } from '../../lib/access';
import { markOrderPaymentFailed } from '../orders/order-lifecycle';
import { createOrdersService } from '../orders/orders.service';
import { createPaymentsService } from './payments.service';

/**
 * Sends the family to the provider for an online order whose transaction committed. A provider that
 * fails leaves the order in `require-action` (the family may retry) rather than failing the request.
 * Answers where to send the family (null: nothing to pay there, or the provider failed).
 */
export async function startOrderPayment(
  ctx: AppContext,
  organizationId: string,
  orderId: string,
): Promise<string | null> {
  try {
    const { checkoutUrl } = await createPaymentsService(ctx).startPayment(organizationId, orderId);
    return checkoutUrl;
  } catch (error) {
    ctx.logger.warn({ err: error, organizationId, orderId }, 'starting the online payment failed');
    await ctx.db.transaction((tx) => markOrderPaymentFailed(tx, ctx, organizationId, orderId));
    return null;
  }
}

/**
 * The family pays its online order again: the order's hold is renewed (`renewHoldForPayment`), then
 * the provider is called.
 */
export async function retryOrderPayment(
  ctx: AppContext,
  auth: AuthContext,
  orderId: string,
): Promise<CheckoutResult> {
  const orders = createOrdersService(ctx);
  await orders.renewHoldForPayment(auth, orderId);
  const redirectUrl = await startOrderPayment(ctx, auth.organizationId, orderId);
  return { order: await orders.detailOf(auth.organizationId, orderId), redirectUrl };
}
