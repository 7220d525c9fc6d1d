import { z } from 'zod';
import type { Locale } from '../locale';
import { firstIssue, maxLength, typeError } from './fields';
import { TEXT_LIMITS } from './limits';
import { message } from './messages';

const UPPERCASE = /\p{Lu}/u;
const DIGIT = /\d/;

/**
 * At least 8 characters, one uppercase letter and one digit. Not trimmed: spaces are part of a password.
 * Accented capitals (É) count as uppercase letters.
 */
export function passwordSchema(locale: Locale) {
  const rule = message('passwordRule', locale);
  return z
    .string({ error: typeError(locale) })
    .min(1, { error: message('required', locale), ...firstIssue })
    .min(8, { error: rule, ...firstIssue })
    .regex(UPPERCASE, { error: rule, ...firstIssue })
    .regex(DIGIT, { error: rule, ...firstIssue })
    .check(maxLength(locale, TEXT_LIMITS.password));
}

/**
 * Adds a required `confirmPassword` that must equal `password` ('Les mots de passe ne correspondent pas'
 * on path ['confirmPassword']). The match is checked even while other fields are invalid, so a form shows
 * every error at once; it is skipped while the confirmation is empty, which already reads 'required'.
 */
export function withPasswordConfirmation<S extends z.ZodRawShape & { password: z.ZodType<string> }>(
  schema: z.ZodObject<S>,
  locale: Locale,
) {
  return schema
    .extend({
      confirmPassword: z
        .string({ error: typeError(locale) })
        .min(1, { error: message('required', locale), ...firstIssue })
        .check(maxLength(locale, TEXT_LIMITS.password)),
    })
    .refine(
      (data) =>
        (data as { password: unknown }).password === (data as { confirmPassword: unknown }).confirmPassword,
      {
        error: message('passwordMismatch', locale),
        path: ['confirmPassword'],
        when: ({ value }) => {
          const candidate = value as { password?: unknown; confirmPassword?: unknown } | null | undefined;
          return (
            typeof candidate?.password === 'string' &&
            typeof candidate.confirmPassword === 'string' &&
            candidate.confirmPassword !== ''
          );
        },
      },
    );
}
