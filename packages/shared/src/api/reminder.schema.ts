import { z } from 'zod';
import type { Locale } from '../locale';
import { message } from '../validation/messages';

/*
 * The reminders the day before each session: the organisation's setting (on, hour of sending) and each
 * account's own choice (« Mon profil »), and the one-click unsubscribe link of those e-mails.
 */

/**
 * `GET` and `PATCH /me/mail-preferences`: the e-mails an account may turn off, the reminders the day
 * before each session and the warning that a recovery token is about to expire (each optional in a PATCH).
 */
export const mailPreferencesSchema = (locale: Locale) =>
  z
    .strictObject(
      {
        sessionReminders: z.boolean({ error: message('choice', locale) }).optional(),
        recoveryReminders: z.boolean({ error: message('choice', locale) }).optional(),
      },
      { error: message('object', locale) },
    )
    // An empty change is a mistake, not a no-op: it names the field the form sends.
    .refine((v) => v.sessionReminders !== undefined || v.recoveryReminders !== undefined, {
      error: message('choice', locale),
      path: ['sessionReminders'],
    });
export type MailPreferences = z.infer<ReturnType<typeof mailPreferencesSchema>>;
export const mailPreferencesDtoSchema = z.object({
  sessionReminders: z.boolean(),
  recoveryReminders: z.boolean(),
});

/** `GET` and `PATCH /session-reminders/settings`: on or off, and the hour (0-23, organisation's zone). */
export const sessionReminderSettingsSchema = (locale: Locale) =>
  z.strictObject(
    {
      enabled: z.boolean({ error: message('choice', locale) }).optional(),
      hour: z
        .number({ error: message('number', locale) })
        .int({ error: message('integer', locale) })
        .min(0, { error: message('minValue', locale, { min: 0 }) })
        .max(23, { error: message('maxValue', locale, { max: 23 }) })
        .optional(),
    },
    { error: message('object', locale) },
  );
export type SessionReminderSettingsInput = z.infer<ReturnType<typeof sessionReminderSettingsSchema>>;
export const sessionReminderSettingsDtoSchema = z.object({ enabled: z.boolean(), hour: z.number().int() });
export type SessionReminderSettings = z.infer<typeof sessionReminderSettingsDtoSchema>;

/** `POST /mail/unsubscribe?token=`: the token of the e-mail's link (RFC 8058 one-click). */
export const unsubscribeQuerySchema = (locale: Locale) =>
  z.object({
    token: z
      .string({ error: message('required', locale) })
      .min(1, { error: message('required', locale) })
      .max(500, { error: message('maxLength', locale, { max: 500 }) })
      .regex(/^[A-Za-z0-9_.-]+$/, { error: message('format', locale) }),
  });
