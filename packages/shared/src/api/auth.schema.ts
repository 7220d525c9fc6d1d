import { z } from 'zod';
import type { Locale } from '../locale';
import { requiredEmail, requiredText } from '../validation/fields';
import { message } from '../validation/messages';
import { TEXT_LIMITS } from '../validation/limits';
import { passwordSchema } from '../validation/password.schema';

/*
 * Payloads of the authentication and current-user calls (spec section 7), shared by the API (request
 * validation) and the web forms. Sign-in fields only check presence and shape: the password rule
 * applies when a password is chosen, not when one is typed to sign in. The payloads with the person
 * rules (sign-up, profile) are in account.schema.ts: the sign-in form's code does not load the phone
 * numbering plans they check.
 */

const secret = (locale: Locale) => requiredText(locale, 1, TEXT_LIMITS.password);

export const signInPasswordSchema = (locale: Locale) =>
  z.object({ email: requiredEmail(locale), password: secret(locale) });

export const signInOtpSchema = (locale: Locale) =>
  z.object({
    email: requiredEmail(locale),
    otp: requiredText(locale).regex(/^\d{6}$/, { error: message('otpDigits', locale) }),
  });

export const sendOtpSchema = (locale: Locale) =>
  z.object({
    identifier: requiredEmail(locale),
    channel: z.literal('email', { error: message('choice', locale) }),
  });

export const overAdminSchema = (locale: Locale) =>
  z.object({ idMember: secret(locale), email: requiredEmail(locale), password: secret(locale) });

export const refreshTokenSchema = (locale: Locale) => z.object({ refreshToken: secret(locale) });

export const signOutSchema = (locale: Locale) =>
  z.object({ refreshToken: secret(locale).optional() }).optional();

export const forgotPasswordSchema = (locale: Locale) => z.object({ email: requiredEmail(locale) });

export const resetPasswordSchema = (locale: Locale) =>
  z.object({ resetPasswordToken: secret(locale), password: passwordSchema(locale) });

export type SignInPasswordInput = z.infer<ReturnType<typeof signInPasswordSchema>>;
