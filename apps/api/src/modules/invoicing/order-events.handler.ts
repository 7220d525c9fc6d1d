import { resolveLocale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { handleOrderMoneyEvents, type OrderMoneyEvent } from '../orders/order-events';
import type { Executor } from '../../db/client';
import {
  creditOrderInvoice,
  creditUnpaidOrderInvoice,
  issueOrderInvoice,
  refreshOrderInvoice,
} from './invoice-lifecycle';
import { CREDIT_REASONS, localeOf } from './invoice-documents';

/** What each order money event does to the order's invoice, in the transaction that told it. */
export async function invoiceOnOrderEvent(tx: Executor, event: OrderMoneyEvent): Promise<void> {
  const { organizationId, orderId, at } = event;
  switch (event.kind) {
    case 'order-paid':
    case 'payment-pending':
      await issueOrderInvoice(tx, organizationId, orderId, at);
      return;
    case 'payment-changed':
      await refreshOrderInvoice(tx, organizationId, orderId, at);
      return;
    case 'order-cancelled':
      await creditUnpaidOrderInvoice(
        tx,
        organizationId,
        orderId,
        CREDIT_REASONS.orderCancelled[localeOf(event)],
        at,
        event.actor,
      );
      return;
    case 'refunded-at-provider':
      await creditOrderInvoice(
        tx,
        organizationId,
        orderId,
        CREDIT_REASONS.providerRefund[resolveLocale(event.locale)],
        at,
        { amount: event.amount, refundId: event.refundId },
      );
      await refreshOrderInvoice(tx, organizationId, orderId, at);
      return;
  }
}

/** Invoicing follows the orders' money events of this application (called once by `buildApp`). */
export function registerOrderInvoicing(ctx: AppContext): void {
  handleOrderMoneyEvents(ctx, invoiceOnOrderEvent);
}
