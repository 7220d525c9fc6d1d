/*
 * The order's state machine where a payment moves it (CONVENTIONS rule 5), as pure decisions; the
 * writes are order-lifecycle.ts's.
 *
 *   pending | require-action ──paid──▶ completed
 *   pending ──payment failed──▶ require-action          (completed and cancelled stay as they are)
 *   cancelled (hold expired) ──paid late──▶ completed   (participants re-take their seats)
 */

interface OrderAmounts {
  totalAmount: number;
  creditedAmount: number;
}

/** Whether what came in (net of refunds) and what was credited cover the order: it is paid. */
export const isOrderCovered = (order: OrderAmounts, received: number): boolean =>
  received + order.creditedAmount >= order.totalAmount;

/** The order's paid amount once paid in full: never less than what came in, was recorded, or was owed. */
export const paidAmountOnceCovered = (order: OrderAmounts & { paidAmount: number }, received: number) =>
  Math.max(received, order.paidAmount, order.totalAmount - order.creditedAmount);

/**
 * What the money for the whole order does: nothing when it is already completed; only recorded when a
 * manager or the family cancelled it (the manager refunds it), unless a lapsed hold cancelled some of
 * its participants, who may come back; otherwise the order is completed.
 */
export function onOrderPaid(status: string, someHoldExpired: boolean): 'nothing' | 'record' | 'complete' {
  if (status === 'completed') return 'nothing';
  if (status === 'cancelled' && !someHoldExpired) return 'record';
  return 'complete';
}

/**
 * What a failed, cancelled or expired online payment does: a cancelled order (its hold lapsed while
 * the provider decided) owes nothing any more; a pending online order needs the family to act; any
 * other order is left as it is.
 */
export function onPaymentFailed(
  status: string | undefined,
  provider: string | undefined,
): 'nothing' | 'owe-nothing' | 'require-action' {
  if (status === 'cancelled') return 'owe-nothing';
  if (status !== 'pending' || provider === 'offline') return 'nothing';
  return 'require-action';
}
