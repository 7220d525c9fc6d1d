import { z } from 'zod';
import { type BadgeVariant, defineEnum, type EnumValue } from '../enums';
import type { Locale } from '../locale';
import { firstIssue, requiredInteger, requiredText } from '../validation/fields';
import { TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';
import { monthField } from './platform-billing.schema';
import { entityIdField, isoDateField, pageQueryFields } from './service.schema';

/*
 * Holders' work time (« Heures prestées », issue #21, DESIGN.md section 5). Routes:
 *
 * holder   GET /work-time?month= · POST /work-time/corrections · PUT, DELETE /work-time/corrections/{id}
 *          POST /work-time/months/{month}/submit
 * managers GET /work-time?month=&holderId= (a holder's detail) · GET /work-time/months/{month} (every holder)
 *          POST /work-time/months/{month}/holders/{holderId}/validate | /reject
 *          GET /work-time/months/{month}/export.csv | export.pdf · PUT /work-time/holders/{holderId}/volunteer
 * settings GET, PATCH /organizations/{id}/work-time-settings
 */

/** A holder's month: draft (no decision asked yet), submitted, validated (frozen) or rejected (editable again). */
export const WORK_MONTH_STATUSES = defineEnum(['draft', 'submitted', 'validated', 'rejected'], {
  fr: { draft: 'Brouillon', submitted: 'Soumis', validated: 'Validé', rejected: 'Refusé' },
  en: { draft: 'Draft', submitted: 'Submitted', validated: 'Validated', rejected: 'Rejected' },
});
export type WorkMonthStatus = EnumValue<typeof WORK_MONTH_STATUSES>;

const MONTH_BADGES: Record<WorkMonthStatus, BadgeVariant> = {
  draft: 'outline',
  submitted: 'secondary',
  validated: 'success',
  rejected: 'destructive',
};
export const workMonthBadgeVariant = (status: WorkMonthStatus): BadgeVariant => MONTH_BADGES[status];

/** Why a session of the holder does not count. */
export const WORK_SESSION_EXCLUSIONS = defineEnum(['holder-absent', 'session-cancelled', 'upcoming'], {
  fr: { 'holder-absent': 'Absent', 'session-cancelled': 'Séance annulée', upcoming: 'À venir' },
  en: { 'holder-absent': 'Absent', 'session-cancelled': 'Session cancelled', upcoming: 'Upcoming' },
});
export type WorkSessionExclusion = EnumValue<typeof WORK_SESSION_EXCLUSIONS>;

/** How a volunteer's fixed allowance is counted (organisation setting). */
export const VOLUNTEER_ALLOWANCE_BASES = defineEnum(['per-session', 'per-day'], {
  fr: { 'per-session': 'Par séance', 'per-day': 'Par jour presté' },
  en: { 'per-session': 'Per session', 'per-day': 'Per day worked' },
});
export type VolunteerAllowanceBasis = EnumValue<typeof VOLUNTEER_ALLOWANCE_BASES>;

/** What a month's figures may warn about. */
export const WORK_TIME_WARNINGS = defineEnum(['daily-ceiling', 'yearly-ceiling'], {
  fr: {
    'daily-ceiling': 'Plafond journalier du volontariat dépassé',
    'yearly-ceiling': 'Plafond annuel du volontariat dépassé',
  },
  en: {
    'daily-ceiling': 'Daily volunteer ceiling exceeded',
    'yearly-ceiling': 'Yearly volunteer ceiling exceeded',
  },
});
export type WorkTimeWarning = EnumValue<typeof WORK_TIME_WARNINGS>;

/**
 * Belgian ceilings of the flat-rate allowance of volunteers (loi du 3 juillet 2005 relative aux droits
 * des volontaires, art. 10), indexed each year. 2026 (income year 2026): 44,02 € a day and 1 760,83 €
 * a year; 3 233,91 € a year for sport coaches, referees and stewards who draw no social allowance.
 * Source: Securex, « Volontariat : les montants pour 2026 sont connus »,
 * https://www.securex.be/fr/lex4you/employeur/actualites/volontariat-les-montants-pour-2026-sont-connus
 */
export const BELGIAN_VOLUNTEER_CEILINGS_2026 = {
  dailyCents: 4_402,
  yearlyCents: 176_083,
  sportsYearlyCents: 323_391,
} as const;

export const WORK_TIME_LIMITS = {
  /** A correction adds or removes at most a whole day. */
  correctionMinutes: 24 * 60,
  /** An allowance per session or day: 1 000,00 €. */
  allowanceCents: 100_000,
  /** A ceiling: 100 000,00 €. */
  ceilingCents: 10_000_000,
  /** Corrections on one holder's month. */
  correctionsPerMonth: 200,
} as const;

export const WORK_TIME_DEFAULTS = {
  volunteerAllowanceBasis: 'per-session',
  volunteerAllowanceCents: 2_000,
  volunteerDailyCeilingCents: BELGIAN_VOLUNTEER_CEILINGS_2026.dailyCents,
  volunteerYearlyCeilingCents: BELGIAN_VOLUNTEER_CEILINGS_2026.yearlyCents,
} as const satisfies WorkTimeSettings;

export const WORK_TIME_MESSAGES = {
  correctionMinutes: {
    fr: `La correction doit être un nombre entier de minutes entre -${WORK_TIME_LIMITS.correctionMinutes} et ${WORK_TIME_LIMITS.correctionMinutes}, autre que 0`,
    en: `The correction must be a whole number of minutes between -${WORK_TIME_LIMITS.correctionMinutes} and ${WORK_TIME_LIMITS.correctionMinutes}, other than 0`,
  },
  dayOutsideMonth: {
    fr: 'Choisissez un jour du mois que vous corrigez',
    en: 'Choose a day of the month you are correcting',
  },
  saved: { fr: 'Les heures prestées ont été enregistrées.', en: 'Work time settings saved.' },
} as const satisfies Record<string, Record<Locale, string>>;

const cents = (locale: Locale, max: number) =>
  requiredInteger(locale, max).min(0, { error: message('nonNegative', locale), ...firstIssue });

/** `GET /work-time`: a month (default: the current one) and, for managers, the holder. */
export const workTimeQuerySchema = (locale: Locale) =>
  z.object({ month: monthField(locale).optional(), holderId: entityIdField(locale).optional() });
export type WorkTimeQuery = z.infer<ReturnType<typeof workTimeQuerySchema>>;

/** `POST /work-time/corrections` and `PUT /work-time/corrections/{id}`: time added (or removed) on a day. */
export const workTimeCorrectionSchema = (locale: Locale) =>
  z
    .strictObject(
      {
        day: isoDateField(locale),
        minutes: z
          .number({ error: WORK_TIME_MESSAGES.correctionMinutes[locale] })
          .int({ error: WORK_TIME_MESSAGES.correctionMinutes[locale] })
          .min(-WORK_TIME_LIMITS.correctionMinutes, { error: WORK_TIME_MESSAGES.correctionMinutes[locale] })
          .max(WORK_TIME_LIMITS.correctionMinutes, { error: WORK_TIME_MESSAGES.correctionMinutes[locale] })
          .refine((n) => n !== 0, { error: WORK_TIME_MESSAGES.correctionMinutes[locale] }),
        note: requiredText(locale, 1, TEXT_LIMITS.note),
        /** The month being edited ('yyyy-MM'): the day must be one of its days. */
        month: monthField(locale).optional(),
      },
      { error: message('object', locale) },
    )
    .superRefine((input, context) => {
      if (input.month && typeof input.day === 'string' && !input.day.startsWith(`${input.month}-`))
        context.addIssue({
          code: 'custom',
          path: ['day'],
          message: WORK_TIME_MESSAGES.dayOutsideMonth[locale],
        });
    });
export type WorkTimeCorrectionInput = z.infer<ReturnType<typeof workTimeCorrectionSchema>>;

/** `POST …/reject`: the manager's note is required (the holder reads why). */
export const workMonthRejectSchema = (locale: Locale) =>
  z.strictObject({ note: requiredText(locale, 1, TEXT_LIMITS.reason) }, { error: message('object', locale) });

/** `PUT /work-time/holders/{holderId}/volunteer`. */
export const holderVolunteerSchema = (locale: Locale) =>
  z.strictObject(
    { volunteer: z.boolean({ error: message('boolean', locale) }) },
    { error: message('object', locale) },
  );

/** `GET /work-time/months/{month}`: search by name, paginated. */
export const workMonthOverviewQuerySchema = (locale: Locale) =>
  z.object({
    q: z
      .string({ error: message('text', locale) })
      .max(TEXT_LIMITS.search, { error: message('maxLength', locale, { max: TEXT_LIMITS.search }) })
      .optional(),
    status: z.enum(WORK_MONTH_STATUSES.values, { error: message('choice', locale) }).optional(),
    ...pageQueryFields(locale),
  });
export type WorkMonthOverviewQuery = z.infer<ReturnType<typeof workMonthOverviewQuerySchema>>;

/** `PATCH /organizations/{id}/work-time-settings`: every field optional. */
export const workTimeSettingsSchema = (locale: Locale) =>
  z.strictObject(
    {
      volunteerAllowanceBasis: z
        .enum(VOLUNTEER_ALLOWANCE_BASES.values, { error: message('choice', locale) })
        .optional(),
      volunteerAllowanceCents: cents(locale, WORK_TIME_LIMITS.allowanceCents).optional(),
      volunteerDailyCeilingCents: cents(locale, WORK_TIME_LIMITS.ceilingCents).optional(),
      volunteerYearlyCeilingCents: cents(locale, WORK_TIME_LIMITS.ceilingCents).optional(),
    },
    { error: message('object', locale) },
  );
export type WorkTimeSettingsInput = z.infer<ReturnType<typeof workTimeSettingsSchema>>;

export const workTimeSettingsDtoSchema = z.object({
  volunteerAllowanceBasis: z.enum(VOLUNTEER_ALLOWANCE_BASES.values),
  volunteerAllowanceCents: z.number().int(),
  volunteerDailyCeilingCents: z.number().int(),
  volunteerYearlyCeilingCents: z.number().int(),
});
export type WorkTimeSettings = z.infer<typeof workTimeSettingsDtoSchema>;

const sessionLineSchema = z.object({
  prestationId: z.string(),
  serviceId: z.string(),
  activityName: z.string(),
  startDateTime: z.string(),
  /** Minutes as planned. */
  duration: z.number().int(),
  /** Minutes that count (0 when excluded). */
  minutes: z.number().int(),
  excludedBecause: z.enum(WORK_SESSION_EXCLUSIONS.values).nullable(),
});

const correctionSchema = z.object({
  id: z.string(),
  day: z.string(),
  minutes: z.number().int(),
  note: z.string(),
});
export type WorkTimeCorrection = z.infer<typeof correctionSchema>;

const allowanceSchema = z.object({
  basis: z.enum(VOLUNTEER_ALLOWANCE_BASES.values),
  /** How many sessions or days are paid. */
  units: z.number().int(),
  rateCents: z.number().int(),
  dueCents: z.number().int(),
  /** The calendar year's allowances up to the end of this month. */
  yearToDateCents: z.number().int(),
  dailyCeilingCents: z.number().int(),
  yearlyCeilingCents: z.number().int(),
});

const totalsSchema = z.object({
  sessionMinutes: z.number().int(),
  correctionMinutes: z.number().int(),
  totalMinutes: z.number().int(),
  sessions: z.number().int(),
  daysWorked: z.number().int(),
});

const monthStateSchema = z.object({
  status: z.enum(WORK_MONTH_STATUSES.values),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  managerNote: z.string().nullable(),
});

/** `GET /work-time`: one holder's month, day by day. */
export const workMonthDtoSchema = z.object({
  month: z.string(),
  holder: z.object({ id: z.string(), displayName: z.string(), volunteer: z.boolean() }),
  ...monthStateSchema.shape,
  /** Whether corrections may still be added, changed or removed. */
  editable: z.boolean(),
  days: z.array(
    z.object({
      day: z.string(),
      minutes: z.number().int(),
      sessions: z.array(sessionLineSchema),
      corrections: z.array(correctionSchema),
    }),
  ),
  /** Monday-first weeks, counting the days of this month only. */
  weeks: z.array(z.object({ weekStart: z.string(), minutes: z.number().int() })),
  totals: totalsSchema,
  allowance: allowanceSchema.nullable(),
  warnings: z.array(z.enum(WORK_TIME_WARNINGS.values)),
});
export type WorkMonthDto = z.infer<typeof workMonthDtoSchema>;

/** `GET /work-time/months/{month}`: every holder's month. */
export const workMonthOverviewSchema = z.object({
  month: z.string(),
  items: z.array(
    z.object({
      holderId: z.string(),
      displayName: z.string(),
      volunteer: z.boolean(),
      ...monthStateSchema.shape,
      totals: totalsSchema,
      allowance: allowanceSchema.nullable(),
      warnings: z.array(z.enum(WORK_TIME_WARNINGS.values)),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WorkMonthOverview = z.infer<typeof workMonthOverviewSchema>;
export type WorkMonthOverviewItem = WorkMonthOverview['items'][number];

const MONTH_FORMATS: Record<Locale, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat('fr-BE', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** A 'yyyy-MM' month in words: 'novembre 2026', 'November 2026'. */
export function formatMonth(month: string, locale: Locale): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  if (!year || !number) return month;
  return MONTH_FORMATS[locale].format(new Date(Date.UTC(year, number - 1, 1)));
}

/** The month after or before a 'yyyy-MM' one. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}
