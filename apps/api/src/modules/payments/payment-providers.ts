import type { Locale, PaymentProvider as ProviderName } from '@inscrio/shared';
import { PAYMENT_PROVIDERS } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { createBuckarooProvider } from './buckaroo/buckaroo.provider';
import { createMollieConnections } from './mollie/mollie-connection';
import { createMollieProvider } from './mollie/mollie.provider';
import { createOfflineProvider } from './offline/offline.provider';
import type { PaymentProvider } from './payment-provider';

/** What a family or manager reads when a provider fails or refuses. */
export const PROVIDER_UNAVAILABLE: Record<Locale, string> = {
  fr: 'Le prestataire de paiement est indisponible. Réessayez dans quelques instants.',
  en: 'The payment provider is unavailable. Please try again in a moment.',
};

/** The webhook address a provider calls: on the base host (Node and providers need no subdomain). */
export const webhookUrl = (ctx: AppContext, provider: ProviderName) =>
  `${ctx.config.urlScheme}://${ctx.config.appBaseHost}/api/payments/webhooks/${provider}`;

const isProviderName = (value: string): value is ProviderName =>
  (PAYMENT_PROVIDERS.values as readonly string[]).includes(value);

/** One instance per application; the providers, their clients and the Mollie connections behind them. */
export function createPaymentProviders(ctx: AppContext) {
  const mollieConnections = createMollieConnections(ctx);
  const providers: Record<ProviderName, PaymentProvider> = {
    offline: createOfflineProvider(),
    mollie: createMollieProvider(ctx, mollieConnections),
    buckaroo: createBuckarooProvider(ctx, webhookUrl(ctx, 'buckaroo')),
  };
  return {
    mollieConnections,
    get(name: string): PaymentProvider {
      if (!isProviderName(name)) throw new AppError('payment_provider_unknown');
      return providers[name];
    },
  };
}

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;

const registry = new WeakMap<AppContext, PaymentProviders>();

/** The application's providers (built once per context). */
export function paymentProvidersOf(ctx: AppContext): PaymentProviders {
  let providers = registry.get(ctx);
  if (!providers) {
    providers = createPaymentProviders(ctx);
    registry.set(ctx, providers);
  }
  return providers;
}
