import type { Locale, OrganizationSettings, OrganizationSettingsInput } from '@inscrio/shared';

/*
 * The general step keeps its fields as typed; the payload trims nothing (the shared schema does), turns
 * an empty contact into null (cleared) and the numbers into numbers (anything not a whole number fails
 * the schema's rule with its message). The shared `organizationSettingsSchema` checks that payload.
 */

export interface GeneralFormValues {
  name: string;
  logoAsset: string | null;
  /** Only to show the logo: never sent. */
  logoUrl: string | null;
  timeZone: string;
  defaultLocale: Locale;
  contactEmail: string;
  contactPhone: string;
  holdMinutes: string;
  invitationHours: string;
}

export const GENERAL_FIELDS = [
  'name',
  'logoAsset',
  'timeZone',
  'defaultLocale',
  'contactEmail',
  'contactPhone',
  'holdMinutes',
  'invitationHours',
] as const;

export function generalFormValues(organization: OrganizationSettings): GeneralFormValues {
  return {
    name: organization.name,
    logoAsset: organization.logoAsset,
    logoUrl: organization.logoUrl,
    timeZone: organization.timeZone,
    defaultLocale: organization.defaultLocale,
    contactEmail: organization.contactEmail ?? '',
    contactPhone: organization.contactPhone ?? '',
    holdMinutes: String(organization.holdMinutes),
    invitationHours: String(organization.invitationHours),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/** A whole number as typed; '' is not one (NaN), so the schema says which numbers it takes. */
const whole = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));

export function toGeneralPayload(values: GeneralFormValues): OrganizationSettingsInput {
  return {
    name: values.name,
    logoAsset: values.logoAsset,
    timeZone: values.timeZone,
    defaultLocale: values.defaultLocale,
    contactEmail: orNull(values.contactEmail),
    contactPhone: orNull(values.contactPhone),
    holdMinutes: whole(values.holdMinutes),
    invitationHours: whole(values.invitationHours),
  };
}

/** The IANA time zones of the runtime, the organisation's own kept when the runtime does not list it. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) || current === '' ? zones : [current, ...zones];
}

/** The zones of the countries the clubs are in (spec section 1), offered first. */
export const NEARBY_TIME_ZONES = ['Europe/Brussels', 'Europe/Paris', 'Europe/Luxembourg'] as const;
