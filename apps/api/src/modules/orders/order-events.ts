import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';

/*
 * What happens to an order's money, told inside the transaction that makes it happen. Orders and
 * payments sit below invoicing in the module order (docs/ARCHITECTURE.md), yet every such event changes
 * the order's invoice: so they tell the event here, and invoicing, which handles it
 * (invoicing/order-events.handler.ts), is plugged in by `buildApp`. No import points back up.
 */

export interface OrderActor {
  userId?: string | null;
  impersonatorUserId?: string | null;
}

export type OrderMoneyEvent =
  /** Paid in full and completed: its invoice is issued (online) or settled (offline). */
  | { kind: 'order-paid'; organizationId: string; orderId: string; at: Date }
  /** An online payment is pending at its provider, which settles it later: the invoice is issued. */
  | { kind: 'payment-pending'; organizationId: string; orderId: string; at: Date }
  /** Money received, refunded or a payment failed without changing what is owed: the invoice follows. */
  | { kind: 'payment-changed'; organizationId: string; orderId: string; at: Date }
  /** Cancelled with nothing paid (by a person, or the provider said no after the hold lapsed). */
  | {
      kind: 'order-cancelled';
      organizationId: string;
      orderId: string;
      locale: string;
      at: Date;
      actor?: OrderActor;
    }
  /** A refund made at the provider itself (its dashboard), recorded as the refund `refundId`. */
  | {
      kind: 'refunded-at-provider';
      organizationId: string;
      orderId: string;
      locale: string | null;
      amount: number;
      refundId: string;
      at: Date;
    };

export type OrderMoneyHandler = (tx: Executor, event: OrderMoneyEvent) => Promise<void>;

const handlers = new WeakMap<AppContext, OrderMoneyHandler>();

/** Plugs in the one handler of the application's order money events (`buildApp` does it once). */
export function handleOrderMoneyEvents(ctx: AppContext, handler: OrderMoneyHandler): void {
  handlers.set(ctx, handler);
}

/** Tells an event inside the caller's transaction; fails loudly when no handler was plugged in. */
export async function tellOrderMoneyEvent(
  ctx: AppContext,
  tx: Executor,
  event: OrderMoneyEvent,
): Promise<void> {
  const handler = handlers.get(ctx);
  if (!handler) throw new Error('no handler of order money events: buildApp plugs invoicing in');
  await handler(tx, event);
}
