import {
  billingRuleIssues,
  COUNTRY_DEPENDENT_BILLING_FIELDS,
  isCountryCode,
  isLocale,
  isPaymentComplete,
  type Locale,
  message,
  type MollieStatus,
  normalizeVatNumber,
  type OrganizationSettings,
  type OrganizationSettingsInput,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  VAT_REGIMES,
  type VatRegime,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError, type ErrorDetail } from '../../lib/app-error';
import { type AuthContext, isSystemStaff } from '../../lib/access';
import { assetUrl } from '../assets/assets.dto';
import { createAssetsService } from '../assets/assets.service';
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

/** What the completeness rules read from a row; the Buckaroo secret only counts as set or not. */
export const completenessFields = (row: OrganizationRow) => ({
  ...row,
  buckarooSecretKey: row.buckarooSecretKeyEncrypted ? 'set' : null,
});

const INVOICE_DUE_DAYS_DEFAULT = 14;

/** A text field of a PATCH that clears its column. */
export const blank = (value: string | null | undefined) => value === null || value === '';

/** The billing text columns, written as given (trimmed), '' or null clearing them. */
const BILLING_TEXT_FIELDS = [
  'billingEmail',
  'billingPhone',
  'billingAddress',
  'billingCity',
  'billingPostalCode',
  'vatExemptionMention',
] as const;

/** The general text columns, written as given (trimmed), '' or null clearing them. */
const GENERAL_CLEARABLE_FIELDS = ['contactEmail', 'contactPhone'] as const;

/**
 * The organisation's settings (`GET, PATCH /organizations/{id}`): general (identity, family-facing
 * settings) and billing. The payment part, which needs the providers, is
 * payments/payment-settings.service.ts; the one route is there.
 */
export function createOrganizationService(ctx: AppContext) {
  const assets = createAssetsService(ctx);

  function toDto(row: OrganizationRow, mollieStatus: MollieStatus): OrganizationSettings {
    const provider: PaymentProvider = PAYMENT_PROVIDERS.is(row.paymentProvider)
      ? row.paymentProvider
      : 'offline';
    const vatRegime: VatRegime = (VAT_REGIMES as readonly string[]).includes(row.vatRegime)
      ? (row.vatRegime as VatRegime)
      : 'subject';
    return {
      id: row.id,
      key: row.key,
      name: row.name,
      timeZone: row.timeZone,
      logoAsset: row.logoAssetId,
      logoUrl: row.logoAssetId ? assetUrl(row.id, row.logoAssetId) : null,
      defaultLocale: isLocale(row.defaultLocale) ? row.defaultLocale : 'fr',
      contactEmail: row.contactEmail,
      contactPhone: row.contactPhone,
      holdMinutes: row.holdMinutes,
      invitationHours: row.invitationHours,
      paymentProvider: provider,
      iban: row.iban,
      bic: row.bic,
      buckarooWebsiteKey: row.buckarooWebsiteKey,
      buckarooSecretKeySet: row.buckarooSecretKeyEncrypted !== null,
      mollieStatus,
      paymentComplete: isPaymentComplete(completenessFields(row), mollieStatus),
      billingEmail: row.billingEmail,
      billingPhone: row.billingPhone,
      billingAddress: row.billingAddress,
      billingCity: row.billingCity,
      billingPostalCode: row.billingPostalCode,
      billingCountry: isCountryCode(row.billingCountry) ? row.billingCountry : null,
      vatNumber: row.vatNumber,
      vatRegime,
      vatExemptionMention: row.vatExemptionMention,
      invoiceDueDays: row.invoiceDueDays,
      documentLogoAssetId: row.documentLogoAssetId,
      documentLogoUrl: row.documentLogoAssetId ? assetUrl(row.id, row.documentLogoAssetId) : null,
    };
  }

  /**
   * The general columns of a PATCH. The name, time zone and language are never cleared (the schema
   * requires them once given); the logo and contact are.
   */
  function generalFields(input: OrganizationSettingsInput): OrganizationUpdate {
    const fields: OrganizationUpdate = {};
    if (input.name !== undefined) fields.name = input.name;
    if (input.timeZone !== undefined) fields.timeZone = input.timeZone;
    if (input.defaultLocale !== undefined) fields.defaultLocale = input.defaultLocale;
    if (input.holdMinutes !== undefined) fields.holdMinutes = input.holdMinutes;
    if (input.invitationHours !== undefined) fields.invitationHours = input.invitationHours;
    if (input.logoAsset !== undefined) fields.logoAssetId = blank(input.logoAsset) ? null : input.logoAsset!;
    for (const name of GENERAL_CLEARABLE_FIELDS) {
      const value = input[name];
      if (value !== undefined) fields[name] = blank(value) ? null : value;
    }
    return fields;
  }

  /**
   * The billing columns of a PATCH. The VAT number is stored normalised (`BE0403019261`) with the
   * country the organisation will have; a cleared regime or due-day count goes back to its default.
   */
  function billingFields(before: OrganizationRow, input: OrganizationSettingsInput): OrganizationUpdate {
    const fields: OrganizationUpdate = {};
    for (const name of BILLING_TEXT_FIELDS) {
      const value = input[name];
      if (value !== undefined) fields[name] = blank(value) ? null : value;
    }
    if (input.billingCountry !== undefined) fields.billingCountry = input.billingCountry || null;
    const country = fields.billingCountry !== undefined ? fields.billingCountry : before.billingCountry;
    if (input.vatNumber !== undefined) {
      fields.vatNumber = blank(input.vatNumber)
        ? null
        : normalizeVatNumber(input.vatNumber!, isCountryCode(country) ? country : null);
    }
    if (input.vatRegime !== undefined) fields.vatRegime = input.vatRegime || 'subject';
    if (input.invoiceDueDays !== undefined) {
      fields.invoiceDueDays = input.invoiceDueDays ?? INVOICE_DUE_DAYS_DEFAULT;
    }
    if (input.documentLogoAssetId !== undefined) {
      fields.documentLogoAssetId = blank(input.documentLogoAssetId) ? null : input.documentLogoAssetId!;
    }
    return fields;
  }

  /**
   * The rules between billing fields, on the stored values merged with the PATCH, for what it touches:
   * a field itself, the country (its dependent fields), or the regime (the mention). So a PATCH without
   * the country is still checked against the stored one, and an older incomplete profile stays editable.
   * The images given (document logo, logo) must be the organisation's own uploads.
   */
  async function checkFields(
    after: OrganizationRow,
    input: OrganizationSettingsInput,
    locale: Locale,
  ): Promise<void> {
    const touched = (name: keyof OrganizationSettingsInput) => input[name] !== undefined;
    const details: ErrorDetail[] = billingRuleIssues(after, locale)
      .filter(
        ({ field }) =>
          touched(field) ||
          (touched('billingCountry') && COUNTRY_DEPENDENT_BILLING_FIELDS.includes(field)) ||
          (touched('vatRegime') && field === 'vatExemptionMention'),
      )
      .map(({ field, message: text }) => ({ field, rule: 'invalid', message: text }));
    // An image is the organisation's own upload: another organisation's asset id is unknown here.
    const images = [
      ['documentLogoAssetId', after.documentLogoAssetId],
      ['logoAsset', after.logoAssetId],
    ] as const;
    for (const [field, id] of images) {
      if (touched(field) && id && !(await assets.findMeta(after.id, id))) {
        details.push({ field, rule: 'unknown_asset', message: message('unknownReference', locale) });
      }
    }
    if (details.length > 0) throw new AppError('validation_failed', details);
  }

  return { toDto, generalFields, billingFields, checkFields };
}
