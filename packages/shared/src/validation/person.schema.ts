import { z } from 'zod';
import { GENDERS } from '../enums';
import { COUNTRY_CODES } from '../format';
import type { Locale } from '../locale';
import {
  optionalEmail,
  optionalEnum,
  optionalPersonPhone,
  optionalText,
  requiredEmail,
  requiredEnum,
  requiredPastDate,
  requiredPersonPhone,
  requiredText,
  typeError,
} from './fields';
import { passwordSchema, withPasswordConfirmation } from './password.schema';

/** Minimum lengths that differ by language (spec section 5: the French form is stricter on names). */
const NAME_MIN: Record<Locale, number> = { fr: 2, en: 1 };
const PHONE_MIN: Record<Locale, number> = { fr: 6, en: 9 };

const ADDRESS_MIN = 5;
const CITY_MIN = 2;
const POSTAL_CODE_MIN = 4;
const EMAIL_MIN = 6;

/** The person form: a member's own profile. Birthdate is 'YYYY-MM-DD'. */
export function personSchema(locale: Locale) {
  return z.object(
    {
      gender: requiredEnum(GENDERS.values, locale, 'gender'),
      firstName: requiredText(locale, NAME_MIN[locale]),
      lastName: requiredText(locale, NAME_MIN[locale]),
      birthdate: requiredPastDate(locale),
      address: requiredText(locale, ADDRESS_MIN),
      city: requiredText(locale, CITY_MIN),
      postalCode: requiredText(locale, POSTAL_CODE_MIN),
      country: requiredEnum(COUNTRY_CODES, locale, 'country'),
      phoneNumber: requiredPersonPhone(locale, PHONE_MIN[locale]),
      email: requiredEmail(locale, EMAIL_MIN),
    },
    { error: typeError(locale) },
  );
}

/** The sign-up payload: the person form plus password and its confirmation. */
export function personSchemaWithPassword(locale: Locale) {
  return withPasswordConfirmation(personSchema(locale).extend({ password: passwordSchema(locale) }), locale);
}

/**
 * A family member (often a child): identity required, contact details optional. An optional field given
 * as undefined, null or '' is "not given"; any other value must pass the same rule as in `personSchema`.
 */
export function delegatedPersonSchema(locale: Locale) {
  return z.object(
    {
      gender: requiredEnum(GENDERS.values, locale, 'gender'),
      firstName: requiredText(locale, NAME_MIN[locale]),
      lastName: requiredText(locale, NAME_MIN[locale]),
      birthdate: requiredPastDate(locale),
      address: optionalText(locale, ADDRESS_MIN),
      city: optionalText(locale, CITY_MIN),
      postalCode: optionalText(locale, POSTAL_CODE_MIN),
      country: optionalEnum(COUNTRY_CODES, locale, 'country'),
      phoneNumber: optionalPersonPhone(locale, PHONE_MIN[locale]),
      email: optionalEmail(locale, EMAIL_MIN),
    },
    { error: typeError(locale) },
  );
}

export type PersonInput = z.infer<ReturnType<typeof personSchema>>;
export type SignUpInput = z.infer<ReturnType<typeof personSchemaWithPassword>>;
export type DelegatedPersonInput = z.infer<ReturnType<typeof delegatedPersonSchema>>;
