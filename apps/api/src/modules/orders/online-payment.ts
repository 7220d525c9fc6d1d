import type { AppContext } from '../../app-context';
import { createPaymentsService } from '../payments/payments.service';

/**
 * Starts (or restarts) the online payment of an order at its provider and returns where to send the
 * family. Called after the transaction that made the order commits; throws when the provider fails.
 */
export function startOnlinePayment(
  ctx: AppContext,
  organizationId: string,
  orderId: string,
): Promise<{ checkoutUrl: string | null }> {
  return createPaymentsService(ctx).startPayment(organizationId, orderId);
}
