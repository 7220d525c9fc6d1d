import type { PaymentStatus } from '@inscrio/shared';
import type { AppContext } from '../../../app-context';
import { AppError } from '../../../lib/app-error';
import { centsToDecimalNumber } from '../../../lib/money';
import type { PaymentProvider } from '../payment-provider';
import { createPaymentsRepository } from '../payments.repository';
import { decryptSecret } from '../../../lib/secret-box';
import {
  BUCKAROO_PUSH_MAX_SKEW_SECONDS,
  buckarooAuthorization,
  isFreshBuckarooTimestamp,
  verifyBuckarooAuthorization,
} from './buckaroo-hmac';

/** Buckaroo's status codes in ours (domain brief section 2); unknown codes are treated as still pending. */
export function buckarooToPaymentStatus(code: number): PaymentStatus {
  if (code === 190) return 'paid';
  if (code >= 790 && code <= 793) return 'pending';
  if (code === 490 || code === 491 || code === 492 || code === 690) return 'failed';
  if (code === 890 || code === 891) return 'cancelled';
  return 'pending';
}

/** Where the secret key is encrypted for (its authenticated context). */
export const buckarooSecretContext = (organizationId: string) => `buckaroo:${organizationId}`;

interface BuckarooTransaction {
  Key?: string;
  Status?: { Code?: { Code?: number; Description?: string } };
  RequiredAction?: { RedirectURL?: string | null } | null;
}

/** What Buckaroo gets for a push we do not trust (bad signature, stale timestamp, replayed nonce): 400. */
const invalidPush = (rule = 'signature', message = 'invalid signature') =>
  new AppError('validation_failed', [{ field: 'authorization', rule, message }]);

/** Buckaroo's JSON gateway through a small client: every request signed with the organisation's keys. */
export function createBuckarooProvider(ctx: AppContext, pushUrl: string): PaymentProvider {
  const repository = createPaymentsRepository(ctx.db);
  const baseUrl = ctx.config.buckarooUrl;

  async function credentials(organizationId: string) {
    const organization = await repository.findOrganization(organizationId);
    const secretKey = decryptSecret(
      ctx.secrets.encryptionKey,
      organization?.buckarooSecretKeyEncrypted,
      buckarooSecretContext(organizationId),
    );
    if (!organization?.buckarooWebsiteKey || !secretKey) {
      throw new AppError('buckaroo_not_configured');
    }
    return { websiteKey: organization.buckarooWebsiteKey, secretKey };
  }

  async function call(organizationId: string, method: 'GET' | 'POST', path: string, payload?: unknown) {
    const { websiteKey, secretKey } = await credentials(organizationId);
    const url = `${baseUrl}${path}`;
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const response = await fetch(url, {
      method,
      headers: {
        authorization: buckarooAuthorization({ websiteKey, secretKey, method, url, body }),
        'content-type': 'application/json',
        accept: 'application/json',
        culture: 'fr-BE',
      },
      body: method === 'GET' ? undefined : body,
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`Buckaroo answered ${response.status}`);
    return (await response.json()) as BuckarooTransaction;
  }

  const statusOf = (transaction: BuckarooTransaction) =>
    buckarooToPaymentStatus(Number(transaction.Status?.Code?.Code ?? 0));

  return {
    name: 'buckaroo',

    /** A redirect transaction: the family chooses iDEAL, Bancontact… on Buckaroo's page. */
    async createPayment(input) {
      const transaction = await call(input.organization.id, 'POST', '/json/Transaction', {
        Currency: 'EUR',
        AmountDebit: centsToDecimalNumber(input.amount),
        Invoice: input.paymentId,
        Order: input.orderId,
        Description: input.description.slice(0, 100),
        ReturnURL: input.returnUrl,
        ReturnURLCancel: input.returnUrl,
        ReturnURLError: input.returnUrl,
        ReturnURLReject: input.returnUrl,
        PushURL: input.webhookUrl,
        PushURLFailure: input.webhookUrl,
        ServicesSelectableByClient: 'ideal,bancontactmrcash,creditcard',
        ContinueOnIncomplete: 'RedirectToHTML',
        AdditionalParameters: {
          AdditionalParameter: [
            { Name: 'orderId', Value: input.orderId },
            { Name: 'paymentId', Value: input.paymentId },
          ],
        },
      });
      if (!transaction.Key) throw new Error('Buckaroo returned no transaction key');
      return {
        providerPaymentId: transaction.Key,
        checkoutUrl: transaction.RequiredAction?.RedirectURL ?? null,
        status: statusOf(transaction),
      };
    },

    /**
     * A JSON push: signed like a request (POST + our push URL + raw body) with the organisation's secret
     * key; the organisation is found from the transaction key. A bad signature, a timestamp outside
     * the accepted skew or a nonce already seen is refused (400) and changes nothing.
     */
    async handleNotification({ headers, rawBody }) {
      let push: { Transaction?: BuckarooTransaction };
      try {
        push = JSON.parse(rawBody) as { Transaction?: BuckarooTransaction };
      } catch {
        throw invalidPush();
      }
      const key = push?.Transaction?.Key;
      if (typeof key !== 'string' || key.length === 0 || key.length > 100) throw invalidPush();
      const known = await repository.findByProviderId('buckaroo', key);
      if (!known) return null;
      const { websiteKey, secretKey } = await credentials(known.organizationId);
      const header = headers.authorization;
      const signed = verifyBuckarooAuthorization({
        header: typeof header === 'string' ? header : undefined,
        websiteKey,
        secretKey,
        method: 'POST',
        url: pushUrl,
        body: rawBody,
      });
      if (!signed) throw invalidPush();
      if (!isFreshBuckarooTimestamp(signed.timestamp, ctx.clock.now())) {
        throw invalidPush('timestamp', 'timestamp outside the accepted window');
      }
      const expiresAt = new Date((signed.timestamp + BUCKAROO_PUSH_MAX_SKEW_SECONDS) * 1000);
      if (
        !(await repository.rememberWebhookNonce(known.organizationId, 'buckaroo', signed.nonce, expiresAt))
      ) {
        throw invalidPush('nonce', 'nonce already used');
      }
      return {
        organizationId: known.organizationId,
        providerPaymentId: key,
        status: statusOf(push.Transaction!),
      };
    },

    async status(organizationId, providerPaymentId) {
      return statusOf(
        await call(
          organizationId,
          'GET',
          `/json/Transaction/Status/${encodeURIComponent(providerPaymentId)}`,
        ),
      );
    },

    async refund(organizationId, payment, amount, description) {
      if (!payment.providerPaymentId) throw new AppError('payment_not_at_provider');
      const transaction = await call(organizationId, 'POST', '/json/Transaction', {
        Currency: 'EUR',
        AmountCredit: centsToDecimalNumber(amount),
        Invoice: `${payment.providerPaymentId.slice(0, 20)}-R`,
        Description: description.slice(0, 100),
        OriginalTransactionKey: payment.providerPaymentId,
      });
      const status = statusOf(transaction);
      return {
        providerRefundId: transaction.Key ?? null,
        status: status === 'paid' ? 'refunded' : status === 'pending' ? 'pending' : 'failed',
      };
    },
  };
}
