import {
  isPaymentComplete,
  type Locale,
  type MollieStatus,
  normalizeIban,
  ORGANIZATION_MESSAGES,
  organizationMessage,
  type OrganizationSettings,
  type OrganizationSettingsInput,
  type OrganizationSettingsResult,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { type AuthContext, isSystemStaff } from '../../plugins/auth';
import { buckarooSecretContext } from '../payments/buckaroo/buckaroo.provider';
import { createMollieConnections } from '../payments/mollie/mollie-connection';
import { encryptSecret } from '../payments/secret-box';
import {
  createOrganizationRepository,
  type OrganizationRow,
  type OrganizationUpdate,
} from './organization.repository';

/**
 * The organisation the caller may configure: their own (org managers, checked by the route), any for
 * system staff. Another organisation's id is a 404, as if it did not exist.
 */
export async function reachableOrganization(
  ctx: AppContext,
  auth: AuthContext,
  organizationId: string,
): Promise<OrganizationRow> {
  const reachable =
    organizationId === auth.organizationId || isSystemStaff(auth.homeOrganizationId, auth.actor);
  const organization = reachable
    ? await createOrganizationRepository(ctx.db).findById(organizationId)
    : undefined;
  if (!organization) throw new AppError('not_found');
  return organization;
}

const fieldError = (field: string, rule: string, text: string) =>
  new AppError('validation_failed', [{ field, rule, message: text }]);

/** `GET, PATCH /organizations/{id}`: identity (read-only here) and payment configuration. */
export function createOrganizationService(ctx: AppContext) {
  const repository = createOrganizationRepository(ctx.db);
  const mollie = createMollieConnections(ctx);

  function toDto(row: OrganizationRow, mollieStatus: MollieStatus): OrganizationSettings {
    const provider: PaymentProvider = PAYMENT_PROVIDERS.is(row.paymentProvider)
      ? row.paymentProvider
      : 'offline';
    return {
      id: row.id,
      key: row.key,
      name: row.name,
      timeZone: row.timeZone,
      logoAsset: row.logoAssetId,
      paymentProvider: provider,
      iban: row.iban,
      bic: row.bic,
      buckarooWebsiteKey: row.buckarooWebsiteKey,
      buckarooSecretKeySet: row.buckarooSecretKeyEncrypted !== null,
      mollieStatus,
      paymentComplete: isPaymentComplete(
        {
          paymentProvider: row.paymentProvider,
          iban: row.iban,
          buckarooWebsiteKey: row.buckarooWebsiteKey,
          buckarooSecretKey: row.buckarooSecretKeyEncrypted ? 'set' : null,
        },
        mollieStatus,
      ),
    };
  }

  const blank = (value: string | null | undefined) => value === null || value === '';

  return {
    async get(auth: AuthContext, organizationId: string): Promise<OrganizationSettings> {
      const organization = await reachableOrganization(ctx, auth, organizationId);
      return toDto(organization, (await mollie.storedStatus(organization.id)).status);
    },

    /**
     * Saves the payment configuration. The provider that is (or becomes) active must be usable: offline
     * needs an IBAN, Buckaroo both keys, Mollie a connected account. The secret key is encrypted.
     */
    async update(
      auth: AuthContext,
      organizationId: string,
      input: OrganizationSettingsInput,
      locale: Locale,
    ): Promise<OrganizationSettingsResult> {
      const before = await reachableOrganization(ctx, auth, organizationId);
      const fields: OrganizationUpdate = {};
      if (input.iban !== undefined) fields.iban = blank(input.iban) ? null : normalizeIban(input.iban!);
      if (input.bic !== undefined)
        fields.bic = blank(input.bic) ? null : input.bic!.replace(/\s/g, '').toUpperCase();
      if (input.buckarooWebsiteKey !== undefined) {
        fields.buckarooWebsiteKey = blank(input.buckarooWebsiteKey) ? null : input.buckarooWebsiteKey!;
      }
      if (input.buckarooSecretKey !== undefined) {
        fields.buckarooSecretKeyEncrypted = blank(input.buckarooSecretKey)
          ? null
          : encryptSecret(
              ctx.secrets.encryptionKey,
              input.buckarooSecretKey!,
              buckarooSecretContext(before.id),
            );
      }
      if (input.paymentProvider !== undefined) fields.paymentProvider = input.paymentProvider;

      const after = { ...before, ...fields };
      const mollieStatus = (await mollie.storedStatus(before.id)).status;
      const providerChanged = after.paymentProvider !== before.paymentProvider;
      // Only what this request touches is checked, so an older incomplete setup can still be edited.
      const touched = (name: keyof OrganizationSettingsInput) => input[name] !== undefined;
      if (after.paymentProvider === 'offline' && !after.iban && (providerChanged || touched('iban'))) {
        throw fieldError('iban', 'required', ORGANIZATION_MESSAGES.offlineNeedsIban[locale]);
      }
      if (
        after.paymentProvider === 'buckaroo' &&
        (!after.buckarooWebsiteKey || !after.buckarooSecretKeyEncrypted) &&
        (providerChanged || touched('buckarooWebsiteKey') || touched('buckarooSecretKey'))
      ) {
        throw fieldError(
          after.buckarooWebsiteKey ? 'buckarooSecretKey' : 'buckarooWebsiteKey',
          'required',
          ORGANIZATION_MESSAGES.buckarooNeedsKeys[locale],
        );
      }
      if (
        after.paymentProvider === 'mollie' &&
        providerChanged &&
        mollieStatus !== 'ready' &&
        mollieStatus !== 'onboarding'
      ) {
        throw fieldError(
          'paymentProvider',
          'mollie_not_connected',
          ORGANIZATION_MESSAGES.mollieNeedsConnection[locale],
        );
      }

      if (Object.keys(fields).length > 0) await repository.update(before.id, fields);
      const saved = (await repository.findById(before.id))!;
      const label = (provider: string) =>
        PAYMENT_PROVIDERS.is(provider) ? PAYMENT_PROVIDERS.label(provider, locale) : provider;
      const activated = providerChanged ? (after.paymentProvider as PaymentProvider) : null;
      const deactivated =
        providerChanged && PAYMENT_PROVIDERS.is(before.paymentProvider) ? before.paymentProvider : null;
      const notifications = [
        ...(deactivated
          ? [organizationMessage('providerDeactivated', locale, { provider: label(deactivated) })]
          : []),
        ...(activated
          ? [organizationMessage('providerActivated', locale, { provider: label(activated) })]
          : []),
      ];
      return {
        organization: toDto(saved, mollieStatus),
        message: ORGANIZATION_MESSAGES.updated[locale],
        paymentProviderActivated: activated,
        paymentProviderDeactivated: deactivated,
        notifications,
      };
    },
  };
}
