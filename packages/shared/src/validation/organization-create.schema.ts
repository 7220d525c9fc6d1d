import { z } from 'zod';
import type { Locale } from '../locale';
import { requiredEmail, requiredPhoneDigits, requiredText, requiredTimeZone, typeError } from './fields';
import { TEXT_LIMITS } from './limits';
import { passwordSchema, withPasswordConfirmation } from './password.schema';

/** Organisation name minimum length: the French form asks for 5 characters, the English one for 1. */
const ORGANIZATION_NAME_MIN: Record<Locale, number> = { fr: 5, en: 1 };

/** Creating an organisation with its first administrator (spec section 5). */
export function organizationCreateSchema(locale: Locale) {
  const base = z.object(
    {
      organizationName: requiredText(locale, ORGANIZATION_NAME_MIN[locale], TEXT_LIMITS.organizationName),
      adminFirstName: requiredText(locale, 1, TEXT_LIMITS.personName),
      adminLastName: requiredText(locale, 1, TEXT_LIMITS.personName),
      contactEmail: requiredEmail(locale),
      contactPhone: requiredPhoneDigits(locale, 9),
      timeZone: requiredTimeZone(locale),
      password: passwordSchema(locale),
    },
    { error: typeError(locale) },
  );
  return withPasswordConfirmation(base, locale);
}

export type OrganizationCreateInput = z.infer<ReturnType<typeof organizationCreateSchema>>;
