import {
  BELGIAN_VAT_EXEMPTION_MENTION,
  type OrganizationSettings,
  type OrganizationSettingsInput,
  type VatRegime,
} from '@inscrio/shared';

/*
 * The billing step keeps its fields as typed; the payload turns empty texts into null (cleared) and the
 * due days into a number. The shared `organizationSettingsSchema` checks that payload: the phone, postal
 * code and VAT number against the chosen country, and the mention when exempt.
 */

export interface BillingFormValues {
  billingEmail: string;
  billingPhone: string;
  billingAddress: string;
  billingCity: string;
  billingPostalCode: string;
  billingCountry: string;
  vatNumber: string;
  vatRegime: VatRegime;
  vatExemptionMention: string;
  invoiceDueDays: string;
  documentLogoAssetId: string | null;
  /** Only to show the logo: never sent. */
  documentLogoUrl: string | null;
}

export const BILLING_FIELDS = [
  'billingEmail',
  'billingPhone',
  'billingAddress',
  'billingCity',
  'billingPostalCode',
  'billingCountry',
  'vatNumber',
  'vatRegime',
  'vatExemptionMention',
  'invoiceDueDays',
  'documentLogoAssetId',
] as const;

export function billingFormValues(organization: OrganizationSettings): BillingFormValues {
  return {
    billingEmail: organization.billingEmail ?? '',
    billingPhone: organization.billingPhone ?? '',
    billingAddress: organization.billingAddress ?? '',
    billingCity: organization.billingCity ?? '',
    billingPostalCode: organization.billingPostalCode ?? '',
    billingCountry: organization.billingCountry ?? '',
    vatNumber: organization.vatNumber ?? '',
    vatRegime: organization.vatRegime,
    // An exempt organisation must print a mention: the Belgian article 44 one is the usual case.
    vatExemptionMention: organization.vatExemptionMention ?? BELGIAN_VAT_EXEMPTION_MENTION,
    invoiceDueDays: String(organization.invoiceDueDays),
    documentLogoAssetId: organization.documentLogoAssetId,
    documentLogoUrl: organization.documentLogoUrl,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A whole number as typed, '' as "back to the default"; anything else fails the schema's number rule. */
const dueDays = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

export function toBillingPayload(values: BillingFormValues): OrganizationSettingsInput {
  return {
    billingEmail: orNull(values.billingEmail),
    billingPhone: orNull(values.billingPhone),
    billingAddress: orNull(values.billingAddress),
    billingCity: orNull(values.billingCity),
    billingPostalCode: orNull(values.billingPostalCode),
    billingCountry: (orNull(values.billingCountry) as OrganizationSettingsInput['billingCountry']) ?? null,
    vatNumber: orNull(values.vatNumber),
    vatRegime: values.vatRegime,
    // The mention is only shown, and only saved, when exempt: a subject organisation keeps its old one.
    ...(values.vatRegime === 'exempt' ? { vatExemptionMention: orNull(values.vatExemptionMention) } : {}),
    invoiceDueDays: dueDays(values.invoiceDueDays),
    documentLogoAssetId: values.documentLogoAssetId,
  };
}
