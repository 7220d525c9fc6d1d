import type { PaymentProvider } from '../payment-provider';

/**
 * Bank transfer: nothing to call. The payment stays open until a manager records the money (or a bank
 * statement matches it); a refund is a transfer the organisation makes itself, recorded here.
 */
export function createOfflineProvider(): PaymentProvider {
  return {
    name: 'offline',
    async createPayment() {
      return { providerPaymentId: null, checkoutUrl: null, status: 'open' };
    },
    async handleNotification() {
      return null;
    },
    async status() {
      return 'open';
    },
    async refund() {
      return { providerRefundId: null, status: 'refunded' };
    },
  };
}
