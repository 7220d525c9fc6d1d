import { z } from 'zod';
import { COUNTRY_CODES } from '../format';
import type { Locale } from '../locale';
import { requiredEnum, requiredText, typeError } from './fields';
import { TEXT_LIMITS } from './limits';

/** A company (invoicing to a legal entity): every field is required, no further format rule. */
export function companySchema(locale: Locale) {
  return z.object(
    {
      name: requiredText(locale, 1, TEXT_LIMITS.organizationName),
      vatNumber: requiredText(locale, 1, TEXT_LIMITS.vatNumber),
      address: requiredText(locale, 1, TEXT_LIMITS.address),
      city: requiredText(locale, 1, TEXT_LIMITS.city),
      postalCode: requiredText(locale, 1, TEXT_LIMITS.postalCode),
      country: requiredEnum(COUNTRY_CODES, locale, 'country'),
    },
    { error: typeError(locale) },
  );
}

export type CompanyInput = z.infer<ReturnType<typeof companySchema>>;
