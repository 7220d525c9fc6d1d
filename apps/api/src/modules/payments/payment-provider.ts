import type { Locale, PaymentProvider as ProviderName, PaymentStatus } from '@inscrio/shared';

/** What a provider needs to know about the organisation it collects for. */
export interface ProviderOrganization {
  id: string;
  name: string;
  /** ISO 3166 alpha-3 of the billing country (BEL, FRA, LUX), when set. */
  country: string | null;
}

export interface CreatePaymentInput {
  organization: ProviderOrganization;
  paymentId: string;
  orderId: string;
  /** Cents. */
  amount: number;
  description: string;
  locale: Locale;
  /** Where the provider sends the family back (our `/payments/return/{orderId}`). */
  returnUrl: string;
  /** Where the provider notifies us (our `/payments/webhooks/{provider}`). */
  webhookUrl: string;
}

export interface CreatedPayment {
  /** The provider's id (Mollie `tr_…`, Buckaroo transaction key); null offline. */
  providerPaymentId: string | null;
  /** Where to send the family to pay; null offline. */
  checkoutUrl: string | null;
  status: PaymentStatus;
}

/** A verified notification: which payment it is about. The status is always fetched or read from it. */
export interface PaymentNotification {
  providerPaymentId: string;
  /** Set when the notification itself carries a trustworthy (signed) status, as Buckaroo's push does. */
  status?: PaymentStatus;
  /** Cents refunded at the provider so far (Mollie's `amountRefunded`), refunds made on its dashboard included. */
  refundedAmount?: number;
}

export interface RefundResult {
  providerRefundId: string | null;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed';
}

/**
 * One interface for every way of being paid (CONVENTIONS rule 7). Offline, Mollie and Buckaroo implement
 * it; the order and payment services never know which one they talk to.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Verifies a notification (signature, or by fetching it back from the provider) and says which payment
   * it concerns, or null when it names no payment of ours (answer 200 and do nothing). Throws
   * `AppError('validation_failed')` when it cannot be trusted.
   */
  handleNotification(input: {
    organizationId: string | null;
    headers: Record<string, string | string[] | undefined>;
    rawBody: string;
    url: string;
  }): Promise<(PaymentNotification & { organizationId: string }) | null>;
  /** The payment's current status at the provider. */
  status(organizationId: string, providerPaymentId: string): Promise<PaymentStatus>;
  refund(
    organizationId: string,
    payment: { providerPaymentId: string | null; amount: number },
    amount: number,
    description: string,
  ): Promise<RefundResult>;
}
