import type { MollieStatus, PaymentProvider } from './enums';
import { isEmpty } from './format';

/** The organisation fields the completeness rules read (spec sections 3 and 5). */
export interface OrganizationBillingFields {
  id?: string | null;
  billingEmail?: string | null;
  billingPhone?: string | null;
  billingAddress?: string | null;
  billingCity?: string | null;
  billingPostalCode?: string | null;
  billingCountry?: string | null;
  vatNumber?: string | null;
  // `string & {}` keeps the completion on known providers while accepting a database text column.
  paymentProvider?: PaymentProvider | (string & {}) | null;
  /** Offline payments: the account families transfer to. */
  iban?: string | null;
  buckarooWebsiteKey?: string | null;
  buckarooSecretKey?: string | null;
  mutualSeal?: string | null;
  signatureStamp?: string | null;
}

export const ORGANIZATION_SECTIONS = ['billing', 'mutual', 'payment'] as const;
export type OrganizationSection = (typeof ORGANIZATION_SECTIONS)[number];
/** A step of the Configuration page: the sections the notice checks, and settings that are never incomplete. */
export type ConfigurationStep = 'general' | OrganizationSection | 'recovery' | 'communications' | 'website';

export interface OrganizationWarning {
  section: OrganizationSection;
  /** Configuration step to open, e.g. '/configuration/organizations/org_1?step=billing'. */
  path: string;
}

const BILLING_FIELDS = [
  'billingEmail',
  'billingPhone',
  'billingAddress',
  'billingCity',
  'billingPostalCode',
  'billingCountry',
  'vatNumber',
] as const satisfies readonly (keyof OrganizationBillingFields)[];

export function isBillingComplete(org: OrganizationBillingFields): boolean {
  return BILLING_FIELDS.every((field) => !isEmpty(org[field]));
}

/** The mutual-insurer certificate needs the seal and the signature stamp. */
export function isMutualComplete(org: OrganizationBillingFields): boolean {
  return !isEmpty(org.mutualSeal) && !isEmpty(org.signatureStamp);
}

/**
 * Buckaroo needs both keys; Mollie needs its account connected ('ready') or being verified ('onboarding');
 * offline (bank transfer) needs the IBAN families transfer to. The original product handled offline
 * inconsistently; here it is complete once an IBAN is set. No provider (or an unknown one) is incomplete.
 */
export function isPaymentComplete(
  org: OrganizationBillingFields,
  mollieStatus?: MollieStatus | null,
): boolean {
  switch (org.paymentProvider) {
    case 'offline':
      return !isEmpty(org.iban);
    case 'buckaroo':
      return !isEmpty(org.buckarooWebsiteKey) && !isEmpty(org.buckarooSecretKey);
    case 'mollie':
      return mollieStatus === 'ready' || mollieStatus === 'onboarding';
    default:
      return false;
  }
}

/** Path of a configuration step of the organisation. */
export function organizationConfigurationPath(
  organizationId: string | null | undefined,
  step: ConfigurationStep,
): string {
  return `/configuration/organizations/${encodeURIComponent(organizationId ?? '')}?step=${step}`;
}

/** The incomplete sections, in the order billing, mutual, payment (the 'Informations à compléter' notice). */
export function organizationWarnings(
  org: OrganizationBillingFields,
  mollieStatus?: MollieStatus | null,
): OrganizationWarning[] {
  const complete: Record<OrganizationSection, boolean> = {
    billing: isBillingComplete(org),
    mutual: isMutualComplete(org),
    payment: isPaymentComplete(org, mollieStatus),
  };
  return ORGANIZATION_SECTIONS.filter((section) => !complete[section]).map((section) => ({
    section,
    path: organizationConfigurationPath(org.id, section),
  }));
}
