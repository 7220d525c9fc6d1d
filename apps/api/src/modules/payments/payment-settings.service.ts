import {
  type Locale,
  normalizeIban,
  ORGANIZATION_MESSAGES,
  organizationMessage,
  type OrganizationSettings,
  type OrganizationSettingsInput,
  type OrganizationSettingsResult,
  type OrganizationWarning,
  organizationWarnings,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { type AuthContext } from '../../lib/access';
import { encryptSecret } from '../../lib/secret-box';
import {
  createOrganizationRepository,
  type OrganizationUpdate,
} from '../organizations/organization.repository';
import {
  blank,
  completenessFields,
  createOrganizationService,
  reachableOrganization,
} from '../organizations/organization.service';
import { createWebsiteRepository } from '../website/website.repository';
import { buckarooSecretContext } from './buckaroo/buckaroo.provider';
import { createMollieConnections } from './mollie/mollie-connection';

const fieldError = (field: string, rule: string, text: string) =>
  new AppError('validation_failed', [{ field, rule, message: text }]);

/**
 * `GET, PATCH /organizations/{id}` and its warnings: the organisation's settings with their payment
 * part, which needs the providers (Mollie's connection, Buckaroo's encrypted secret); the billing part
 * is the organisation's (organizations/organization.service.ts).
 */
export function createPaymentSettingsService(ctx: AppContext) {
  const repository = createOrganizationRepository(ctx.db);
  const organizations = createOrganizationService(ctx);
  const mollie = createMollieConnections(ctx);

  return {
    async get(auth: AuthContext, organizationId: string): Promise<OrganizationSettings> {
      const organization = await reachableOrganization(ctx, auth, organizationId);
      return organizations.toDto(organization, (await mollie.storedStatus(organization.id)).status);
    },

    /** `GET /organizations/{id}/warnings`: the 'Informations à compléter' sections (spec sections 2, 5). */
    async warnings(auth: AuthContext, organizationId: string): Promise<OrganizationWarning[]> {
      const organization = await reachableOrganization(ctx, auth, organizationId);
      const mollieStatus = (await mollie.storedStatus(organization.id)).status;
      return organizationWarnings(completenessFields(organization), mollieStatus);
    },

    /**
     * Saves the general, payment and billing configuration (`organizationSettingsSchema`: one contract,
     * each part optional). The provider that is (or becomes) active must be
     * usable: offline needs an IBAN, Buckaroo both keys, Mollie a connected account. The secret key is
     * encrypted. The billing fields are checked against each other and the images must be the organisation's own (`checkFields`).
     */
    async update(
      auth: AuthContext,
      organizationId: string,
      input: OrganizationSettingsInput,
      locale: Locale,
    ): Promise<OrganizationSettingsResult> {
      const before = await reachableOrganization(ctx, auth, organizationId);
      const fields: OrganizationUpdate = {
        ...organizations.generalFields(input),
        ...organizations.billingFields(before, input),
      };
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
      await organizations.checkFields(after, input, locale);
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

      if (Object.keys(fields).length > 0) {
        await ctx.db.transaction(async (tx) => {
          await createOrganizationRepository(tx).update(before.id, fields);
          // The public page's title that was just the club's name keeps being its name (#19).
          if (fields.name !== undefined && fields.name !== before.name) {
            await createWebsiteRepository(tx).followRename(before.id, before.name, fields.name);
          }
        });
      }
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
        organization: organizations.toDto(saved, mollieStatus),
        message: ORGANIZATION_MESSAGES.updated[locale],
        paymentProviderActivated: activated,
        paymentProviderDeactivated: deactivated,
        notifications,
      };
    },
  };
}
