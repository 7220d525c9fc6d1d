import {
  formatIban,
  type Locale,
  type MollieStatus,
  ORGANIZATION_MESSAGES,
  type OrganizationSettings,
  type OrganizationSettingsInput,
  organizationSettingsSchema,
  type PaymentProvider,
} from '@inscrio/shared';

/*
 * The payment step keeps its fields as typed; the payload the shared schema checks turns empty texts
 * into null (cleared). The Buckaroo secret key is write-only: it is sent only when the manager types a
 * new one, so saving anything else keeps the stored key.
 */

export interface PaymentFormValues {
  paymentProvider: PaymentProvider;
  iban: string;
  bic: string;
  buckarooWebsiteKey: string;
  /** Only what the manager types to set or replace the key; never the stored one. */
  buckarooSecretKey: string;
}

export function paymentFormValues(organization: OrganizationSettings): PaymentFormValues {
  return {
    paymentProvider: organization.paymentProvider,
    iban: organization.iban ? formatIban(organization.iban) : '',
    bic: organization.bic ?? '',
    buckarooWebsiteKey: organization.buckarooWebsiteKey ?? '',
    buckarooSecretKey: '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function toPaymentPayload(values: PaymentFormValues): OrganizationSettingsInput {
  const secret = values.buckarooSecretKey.trim();
  return {
    paymentProvider: values.paymentProvider,
    iban: orNull(values.iban),
    bic: orNull(values.bic),
    buckarooWebsiteKey: orNull(values.buckarooWebsiteKey),
    ...(secret ? { buckarooSecretKey: secret } : {}),
  };
}

/**
 * The shared schema, plus what the chosen provider needs to be complete (spec section 5): offline an
 * IBAN, Buckaroo both keys (the stored secret counts), Mollie a connected account.
 */
export function paymentSchema(
  locale: Locale,
  context: { secretKeySet: boolean; mollieStatus: MollieStatus | null | undefined },
) {
  return organizationSettingsSchema(locale).superRefine((payload, ctx) => {
    if (payload.paymentProvider === 'offline' && !payload.iban) {
      ctx.addIssue({
        code: 'custom',
        path: ['iban'],
        message: ORGANIZATION_MESSAGES.offlineNeedsIban[locale],
      });
    }
    if (payload.paymentProvider === 'buckaroo') {
      if (!payload.buckarooWebsiteKey) {
        ctx.addIssue({
          code: 'custom',
          path: ['buckarooWebsiteKey'],
          message: ORGANIZATION_MESSAGES.buckarooNeedsKeys[locale],
        });
      }
      if (!payload.buckarooSecretKey && !context.secretKeySet) {
        ctx.addIssue({
          code: 'custom',
          path: ['buckarooSecretKey'],
          message: ORGANIZATION_MESSAGES.buckarooNeedsKeys[locale],
        });
      }
    }
    if (
      payload.paymentProvider === 'mollie' &&
      context.mollieStatus !== 'ready' &&
      context.mollieStatus !== 'onboarding'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['paymentProvider'],
        message: ORGANIZATION_MESSAGES.mollieNeedsConnection[locale],
      });
    }
  });
}
