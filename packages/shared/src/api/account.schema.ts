import type { z } from 'zod';
import type { Locale } from '../locale';
import { message } from '../validation/messages';
import { personSchema, personSchemaWithPassword } from '../validation/person.schema';

/*
 * Payloads of the account calls that follow the person rules (spec section 7), apart from the sign-in
 * ones (auth.schema.ts): these check phone numbers against the numbering plans, which the sign-in form
 * does not need to load.
 */

/** Sign-up: the person form with its password; the account's language is the caller's. */
export const signUpSchema = personSchemaWithPassword;

/** `PATCH /users/me`: any of the three, with the person rules. */
export const updateMeSchema = (locale: Locale) =>
  personSchema(locale)
    .pick({ firstName: true, lastName: true, email: true })
    .partial()
    .refine((v) => Object.keys(v).length > 0, { error: message('required', locale) });

/** `PATCH /me/member`: the person form without credentials, each field optional. */
export const updateMemberSchema = (locale: Locale) => personSchema(locale).partial();

export type SignUpPayload = z.infer<ReturnType<typeof signUpSchema>>;
export type UpdateMeInput = z.infer<ReturnType<typeof updateMeSchema>>;
