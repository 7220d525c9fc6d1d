import { z } from 'zod';
import { MOLLIE_STATUSES, PAYMENT_PROVIDERS } from '../enums';
import { COUNTRY_CODES, type CountryCode, isCountryCode } from '../format';
import type { Locale } from '../locale';
import { ORGANIZATION_SECTIONS } from '../organization';
import { mod97 } from '../mod97';
import { isValidVatNumber } from '../vat';
import { givenAndFirstIssue, optionalEmail, optionalEnum, optionalPersonPhone } from '../validation/fields';
import { message } from '../validation/messages';
import { isPhoneNumberValidFor, isPostalCodeValidFor } from '../validation/person.schema';
import { VAT_REGIMES } from './invoice.schema';
import {
  organizationGeneralDtoShape,
  organizationGeneralSettingsSchema,
} from './organization-general.schema';

/*
 * The organisation's configuration (`GET, PATCH /organizations/{id}`, spec section 7): its general part
 * (identity and family-facing settings, organization-general.schema.ts), its payment part
 * (provider, offline IBAN and BIC, Buckaroo keys) and its billing profile (what invoices print about the
 * seller, spec section 3), each its own object merged into `organizationSettingsSchema`.
 */

/** IBAN length per country (SEPA and neighbours); other countries: 15 to 34 characters. */
// prettier-ignore
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18,
  FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20,
  LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27,
  VA: 22,
};

/** An IBAN as stored and put in QR codes: upper case, no spaces. */
export const normalizeIban = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

/** `BE71096123456769` → `BE71 0961 2345 6769`. */
export const formatIban = (value: string): string =>
  normalizeIban(value)
    .replace(/(.{4})(?=.)/g, '$1 ')
    .trim();

/** Country format (letters, check digits, length of the country) and ISO 13616 mod-97 check. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** BIC: 4 letters (bank), 2 letters (country), 2 letters or digits (place), optional 3 (branch). */
export const isValidBic = (value: string): boolean =>
  /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value.replace(/\s/g, '').toUpperCase());

export const ORGANIZATION_MESSAGES = {
  iban: { fr: 'IBAN invalide', en: 'Invalid IBAN' },
  bic: { fr: 'BIC invalide', en: 'Invalid BIC' },
  updated: {
    fr: "Les informations de l'organisation ont été mises à jour avec succès.",
    en: "The organisation's information has been updated successfully.",
  },
  providerActivated: {
    fr: 'Le moyen de paiement {provider} a été activé.',
    en: 'The payment method {provider} has been activated.',
  },
  providerDeactivated: {
    fr: 'Le moyen de paiement {provider} a été désactivé.',
    en: 'The payment method {provider} has been deactivated.',
  },
  offlineNeedsIban: {
    fr: 'Renseignez un IBAN pour recevoir les paiements par virement',
    en: 'Enter an IBAN to receive payments by bank transfer',
  },
  buckarooNeedsKeys: {
    fr: 'Renseignez la clé du site et la clé secrète Buckaroo',
    en: 'Enter the Buckaroo website key and secret key',
  },
  mollieNeedsConnection: {
    fr: 'Connectez d’abord votre compte Mollie',
    en: 'Connect your Mollie account first',
  },
  vatNumber: { fr: 'Numéro de TVA invalide', en: 'Invalid VAT number' },
  vatExemptionMentionRequired: {
    fr: 'Indiquez la mention d’exonération imprimée sur les factures',
    en: 'Enter the exemption mention printed on invoices',
  },
  invoiceDueDays: {
    fr: 'Le délai de paiement doit être un nombre entier de jours entre 0 et 120',
    en: 'The payment term must be a whole number of days between 0 and 120',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type OrganizationMessageKey = keyof typeof ORGANIZATION_MESSAGES;

export function organizationMessage(
  key: OrganizationMessageKey,
  locale: Locale,
  params: Record<string, string> = {},
): string {
  return ORGANIZATION_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (p, name: string) => params[name] ?? p);
}

/** Optional text that '' or null clears; absent leaves unchanged. Trimmed. */
const clearableText = (locale: Locale, max: number) =>
  z
    .string({ error: message('text', locale) })
    .trim()
    .max(max, { error: message('maxLength', locale, { max }) })
    .nullish();

/** The payment part of `PATCH /organizations/{id}`; every field optional, '' or null clears it. */
export const organizationPaymentSettingsSchema = (locale: Locale) =>
  z.object({
    paymentProvider: z.enum(PAYMENT_PROVIDERS.values, { error: message('choice', locale) }).optional(),
    iban: clearableText(locale, 42).refine((v) => v == null || isValidIban(v), {
      error: ORGANIZATION_MESSAGES.iban[locale],
      ...givenAndFirstIssue,
    }),
    bic: clearableText(locale, 15).refine((v) => v == null || isValidBic(v), {
      error: ORGANIZATION_MESSAGES.bic[locale],
      ...givenAndFirstIssue,
    }),
    buckarooWebsiteKey: clearableText(locale, 100),
    /** Write-only: never returned; absent keeps the stored one. */
    buckarooSecretKey: clearableText(locale, 200),
  });

/** The legal mention Belgian sport clubs and holiday camps print when exempt: the form's suggestion. */
export const BELGIAN_VAT_EXEMPTION_MENTION = 'Exemption de TVA – article 44, § 2, 3° du Code de la TVA';
export const INVOICE_DUE_DAYS_MAX = 120;

/** Like `clearableText`, with a minimum length once given (the person form's minimums). */
const clearableMinText = (locale: Locale, min: number, max: number) =>
  z
    .string({ error: message('text', locale) })
    .trim()
    .min(min, { error: message('minLength', locale, { min }), ...givenAndFirstIssue })
    .max(max, { error: message('maxLength', locale, { max }), ...givenAndFirstIssue })
    .nullish();

/** The billing part of `PATCH /organizations/{id}`; every field optional, '' or null clears it. */
export const organizationBillingSettingsSchema = (locale: Locale) =>
  z.object({
    billingEmail: optionalEmail(locale),
    billingPhone: optionalPersonPhone(locale, 6),
    billingAddress: clearableMinText(locale, 5, 200),
    billingCity: clearableMinText(locale, 2, 100),
    billingPostalCode: clearableMinText(locale, 4, 10),
    billingCountry: optionalEnum(COUNTRY_CODES, locale, 'country'),
    /** Checked against the billing country (see `billingRuleIssues`). */
    vatNumber: clearableText(locale, 20),
    /** Not nullable in the database: '' or null sets it back to 'subject'. */
    vatRegime: optionalEnum(VAT_REGIMES, locale),
    vatExemptionMention: clearableText(locale, 300),
    /** Days from an invoice's issue to its due date; null sets it back to the default (14). */
    invoiceDueDays: z
      .number({ error: ORGANIZATION_MESSAGES.invoiceDueDays[locale] })
      .int({ error: ORGANIZATION_MESSAGES.invoiceDueDays[locale] })
      .min(0, { error: ORGANIZATION_MESSAGES.invoiceDueDays[locale] })
      .max(INVOICE_DUE_DAYS_MAX, { error: ORGANIZATION_MESSAGES.invoiceDueDays[locale] })
      .nullish(),
    /** An image uploaded with `POST /assets` (the organisation's own), printed on its documents. */
    documentLogoAssetId: clearableText(locale, 100).refine((v) => v == null || /^[A-Za-z0-9_-]+$/.test(v), {
      error: message('identifier', locale),
      ...givenAndFirstIssue,
    }),
  });

/** The billing values whose rules read other fields: the country, and the VAT regime for the mention. */
export interface BillingRuleValues {
  billingCountry?: string | null;
  billingPhone?: string | null;
  billingPostalCode?: string | null;
  vatNumber?: string | null;
  vatRegime?: string | null;
  vatExemptionMention?: string | null;
}

export type BillingRuleField = 'billingPhone' | 'billingPostalCode' | 'vatNumber' | 'vatExemptionMention';

/** The fields whose rule depends on the billing country. */
export const COUNTRY_DEPENDENT_BILLING_FIELDS: readonly BillingRuleField[] = [
  'billingPhone',
  'billingPostalCode',
  'vatNumber',
];

const given = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * The rules between billing fields: phone, postal code and VAT number valid for the billing country
 * (without a country, the phone must belong to one of the three and the VAT number carry its prefix),
 * and the exemption mention required when exempt (absent, undefined, is left to what is stored). Shared
 * by the form and by the API, which applies them to the stored values merged with the PATCH.
 */
export function billingRuleIssues(
  values: BillingRuleValues,
  locale: Locale,
): { field: BillingRuleField; message: string }[] {
  const issues: { field: BillingRuleField; message: string }[] = [];
  const country: CountryCode | null = isCountryCode(values.billingCountry) ? values.billingCountry : null;
  const phone = values.billingPhone;
  if (given(phone)) {
    const valid = country
      ? isPhoneNumberValidFor(phone.trim(), country)
      : COUNTRY_CODES.some((code) => isPhoneNumberValidFor(phone.trim(), code));
    if (!valid) issues.push({ field: 'billingPhone', message: message('phoneInvalid', locale) });
  }
  if (country && given(values.billingPostalCode)) {
    if (!isPostalCodeValidFor(values.billingPostalCode.trim(), country)) {
      issues.push({ field: 'billingPostalCode', message: message('postalCodeInvalid', locale) });
    }
  }
  if (given(values.vatNumber) && !isValidVatNumber(values.vatNumber, country)) {
    issues.push({ field: 'vatNumber', message: ORGANIZATION_MESSAGES.vatNumber[locale] });
  }
  if (
    values.vatRegime === 'exempt' &&
    values.vatExemptionMention !== undefined &&
    !given(values.vatExemptionMention)
  ) {
    issues.push({
      field: 'vatExemptionMention',
      message: ORGANIZATION_MESSAGES.vatExemptionMentionRequired[locale],
    });
  }
  return issues;
}

/**
 * `PATCH /organizations/{id}`: the general, payment and billing parts. The rules between billing fields apply to
 * what the payload itself gives: the country-dependent ones only when it gives the country (the API
 * checks the others against the stored country), each only on a field without an issue yet.
 */
export const organizationSettingsSchema = (locale: Locale) =>
  z
    .strictObject(
      {
        ...organizationGeneralSettingsSchema(locale).shape,
        ...organizationPaymentSettingsSchema(locale).shape,
        ...organizationBillingSettingsSchema(locale).shape,
      },
      { error: message('object', locale) },
    )
    .superRefine(
      (payload, ctx) => {
        const hasIssue = (field: string) => ctx.issues.some((issue) => issue.path?.[0] === field);
        const countryGiven = payload.billingCountry !== undefined && !hasIssue('billingCountry');
        for (const issue of billingRuleIssues(payload, locale)) {
          if (hasIssue(issue.field)) continue;
          if (!countryGiven && COUNTRY_DEPENDENT_BILLING_FIELDS.includes(issue.field)) continue;
          ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message, input: undefined });
        }
      },
      // Alongside the field errors, so every field shows its message at once.
      { when: ({ value }) => typeof value === 'object' && value !== null },
    );
export type OrganizationSettingsInput = z.infer<ReturnType<typeof organizationSettingsSchema>>;

/** `GET /organizations/{id}`: the identity (the key is read-only), then the payment and billing configuration. */
export const organizationSettingsDtoSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  timeZone: z.string(),
  logoAsset: z.string().nullable(),
  ...organizationGeneralDtoShape,
  paymentProvider: z.enum(PAYMENT_PROVIDERS.values),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  buckarooWebsiteKey: z.string().nullable(),
  /** The secret key itself is never returned. */
  buckarooSecretKeySet: z.boolean(),
  mollieStatus: z.enum(MOLLIE_STATUSES.values),
  paymentComplete: z.boolean(),
  billingEmail: z.string().nullable(),
  billingPhone: z.string().nullable(),
  billingAddress: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingPostalCode: z.string().nullable(),
  billingCountry: z.enum(COUNTRY_CODES).nullable(),
  /** Normalised: `BE0403019261`. */
  vatNumber: z.string().nullable(),
  vatRegime: z.enum(VAT_REGIMES),
  vatExemptionMention: z.string().nullable(),
  invoiceDueDays: z.number().int(),
  documentLogoAssetId: z.string().nullable(),
  /** `/api/assets/serve/{id}?orgId={orgId}`, to show the logo. */
  documentLogoUrl: z.string().nullable(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsDtoSchema>;

/** `GET /organizations/{id}/warnings`: the incomplete sections with their configuration steps. */
export const organizationWarningsDtoSchema = z.array(
  z.object({ section: z.enum(ORGANIZATION_SECTIONS), path: z.string() }),
);

/** `PATCH /organizations/{id}`: the saved settings, the success text and which provider changed. */
export const organizationSettingsResultSchema = z.object({
  organization: organizationSettingsDtoSchema,
  message: z.string(),
  /** Set when the payment provider changed: the notifications « Le moyen de paiement … a été activé. ». */
  paymentProviderActivated: z.enum(PAYMENT_PROVIDERS.values).nullable(),
  paymentProviderDeactivated: z.enum(PAYMENT_PROVIDERS.values).nullable(),
  /** The activation and deactivation texts, in the caller's language. */
  notifications: z.array(z.string()),
});
export type OrganizationSettingsResult = z.infer<typeof organizationSettingsResultSchema>;

/** `GET /integrations/mollie/oauth/connect/{organizationId}`: where to send the manager. */
export const mollieConnectSchema = z.object({ url: z.string() });
export type MollieConnect = z.infer<typeof mollieConnectSchema>;
