import { z } from 'zod';
import type { Locale } from '../locale';
import { optionalText, requiredEmail, requiredText, typeError } from '../validation/fields';
import { message } from '../validation/messages';
import { TEXT_LIMITS } from '../validation/limits';
import { passwordSchema, withPasswordConfirmation } from '../validation/password.schema';
import { delegatedPersonFields, personSchema, withPersonContactRules } from '../validation/person.schema';

/*
 * Payloads of what a family does for itself (spec section 7 'Current user'): its profile, e-mail and
 * password, company details, family members, representatives, onboarding, conditions and privacy.
 * Shared by the API (request validation) and the web forms.
 */

/** The achievements of the onboarding overlay (spec section 4 'Onboarding'). */
export const ONBOARDING_ACHIEVEMENTS = ['added-family-members', 'skipped-added-family-members'] as const;
export type OnboardingAchievement = (typeof ONBOARDING_ACHIEVEMENTS)[number];

export const isOnboardingAchievement = (value: unknown): value is OnboardingAchievement =>
  typeof value === 'string' && (ONBOARDING_ACHIEVEMENTS as readonly string[]).includes(value);

/** Splits `users.onboardingAchievements` (comma-separated) into its values. */
export const onboardingAchievementsOf = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * The phrase a user types to confirm the deletion of their account, in their language. The original
 * product had the two swapped (spec section 8, translation note): French asks for the French word.
 */
export const ACCOUNT_DELETION_CONFIRMATION: Readonly<Record<Locale, string>> = Object.freeze({
  fr: 'SUPPRIMER',
  en: 'DELETE',
});

/** How long links stay valid: the e-mail change confirmation and a representative's invitation. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const REPRESENTATIVE_INVITATION_TTL_DAYS = 14;
/** Pending invitations a family may have at once. */
export const REPRESENTATIVE_PENDING_MAX = 10;

const NAME_MIN: Record<Locale, number> = { fr: 2, en: 1 };
const EMAIL_MIN = 6;

/** A secret typed or carried by a link: present, bounded. */
const secret = (locale: Locale) => requiredText(locale, 1, TEXT_LIMITS.password);

/** `PATCH /me/member`: the person form without credentials, each field optional, every rule applied. */
export const updateProfileSchema = (locale: Locale) =>
  withPersonContactRules(personSchema(locale).partial(), locale);

/** `POST /me/email/confirm`: the token of the link sent to the new address. */
export const confirmEmailChangeSchema = (locale: Locale) => z.object({ token: secret(locale) });

/** `PATCH /me/password`: the current password, then the new one (spec section 5 rule) twice. */
export const changePasswordSchema = (locale: Locale) =>
  withPasswordConfirmation(
    z.object(
      { currentPassword: secret(locale), password: passwordSchema(locale) },
      { error: typeError(locale) },
    ),
    locale,
  );

/** `POST /me/delegated`: `delegatedPersonSchema` (validation/person.schema). `PATCH`: any of its fields. */
export const updateDelegatedPersonSchema = (locale: Locale) =>
  withPersonContactRules(delegatedPersonFields(locale).partial(), locale);

/** `DELETE /me/delegated/:id?confirm=true`: confirms removing a member who has future registrations. */
export const deleteDelegatedQuerySchema = (locale: Locale) =>
  z.object({
    confirm: z
      .enum(['true', 'false'], { error: message('boolean', locale) })
      .optional()
      .transform((value) => value === 'true'),
  });

/** `POST /me/representatives`: the other adult's e-mail; their names only greet them in the invitation. */
export const inviteRepresentativeSchema = (locale: Locale) =>
  z.object(
    {
      email: requiredEmail(locale, EMAIL_MIN),
      firstName: optionalText(locale, NAME_MIN[locale], TEXT_LIMITS.personName),
      lastName: optionalText(locale, NAME_MIN[locale], TEXT_LIMITS.personName),
    },
    { error: typeError(locale) },
  );

/** `DELETE /me/account`: the password and the confirmation phrase of the caller's language. */
export const deleteAccountSchema = (locale: Locale) =>
  z.object(
    {
      password: secret(locale),
      confirmation: requiredText(locale).refine((value) => value === ACCOUNT_DELETION_CONFIRMATION[locale], {
        error: message('accountDeletionConfirmation', locale, {
          phrase: ACCOUNT_DELETION_CONFIRMATION[locale],
        }),
        when: (payload) => payload.issues.length === 0,
      }),
    },
    { error: typeError(locale) },
  );

export type UpdateProfileInput = z.infer<ReturnType<typeof updateProfileSchema>>;
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordSchema>>;
export type UpdateDelegatedPersonInput = z.infer<ReturnType<typeof updateDelegatedPersonSchema>>;
export type InviteRepresentativeInput = z.infer<ReturnType<typeof inviteRepresentativeSchema>>;
export type DeleteAccountInput = z.infer<ReturnType<typeof deleteAccountSchema>>;
