import { z } from 'zod';
import { MOLLIE_STATUSES, PAYMENT_PROVIDERS } from '../enums';
import type { Locale } from '../locale';
import { givenAndFirstIssue } from '../validation/fields';
import { message } from '../validation/messages';

/*
 * The organisation's configuration (`GET, PATCH /organizations/{id}`, spec section 7). For now its
 * payment part (provider, offline IBAN and BIC, Buckaroo keys); the billing fields are added to the same
 * schemas later, so each part is its own object merged into `organizationSettingsSchema`.
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
  const digits = [...(iban.slice(4) + iban.slice(0, 4))]
    .map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c))
    .join('');
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  return remainder === 1;
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
    .string({ error: message('format', locale) })
    .trim()
    .max(max, { error: message('format', locale) })
    .nullish();

/** The payment part of `PATCH /organizations/{id}`; every field optional, '' or null clears it. */
export const organizationPaymentSettingsSchema = (locale: Locale) =>
  z.object({
    paymentProvider: z.enum(PAYMENT_PROVIDERS.values, { error: message('format', locale) }).optional(),
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

/** `PATCH /organizations/{id}` (the billing part joins it later). */
export const organizationSettingsSchema = (locale: Locale) =>
  z.strictObject(organizationPaymentSettingsSchema(locale).shape, { error: message('format', locale) });
export type OrganizationSettingsInput = z.infer<ReturnType<typeof organizationSettingsSchema>>;

/** `GET /organizations/{id}`: read-only identity, then the payment configuration. */
export const organizationSettingsDtoSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  timeZone: z.string(),
  logoAsset: z.string().nullable(),
  paymentProvider: z.enum(PAYMENT_PROVIDERS.values),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  buckarooWebsiteKey: z.string().nullable(),
  /** The secret key itself is never returned. */
  buckarooSecretKeySet: z.boolean(),
  mollieStatus: z.enum(MOLLIE_STATUSES.values),
  paymentComplete: z.boolean(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsDtoSchema>;

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
