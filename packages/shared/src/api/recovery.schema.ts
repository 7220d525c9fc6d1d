import { z } from 'zod';
import { type BadgeVariant, defineEnum, type EnumValue } from '../enums';
import type { Locale } from '../locale';
import { firstIssue, optionalText, requiredInteger, requiredText } from '../validation/fields';
import { MONEY_LIMITS, TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';
import { entityIdField, isoInstantField, pageQueryFields } from './service.schema';

/*
 * Recovery tokens (« Récupérations », DESIGN.md sections 5 and 10): a make-up session owed to a member who
 * missed one. Routes:
 *
 * family   GET /recovery-tokens (its own) · GET /recovery-tokens/{id}/sessions · POST /recovery-tokens/{id}/consume
 * managers GET /recovery-tokens (filters) · POST /recovery-tokens (by hand) · POST /recovery-tokens/{id}/extend
 *          POST /recovery-tokens/{id}/cancel · GET /recovery-tokens/outstanding (accounting)
 * settings GET, PATCH /organizations/{id}/recovery-settings (the « Récupérations » card of the configuration)
 */

export const RECOVERY_TOKEN_STATUSES = defineEnum(['available', 'used', 'expired', 'cancelled'], {
  fr: { available: 'Disponible', used: 'Utilisée', expired: 'Expirée', cancelled: 'Annulée' },
  en: { available: 'Available', used: 'Used', expired: 'Expired', cancelled: 'Cancelled' },
});
export type RecoveryTokenStatus = EnumValue<typeof RECOVERY_TOKEN_STATUSES>;

const RECOVERY_BADGES: Record<RecoveryTokenStatus, BadgeVariant> = {
  available: 'success',
  used: 'secondary',
  expired: 'outline',
  cancelled: 'destructive',
};
export const recoveryTokenBadgeVariant = (status: RecoveryTokenStatus): BadgeVariant =>
  RECOVERY_BADGES[status];

/** Why a token exists. */
export const RECOVERY_TOKEN_ORIGINS = defineEnum(
  ['family-cancellation', 'absence', 'session-cancelled', 'manual'],
  {
    fr: {
      'family-cancellation': 'Annulation par la famille',
      absence: 'Absence',
      'session-cancelled': 'Séance annulée',
      manual: 'Émise par un gestionnaire',
    },
    en: {
      'family-cancellation': 'Cancelled by the family',
      absence: 'Absence',
      'session-cancelled': 'Session cancelled',
      manual: 'Issued by a manager',
    },
  },
);
export type RecoveryTokenOrigin = EnumValue<typeof RECOVERY_TOKEN_ORIGINS>;

/** Which sessions a token may be used on (organisation setting). */
export const RECOVERY_SCOPES = defineEnum(['any', 'same-activity', 'same-establishment'], {
  fr: {
    any: 'Toutes les activités',
    'same-activity': 'La même activité',
    'same-establishment': 'Le même établissement',
  },
  en: {
    any: 'Any activity',
    'same-activity': 'The same activity',
    'same-establishment': 'The same establishment',
  },
});
export type RecoveryScope = EnumValue<typeof RECOVERY_SCOPES>;

/** What the families of a session the organisation cancels receive (organisation setting). */
export const SESSION_CANCELLATION_COMPENSATIONS = defineEnum(['recovery-token', 'credit-note'], {
  fr: { 'recovery-token': 'Une récupération', 'credit-note': 'Une note de crédit' },
  en: { 'recovery-token': 'A recovery token', 'credit-note': 'A credit note' },
});
export type SessionCancellationCompensation = EnumValue<typeof SESSION_CANCELLATION_COMPENSATIONS>;

export const RECOVERY_LIMITS = {
  noticeHoursMax: 720,
  validityDaysMin: 1,
  validityDaysMax: 730,
} as const;

export const RECOVERY_DEFAULTS = {
  recoveryNoticeHours: 24,
  recoveryForAbsences: true,
  recoveryValidityDays: 90,
  recoveryScope: 'any',
  sessionCancellationCompensation: 'credit-note',
  refundOnlineOnCancellation: false,
} as const satisfies RecoverySettings;

export const RECOVERY_MESSAGES = {
  noticeHours: {
    fr: `Le délai doit être un nombre entier d'heures entre 0 et ${RECOVERY_LIMITS.noticeHoursMax}`,
    en: `The notice must be a whole number of hours between 0 and ${RECOVERY_LIMITS.noticeHoursMax}`,
  },
  validityDays: {
    fr: `La validité doit être un nombre entier de jours entre ${RECOVERY_LIMITS.validityDaysMin} et ${RECOVERY_LIMITS.validityDaysMax}`,
    en: `The validity must be a whole number of days between ${RECOVERY_LIMITS.validityDaysMin} and ${RECOVERY_LIMITS.validityDaysMax}`,
  },
  expiresInPast: {
    fr: "La nouvelle date d'expiration doit être dans le futur",
    en: 'The new expiry date must be in the future',
  },
  saved: { fr: 'Les récupérations ont été enregistrées.', en: 'Recovery settings saved.' },
} as const satisfies Record<string, Record<Locale, string>>;

function wholeBetween(min: number, max: number, text: string) {
  return z.number({ error: text }).int({ error: text }).min(min, { error: text }).max(max, { error: text });
}

const choice = <const T extends readonly [string, ...string[]]>(values: T, locale: Locale) =>
  z.enum(values, { error: message('choice', locale) });

/** `PATCH /organizations/{id}/recovery-settings`: every field optional. */
export const recoverySettingsSchema = (locale: Locale) =>
  z.strictObject(
    {
      recoveryNoticeHours: wholeBetween(
        0,
        RECOVERY_LIMITS.noticeHoursMax,
        RECOVERY_MESSAGES.noticeHours[locale],
      ).optional(),
      recoveryForAbsences: z.boolean({ error: message('choice', locale) }).optional(),
      recoveryValidityDays: wholeBetween(
        RECOVERY_LIMITS.validityDaysMin,
        RECOVERY_LIMITS.validityDaysMax,
        RECOVERY_MESSAGES.validityDays[locale],
      ).optional(),
      recoveryScope: choice(RECOVERY_SCOPES.values, locale).optional(),
      sessionCancellationCompensation: choice(SESSION_CANCELLATION_COMPENSATIONS.values, locale).optional(),
      refundOnlineOnCancellation: z.boolean({ error: message('choice', locale) }).optional(),
    },
    { error: message('object', locale) },
  );
export type RecoverySettingsInput = z.infer<ReturnType<typeof recoverySettingsSchema>>;

export const recoverySettingsDtoSchema = z.object({
  recoveryNoticeHours: z.number().int(),
  recoveryForAbsences: z.boolean(),
  recoveryValidityDays: z.number().int(),
  recoveryScope: z.enum(RECOVERY_SCOPES.values),
  sessionCancellationCompensation: z.enum(SESSION_CANCELLATION_COMPENSATIONS.values),
  refundOnlineOnCancellation: z.boolean(),
});
export type RecoverySettings = z.infer<typeof recoverySettingsDtoSchema>;

const sessionRefSchema = z.object({
  serviceId: z.string(),
  activityName: z.string(),
  startDateTime: z.string(),
});

/** One token as the family and the managers see it. */
export const recoveryTokenDtoSchema = z.object({
  id: z.string(),
  status: z.enum(RECOVERY_TOKEN_STATUSES.values),
  origin: z.enum(RECOVERY_TOKEN_ORIGINS.values),
  memberId: z.string(),
  memberFirstName: z.string(),
  memberLastName: z.string(),
  familyId: z.string(),
  /** Cents: what was paid for the missed session (0 when nothing was). */
  valueCents: z.number().int(),
  /** The missed session (null for a token issued by hand). */
  originSession: sessionRefSchema.nullable(),
  /** The activity the token came from, when known. */
  blueprintId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  /** The session it was used on. */
  usedSession: sessionRefSchema.nullable(),
  note: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type RecoveryTokenDto = z.infer<typeof recoveryTokenDtoSchema>;

export const recoveryTokenListSchema = z.object({
  items: z.array(recoveryTokenDtoSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RecoveryTokenList = z.infer<typeof recoveryTokenListSchema>;

/** `GET /recovery-tokens`: the managers' filters (a family sees its own tokens, filters ignored but status). */
export const recoveryTokenListQuerySchema = (locale: Locale) =>
  z.object({
    status: z.enum(RECOVERY_TOKEN_STATUSES.values, { error: message('choice', locale) }).optional(),
    origin: z.enum(RECOVERY_TOKEN_ORIGINS.values, { error: message('choice', locale) }).optional(),
    blueprintId: entityIdField(locale).optional(),
    memberId: entityIdField(locale).optional(),
    ...pageQueryFields(locale),
  });
export type RecoveryTokenListQuery = z.infer<ReturnType<typeof recoveryTokenListQuerySchema>>;

/** `POST /recovery-tokens`: a token issued by hand for a member. */
export const issueRecoveryTokenSchema = (locale: Locale) =>
  z.strictObject(
    {
      memberId: entityIdField(locale),
      valueCents: requiredInteger(locale, MONEY_LIMITS.lineCents).min(0, {
        error: message('nonNegative', locale),
        ...firstIssue,
      }),
      /** Restricts it to an activity's scope (optional). */
      blueprintId: entityIdField(locale).optional(),
      note: optionalText(locale, 0, TEXT_LIMITS.note),
    },
    { error: message('object', locale) },
  );
export type IssueRecoveryTokenInput = z.infer<ReturnType<typeof issueRecoveryTokenSchema>>;

/** `POST /recovery-tokens/{id}/extend`. */
export const extendRecoveryTokenSchema = (locale: Locale) =>
  z.strictObject({ expiresAt: isoInstantField(locale) }, { error: message('object', locale) });

/** `POST /recovery-tokens/{id}/cancel`. */
export const cancelRecoveryTokenSchema = (locale: Locale) =>
  z.strictObject(
    { reason: requiredText(locale, 1, TEXT_LIMITS.reason) },
    { error: message('object', locale) },
  );

/** `POST /recovery-tokens/{id}/consume`. */
export const consumeRecoveryTokenSchema = (locale: Locale) =>
  z.strictObject({ serviceId: entityIdField(locale) }, { error: message('object', locale) });

/** `GET /recovery-tokens/{id}/sessions`: the sessions the token may take. */
export const recoverySessionListSchema = z.array(
  z.object({
    serviceId: z.string(),
    blueprintId: z.string(),
    activityName: z.string(),
    colorCode: z.string(),
    startDateTime: z.string(),
    duration: z.number().int(),
    /** -1: unlimited. */
    freeSeats: z.number().int(),
  }),
);
export type RecoverySession = z.infer<typeof recoverySessionListSchema>[number];

/** `POST /recovery-tokens/{id}/consume`: the used token and the participant created. */
export const consumeRecoveryTokenResultSchema = z.object({
  token: recoveryTokenDtoSchema,
  participantId: z.string(),
});

/** `GET /recovery-tokens/outstanding`: available tokens and the value they stand for. */
export const recoveryOutstandingSchema = z.object({ count: z.number().int(), valueCents: z.number().int() });
export type RecoveryOutstanding = z.infer<typeof recoveryOutstandingSchema>;
