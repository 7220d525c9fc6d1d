import { type CountryCode as PhoneRegion, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { GENDERS } from '../enums';
import { COUNTRY_CODES, type CountryCode, isCountryCode } from '../format';
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
import { TEXT_LIMITS } from './limits';
import { message } from './messages';
import { passwordSchema, withPasswordConfirmation } from './password.schema';

/** Minimum lengths that differ by language (spec section 5: the French form is stricter on names). */
const NAME_MIN: Record<Locale, number> = { fr: 2, en: 1 };
const PHONE_MIN: Record<Locale, number> = { fr: 6, en: 9 };

const ADDRESS_MIN = 5;
const CITY_MIN = 2;
const POSTAL_CODE_MIN = 4;
const EMAIL_MIN = 6;

/** Numbering plans of the countries people come from (spec section 1), by country option code. */
const PHONE_REGIONS: Readonly<Record<CountryCode, PhoneRegion>> = { BEL: 'BE', FRA: 'FR', LUX: 'LU' };
const PLATFORM_REGIONS: ReadonlySet<string> = new Set(Object.values(PHONE_REGIONS));

/**
 * Whether `phone` is a real number for `country`, by the numbering plan (libphonenumber's metadata).
 * A number typed with its international prefix (+32, +33, +352, or 00…) is read as written, so a
 * Belgian resident may give a French or Luxembourg number; it must still belong to one of the three.
 */
export function isPhoneNumberValidFor(phone: string, country: CountryCode): boolean {
  const parsed = parsePhoneNumberFromString(phone, PHONE_REGIONS[country]);
  return parsed !== undefined && parsed.isValid() && PLATFORM_REGIONS.has(parsed.country ?? '');
}

/** Postal code formats: Belgium 4 digits (1000-9999), France 5 digits, Luxembourg 4 digits, optionally 'L-'. */
const POSTAL_CODE_FORMATS: Readonly<Record<CountryCode, RegExp>> = {
  BEL: /^[1-9]\d{3}$/,
  FRA: /^\d{5}$/,
  LUX: /^(?:L-)?\d{4}$/i,
};

export function isPostalCodeValidFor(postalCode: string, country: CountryCode): boolean {
  return POSTAL_CODE_FORMATS[country].test(postalCode);
}

type ContactFields = { country?: unknown; phoneNumber?: unknown; postalCode?: unknown };

/**
 * The rules that depend on the chosen country: the phone number by the country's numbering plan and
 * the postal code's format. Each applies only to a non-empty string with a valid country, and only while
 * the field and the country have no issue yet (its minimum length and characters come first), so a field
 * never shows two messages. Returns one issue per broken field.
 */
export function personContactIssues(
  value: ContactFields,
  locale: Locale,
  hasIssue: (field: keyof ContactFields) => boolean = () => false,
): { field: 'phoneNumber' | 'postalCode'; message: string }[] {
  const issues: { field: 'phoneNumber' | 'postalCode'; message: string }[] = [];
  const { country, phoneNumber, postalCode } = value;
  if (!isCountryCode(country) || hasIssue('country')) return issues;
  if (typeof phoneNumber === 'string' && phoneNumber.trim() !== '' && !hasIssue('phoneNumber')) {
    if (!isPhoneNumberValidFor(phoneNumber.trim(), country)) {
      issues.push({ field: 'phoneNumber', message: message('phoneInvalid', locale) });
    }
  }
  if (typeof postalCode === 'string' && postalCode.trim() !== '' && !hasIssue('postalCode')) {
    if (!isPostalCodeValidFor(postalCode.trim(), country)) {
      issues.push({ field: 'postalCode', message: message('postalCodeInvalid', locale) });
    }
  }
  return issues;
}

/**
 * Adds the country-dependent rules (`personContactIssues`) to a person-like object schema, full or
 * partial. Kept apart from the field schemas because zod forbids `pick`, `partial` and `omit` on a refined
 * object: apply it last.
 */
export function withPersonContactRules<S extends z.ZodObject>(schema: S, locale: Locale): S {
  return schema.superRefine(
    (value, ctx) => {
      const hasIssue = (field: string) => ctx.issues.some((issue) => issue.path?.[0] === field);
      for (const issue of personContactIssues(value as ContactFields, locale, hasIssue)) {
        ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message, input: undefined });
      }
    },
    { when: ({ value }) => typeof value === 'object' && value !== null },
  );
}

/**
 * The fields of the person form, a member's own profile, with their own rules (spec section 5).
 * Birthdate is 'YYYY-MM-DD'. Without the country-dependent rules, so that it can still be picked from
 * or made partial: a complete form validates with `personFormSchema`.
 */
export function personSchema(locale: Locale) {
  return z.object(
    {
      gender: requiredEnum(GENDERS.values, locale, 'gender'),
      firstName: requiredText(locale, NAME_MIN[locale], TEXT_LIMITS.personName),
      lastName: requiredText(locale, NAME_MIN[locale], TEXT_LIMITS.personName),
      birthdate: requiredPastDate(locale),
      address: requiredText(locale, ADDRESS_MIN, TEXT_LIMITS.address),
      city: requiredText(locale, CITY_MIN, TEXT_LIMITS.city),
      postalCode: requiredText(locale, POSTAL_CODE_MIN, TEXT_LIMITS.postalCode),
      country: requiredEnum(COUNTRY_CODES, locale, 'country'),
      phoneNumber: requiredPersonPhone(locale, PHONE_MIN[locale]),
      email: requiredEmail(locale, EMAIL_MIN),
    },
    { error: typeError(locale) },
  );
}

/** The person form with every rule, the country-dependent ones included (profile, member creation). */
export function personFormSchema(locale: Locale) {
  return withPersonContactRules(personSchema(locale), locale);
}

/** The sign-up payload: the person form plus password and its confirmation. */
export function personSchemaWithPassword(locale: Locale) {
  return withPersonContactRules(
    withPasswordConfirmation(personSchema(locale).extend({ password: passwordSchema(locale) }), locale),
    locale,
  );
}

/**
 * The fields of a family member (often a child): identity required, contact details optional. An
 * optional field given as undefined, null or '' is "not given"; any other value must pass the same rule
 * as in `personSchema`. Without the country-dependent rules (see `delegatedPersonSchema`).
 */
export function delegatedPersonFields(locale: Locale) {
  return z.object(
    {
      gender: requiredEnum(GENDERS.values, locale, 'gender'),
      firstName: requiredText(locale, NAME_MIN[locale], TEXT_LIMITS.personName),
      lastName: requiredText(locale, NAME_MIN[locale], TEXT_LIMITS.personName),
      birthdate: requiredPastDate(locale),
      address: optionalText(locale, ADDRESS_MIN, TEXT_LIMITS.address),
      city: optionalText(locale, CITY_MIN, TEXT_LIMITS.city),
      postalCode: optionalText(locale, POSTAL_CODE_MIN, TEXT_LIMITS.postalCode),
      country: optionalEnum(COUNTRY_CODES, locale, 'country'),
      phoneNumber: optionalPersonPhone(locale, PHONE_MIN[locale]),
      email: optionalEmail(locale, EMAIL_MIN),
    },
    { error: typeError(locale) },
  );
}

/** A family member with every rule: no e-mail or password needed, birthdate required. */
export function delegatedPersonSchema(locale: Locale) {
  return withPersonContactRules(delegatedPersonFields(locale), locale);
}

export type PersonInput = z.infer<ReturnType<typeof personSchema>>;
export type SignUpInput = z.infer<ReturnType<typeof personSchemaWithPassword>>;
export type DelegatedPersonInput = z.infer<ReturnType<typeof delegatedPersonSchema>>;
