import { type Locale, personContactIssues } from '@inscrio/shared';
import { AppError } from '../../lib/app-error';
import type { MemberRow } from './user.repository';

type ContactInput = {
  country?: string | null;
  phoneNumber?: string | null;
  postalCode?: string | null;
};

/**
 * The country-dependent person rules on a partial update, applied to the person as it will be once
 * updated: changing only the country re-checks the stored phone number and postal code against it. Only
 * the fields the update touches (or all of them when it changes the country) can be reported, so a
 * stored value the user did not edit never blocks an unrelated change.
 */
export function assertContactRules(stored: MemberRow, input: ContactInput, locale: Locale): void {
  const pick = <K extends keyof ContactInput>(key: K) =>
    input[key] !== undefined ? input[key] : stored[key];
  const merged = {
    country: pick('country'),
    phoneNumber: pick('phoneNumber'),
    postalCode: pick('postalCode'),
  };
  const issues = personContactIssues(merged, locale).filter(
    (issue) => input.country !== undefined || input[issue.field] !== undefined,
  );
  if (issues.length > 0) {
    throw new AppError(
      'validation_failed',
      issues.map((issue) => ({ field: issue.field, rule: 'custom', message: issue.message })),
    );
  }
}

/** Optional person fields given as '' mean "not given": stored as null. */
export function blankToNull<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value === '' ? null : value]),
  ) as T;
}
