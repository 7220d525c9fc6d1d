import { z } from 'zod';
import type { Locale } from '../locale';
import { requiredEmail, requiredText } from '../validation/fields';
import { message } from '../validation/messages';
import { passwordSchema } from '../validation/password.schema';
import { personSchema, personSchemaWithPassword } from '../validation/person.schema';

/*
 * Payloads of the authentication and current-user calls (spec section 7), shared by the API (request
 * validation) and the web forms. Sign-in fields only check presence and shape: the password rule
 * applies when a password is chosen, not when one is typed to sign in.
 */

const secret = (locale: Locale) => requiredText(locale).max(256, { error: message('format', locale) });

export const signInPasswordSchema = (locale: Locale) =>
  z.object({ email: requiredEmail(locale), password: secret(locale) });

export const signInOtpSchema = (locale: Locale) =>
  z.object({
    email: requiredEmail(locale),
    otp: requiredText(locale).regex(/^\d{6}$/, { error: message('format', locale) }),
  });

export const sendOtpSchema = (locale: Locale) =>
  z.object({
    identifier: requiredEmail(locale),
    channel: z.literal('email', { error: message('format', locale) }),
  });

/** Sign-up: the person form with its password; the account's language is the caller's. */
export const signUpSchema = personSchemaWithPassword;

export const overAdminSchema = (locale: Locale) =>
  z.object({ idMember: secret(locale), email: requiredEmail(locale), password: secret(locale) });

export const refreshTokenSchema = (locale: Locale) => z.object({ refreshToken: secret(locale) });

export const signOutSchema = (locale: Locale) =>
  z.object({ refreshToken: secret(locale).optional() }).optional();

export const forgotPasswordSchema = (locale: Locale) => z.object({ email: requiredEmail(locale) });

export const resetPasswordSchema = (locale: Locale) =>
  z.object({ resetPasswordToken: secret(locale), password: passwordSchema(locale) });

/** `PATCH /users/me`: any of the three, with the person rules. */
export const updateMeSchema = (locale: Locale) =>
  personSchema(locale)
    .pick({ firstName: true, lastName: true, email: true })
    .partial()
    .refine((v) => Object.keys(v).length > 0, { error: message('required', locale) });

/** `PATCH /me/member`: the person form without credentials, each field optional. */
export const updateMemberSchema = (locale: Locale) => personSchema(locale).partial();

export type SignInPasswordInput = z.infer<ReturnType<typeof signInPasswordSchema>>;
export type SignUpPayload = z.infer<ReturnType<typeof signUpSchema>>;
export type UpdateMeInput = z.infer<ReturnType<typeof updateMeSchema>>;
