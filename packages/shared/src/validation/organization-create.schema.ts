import { z } from 'zod';
import { COUNTRY_CODES } from '../format';
import { LICENCE_PLANS } from '../enums';
import type { Locale } from '../locale';
import { ORGANIZATION_KEY_MAX, ORGANIZATION_KEY_PATTERN } from '../organization-key';
import {
  firstIssue,
  optionalEnum,
  requiredEmail,
  requiredEnum,
  requiredPhoneDigits,
  requiredText,
  requiredTimeZone,
  typeError,
} from './fields';
import { TEXT_LIMITS } from './limits';
import { message } from './messages';
import { passwordSchema, withPasswordConfirmation } from './password.schema';

/** Organisation name minimum length: the French form asks for 5 characters, the English one for 1. */
export const ORGANIZATION_NAME_MIN: Record<Locale, number> = { fr: 5, en: 1 };

/**
 * The organisation key (its subdomain): lower-case letters, digits and hyphens, 3 to 40 characters.
 * Whether it is reserved or taken is the API's to say (409 with free suggestions).
 */
export function organizationKeyField(locale: Locale) {
  return requiredText(locale, 1, ORGANIZATION_KEY_MAX).regex(ORGANIZATION_KEY_PATTERN, {
    error: message('organizationKey', locale),
    ...firstIssue,
  });
}

function organizationCreateFields(locale: Locale) {
  return {
    organizationName: requiredText(locale, ORGANIZATION_NAME_MIN[locale], TEXT_LIMITS.organizationName),
    organizationKey: organizationKeyField(locale),
    country: requiredEnum(COUNTRY_CODES, locale, 'country'),
    adminFirstName: requiredText(locale, 1, TEXT_LIMITS.personName),
    adminLastName: requiredText(locale, 1, TEXT_LIMITS.personName),
    contactEmail: requiredEmail(locale),
    contactPhone: requiredPhoneDigits(locale, 9),
    timeZone: requiredTimeZone(locale),
    password: passwordSchema(locale),
  };
}

/**
 * Creating an organisation with its first administrator (spec sections 3 and 5): the public sign-up
 * form of `/onboarding`. The country (BEL, FRA, LUX) is the billing country; the form proposes its
 * time zone (`timeZoneOfCountry`).
 */
export function organizationCreateSchema(locale: Locale) {
  return withPasswordConfirmation(
    z.object(organizationCreateFields(locale), { error: typeError(locale) }),
    locale,
  );
}

export type OrganizationCreateInput = z.infer<ReturnType<typeof organizationCreateSchema>>;

/** The same form for a system administrator (`/organizations/create`): a plan may be picked (else the free trial). */
export function organizationCreateByAdminSchema(locale: Locale) {
  return withPasswordConfirmation(
    z.object(
      { ...organizationCreateFields(locale), planKey: optionalEnum(LICENCE_PLANS.values, locale) },
      { error: typeError(locale) },
    ),
    locale,
  );
}

export type OrganizationCreateByAdminInput = z.infer<ReturnType<typeof organizationCreateByAdminSchema>>;
