import { Locale as MollieLocale, type Payment } from '@mollie/api-client';
import type { PaymentStatus } from '@inscrio/shared';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../lib/app-error';
import { centsToDecimal, decimalToCents } from '../../../lib/money';
import type { PaymentProvider } from '../payment-provider';
import { createPaymentsRepository } from '../payments.repository';
import type { MollieConnections } from './mollie-connection';

/** Mollie's payment statuses in ours (domain brief section 1). */
export function mollieToPaymentStatus(status: string): PaymentStatus {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'canceled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    case 'failed':
      return 'failed';
    case 'open':
      return 'open';
    default:
      // pending, authorized: the money is on its way.
      return 'pending';
  }
}

/** The checkout's language: the family's, in the organisation's country when it has one. */
function mollieLocale(locale: string, country: string | null): MollieLocale {
  if (locale === 'en') return MollieLocale.en_GB;
  if (country === 'FRA') return MollieLocale.fr_FR;
  if (country === 'LUX') return MollieLocale.fr_LU;
  return MollieLocale.fr_BE;
}

/** Mollie through the official client, one client per organisation with its OAuth access token. */
export function createMollieProvider(ctx: AppContext, connections: MollieConnections): PaymentProvider {
  const repository = createPaymentsRepository(ctx.db);

  async function fetchPayment(organizationId: string, providerPaymentId: string): Promise<Payment> {
    const { client } = await connections.client(organizationId);
    return client.payments.get(providerPaymentId);
  }

  return {
    name: 'mollie',

    async createPayment(input) {
      const { client, profileId } = await connections.client(input.organization.id);
      if (!profileId) {
        throw new AppError('mollie_no_profile');
      }
      const payment = await client.payments.create({
        amount: { currency: 'EUR', value: centsToDecimal(input.amount) },
        description: input.description.slice(0, 255),
        redirectUrl: input.returnUrl,
        webhookUrl: input.webhookUrl,
        metadata: { orderId: input.orderId, paymentId: input.paymentId },
        locale: mollieLocale(input.locale, input.organization.country),
        profileId,
      });
      return {
        providerPaymentId: payment.id,
        checkoutUrl: payment.getCheckoutUrl(),
        status: mollieToPaymentStatus(payment.status),
      };
    },

    /** The body is only `id=tr_…`: it proves nothing, so the payment is fetched back from Mollie. */
    async handleNotification({ rawBody }) {
      const id = new URLSearchParams(rawBody).get('id');
      if (!id || !/^tr_[A-Za-z0-9]{1,64}$/.test(id)) return null;
      const known = await repository.findByProviderId('mollie', id);
      if (!known) return null;
      const payment = await fetchPayment(known.organizationId, id);
      return {
        organizationId: known.organizationId,
        providerPaymentId: id,
        status: mollieToPaymentStatus(payment.status),
        ...(payment.amountRefunded ? { refundedAmount: decimalToCents(payment.amountRefunded.value) } : {}),
      };
    },

    async status(organizationId, providerPaymentId) {
      return mollieToPaymentStatus((await fetchPayment(organizationId, providerPaymentId)).status);
    },

    async refund(organizationId, payment, amount, description) {
      if (!payment.providerPaymentId) throw new AppError('payment_not_at_provider');
      const { client } = await connections.client(organizationId);
      const refund = await client.paymentRefunds.create({
        paymentId: payment.providerPaymentId,
        amount: { currency: 'EUR', value: centsToDecimal(amount) },
        description: description.slice(0, 140),
      });
      return { providerRefundId: refund.id, status: refund.status as 'queued' };
    },
  };
}
