import { z } from 'zod';
import { LOCALES, type Locale } from '../locale';
import { givenAndFirstIssue, maxLength, optionalEmail, requiredText } from '../validation/fields';
import { TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';
import { ORGANIZATION_NAME_MIN } from '../validation/organization-create.schema';
import { isTimeZone } from '../validation/fields';

/*
 * The general part of `PATCH /organizations/{id}` (the « Général » configuration step): the
 * organisation's identity (name, logo, time zone, default language, contact) and the settings its
 * families live by (how long a cart holds its seats, how long an invitation stays open). Every field is
 * optional: absent leaves it as it is.
 */

/** The default time zone of a new organisation and of the form (spec: Belgium, France, Luxembourg). */
export const DEFAULT_ORGANIZATION_TIME_ZONE = 'Europe/Brussels';

/** Minutes a cart (and an unpaid online order) holds its seats: 5 minutes to one day. */
export const HOLD_MINUTES_LIMITS = { min: 5, max: 1_440, default: 20 } as const;
/** Hours an invitation (next period, freed waiting-list seat) stays open: 1 hour to 30 days. */
export const INVITATION_HOURS_LIMITS = { min: 1, max: 720, default: 72 } as const;

export const ORGANIZATION_GENERAL_MESSAGES = {
  holdMinutes: {
    fr: `La durée de réservation doit être un nombre entier de minutes entre ${HOLD_MINUTES_LIMITS.min} et ${HOLD_MINUTES_LIMITS.max}`,
    en: `The hold time must be a whole number of minutes between ${HOLD_MINUTES_LIMITS.min} and ${HOLD_MINUTES_LIMITS.max}`,
  },
  invitationHours: {
    fr: `La validité d’une invitation doit être un nombre entier d’heures entre ${INVITATION_HOURS_LIMITS.min} et ${INVITATION_HOURS_LIMITS.max}`,
    en: `An invitation's validity must be a whole number of hours between ${INVITATION_HOURS_LIMITS.min} and ${INVITATION_HOURS_LIMITS.max}`,
  },
  phone: {
    fr: 'Le numéro de téléphone doit compter au moins 9 chiffres (+ . - ( ) et espaces permis)',
    en: 'The phone number must have at least 9 digits (+ . - ( ) and spaces allowed)',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** A whole number between `min` and `max`, one message for every way of missing it. */
const boundedInteger = (text: string, min: number, max: number) =>
  z
    .number({ error: text })
    .max(max, { error: text })
    .int({ error: text })
    .min(min, { error: text })
    .optional();

/** The contact phone: as the organisation creation form (at least 9 digits), '' or null clears it. */
const optionalContactPhone = (locale: Locale) =>
  z
    .string({ error: message('text', locale) })
    .trim()
    .check(maxLength(locale, TEXT_LIMITS.phone, givenAndFirstIssue))
    .refine((value) => /^[0-9+.\-() ]+$/.test(value) && value.replace(/\D/g, '').length >= 9, {
      error: ORGANIZATION_GENERAL_MESSAGES.phone[locale],
      ...givenAndFirstIssue,
    })
    .nullish();

/** The general part of `PATCH /organizations/{id}`. */
export const organizationGeneralSettingsSchema = (locale: Locale) =>
  z.object({
    /** Required once given: an organisation always has a name (5 characters in French, as at creation). */
    name: requiredText(locale, ORGANIZATION_NAME_MIN[locale], TEXT_LIMITS.organizationName).optional(),
    /** An image uploaded with `POST /assets?purpose=logo` (the organisation's own); '' or null removes it. */
    logoAsset: z
      .string({ error: message('text', locale) })
      .trim()
      .check(maxLength(locale, TEXT_LIMITS.id, givenAndFirstIssue))
      .refine((v) => /^[A-Za-z0-9_-]+$/.test(v), {
        error: message('identifier', locale),
        ...givenAndFirstIssue,
      })
      .nullish(),
    /** An IANA time zone ('Europe/Brussels'): dates, sessions and reminders are shown and sent in it. */
    timeZone: requiredText(locale, 1, 64)
      .refine(isTimeZone, { error: message('timeZone', locale), when: (p) => p.issues.length === 0 })
      .optional(),
    /** The language of its e-mails and documents when the reader's own is not known. */
    defaultLocale: z.enum(LOCALES, { error: message('choice', locale) }).optional(),
    contactEmail: optionalEmail(locale),
    contactPhone: optionalContactPhone(locale),
    holdMinutes: boundedInteger(
      ORGANIZATION_GENERAL_MESSAGES.holdMinutes[locale],
      HOLD_MINUTES_LIMITS.min,
      HOLD_MINUTES_LIMITS.max,
    ),
    invitationHours: boundedInteger(
      ORGANIZATION_GENERAL_MESSAGES.invitationHours[locale],
      INVITATION_HOURS_LIMITS.min,
      INVITATION_HOURS_LIMITS.max,
    ),
  });
export type OrganizationGeneralSettingsInput = z.infer<ReturnType<typeof organizationGeneralSettingsSchema>>;

/** The general fields of `GET /organizations/{id}`. */
export const organizationGeneralDtoShape = {
  defaultLocale: z.enum(LOCALES),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** `/api/assets/serve/{id}?orgId={orgId}`, to show the logo. */
  logoUrl: z.string().nullable(),
  holdMinutes: z.number().int(),
  invitationHours: z.number().int(),
};
