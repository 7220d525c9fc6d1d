import { z } from 'zod';
import { COUNTRY_CODES } from '../format';
import type { Locale } from '../locale';
import { requiredEnum, requiredText, typeError } from './fields';

/** A company (invoicing to a legal entity): every field is required, no further format rule. */
export function companySchema(locale: Locale) {
  return z.object(
    {
      name: requiredText(locale),
      vatNumber: requiredText(locale),
      address: requiredText(locale),
      city: requiredText(locale),
      postalCode: requiredText(locale),
      country: requiredEnum(COUNTRY_CODES, locale, 'country'),
    },
    { error: typeError(locale) },
  );
}

export type CompanyInput = z.infer<ReturnType<typeof companySchema>>;
