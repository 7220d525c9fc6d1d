import { z } from 'zod';
import { defineEnum, type EnumValue, SESSION_STATUSES } from '../enums';
import { UNLIMITED_SEATS } from '../format';
import type { Locale } from '../locale';
import {
  firstIssue,
  maxLength,
  isCalendarDate,
  optionalText,
  requiredEnum,
  requiredInteger,
  requiredText,
  typeError,
} from '../validation/fields';
import { NUMBER_LIMITS, TEXT_LIMITS } from '../validation/limits';
import { message } from '../validation/messages';

/*
 * Payloads of the session (service) and holder (prestation) calls, shared by the API and the web
 * forms. Instants are ISO 8601 strings with an offset ('2026-10-20T16:00:00.000Z'); local dates
 * 'YYYY-MM-DD' and times 'HH:mm' are read in the organisation's time zone by the server.
 */

/** A holder's assignment to a session: assigned, or absent (audit `prestation-holder-absence`). */
export const PRESTATION_STATUSES = defineEnum(['assigned', 'absent'], {
  fr: { assigned: 'Assigné', absent: 'Absent' },
  en: { assigned: 'Assigned', absent: 'Absent' },
});
export type PrestationStatus = EnumValue<typeof PRESTATION_STATUSES>;

/** Most sessions a weekly series may generate. */
export const SERIES_MAX_SESSIONS = 400;
/** Longest session: 30 days, in minutes (a camp week fits). */
export const SESSION_MAX_DURATION = NUMBER_LIMITS.durationMinutes;
/** Largest seat count accepted (besides -1, unlimited). */
export const SESSION_MAX_SEATS = NUMBER_LIMITS.seats;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const MIN_DATE = '1900-01-01';
const MAX_DATE = '2199-12-31';

const isString = (value: unknown): value is string => typeof value === 'string';
const isIsoDate = (value: unknown): value is string =>
  isString(value) && isCalendarDate(value) && value >= MIN_DATE && value <= MAX_DATE;

/** A required calendar date 'YYYY-MM-DD' (years 1900 to 2199). */
export function isoDateField(locale: Locale) {
  return requiredText(locale)
    .refine(isIsoDate, { error: message('date', locale), ...firstIssue })
    .check(maxLength(locale, TEXT_LIMITS.date));
}

/** A required wall-clock time 'HH:mm' (00:00 to 23:59). */
export function wallClockTimeField(locale: Locale) {
  return requiredText(locale).regex(HH_MM, { error: message('sessionTime', locale), ...firstIssue });
}

/** A required ISO 8601 instant with its offset or 'Z' (years 1900 to 2199). */
export function isoInstantField(locale: Locale) {
  return requiredText(locale)
    .check(z.iso.datetime({ offset: true, error: message('sessionDateTime', locale), ...firstIssue }))
    .refine(
      (value) => {
        const year = new Date(value).getUTCFullYear();
        return year >= 1900 && year <= 2199;
      },
      { error: message('sessionDateTime', locale), ...firstIssue },
    );
}

/** An id sent by the client; unknown ids are the server's 404, so only the shape is checked here. */
export function entityIdField(locale: Locale) {
  return requiredText(locale).max(100, { error: message('maxLength', locale, { max: 100 }), ...firstIssue });
}

function boundedInteger(locale: Locale, min: number, max: number) {
  return requiredInteger(locale, max).min(min, {
    error: message(min > 0 ? 'positive' : 'nonNegative', locale),
    ...firstIssue,
  });
}

/** Minutes, 1 to 30 days. */
export const sessionDurationField = (locale: Locale) => boundedInteger(locale, 1, SESSION_MAX_DURATION);

/** -1 (unlimited) or a positive count. */
export function sessionSeatsField(locale: Locale) {
  return requiredInteger(locale, SESSION_MAX_SEATS).refine(
    (seats) => seats === UNLIMITED_SEATS || seats > 0,
    { error: message('positive', locale), ...firstIssue },
  );
}

/** `page` (1-based) and `pageSize` (default 20, at most 100) of a list's query string. */
export function pageQueryFields(locale: Locale) {
  const whole = (max: number) =>
    z.coerce
      .number({ error: message('number', locale) })
      .int({ error: message('integer', locale) })
      .min(1, { error: message('positive', locale) })
      .max(max, { error: message('maxValue', locale, { max }) });
  return { page: whole(1_000_000).default(1), pageSize: whole(100).default(20) };
}

type WhenInput = { startDateTime?: unknown; date?: unknown; time?: unknown; series?: unknown };

/** How a start is given: 'instant', 'local' (date + time), 'series', several, or none. */
function startForms(value: WhenInput): string[] {
  const forms: string[] = [];
  if (value.startDateTime !== undefined) forms.push('instant');
  if (value.date !== undefined || value.time !== undefined) forms.push('local');
  if (value.series !== undefined) forms.push('series');
  return forms;
}

/** A date sent without its time (or the reverse): the missing one is required. */
function requireBothLocalParts(value: WhenInput, ctx: z.RefinementCtx, locale: Locale) {
  if (value.date !== undefined && value.time === undefined)
    ctx.addIssue({ code: 'custom', path: ['time'], message: message('required', locale) });
  if (value.time !== undefined && value.date === undefined)
    ctx.addIssue({ code: 'custom', path: ['date'], message: message('required', locale) });
}

/** The weekly rule of a series: days 1 (Monday) to 7 (Sunday), a local time, a range of at most a year. */
export function weeklySeriesSchema(locale: Locale) {
  return z
    .object(
      {
        daysOfWeek: z
          .array(boundedInteger(locale, 1, 7), { error: typeError(locale) })
          .min(1, { error: message('seriesDays', locale) })
          .max(7, { error: message('tooManyItems', locale, { max: 7 }) }),
        time: wallClockTimeField(locale),
        fromDate: isoDateField(locale),
        toDate: isoDateField(locale),
        skipDates: z
          .array(isoDateField(locale), { error: message('list', locale) })
          .max(400, { error: message('tooManyItems', locale, { max: 400 }) })
          .default([]),
      },
      { error: typeError(locale) },
    )
    .superRefine((value, ctx) => {
      const { fromDate, toDate } = value as { fromDate: unknown; toDate: unknown };
      if (!isIsoDate(fromDate) || !isIsoDate(toDate)) return;
      if (toDate < fromDate) {
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: message('endBeforeStart', locale) });
      } else if (
        toDate > `${String(Number(fromDate.slice(0, 4)) + 1).padStart(4, '0')}${fromDate.slice(4)}`
      ) {
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: message('seriesSpan', locale) });
      }
    });
}

/**
 * `POST /services`: one session (`startDateTime`, or local `date` + `time`) or a weekly `series`.
 * `duration` and `maxSeats` default from the activity; `preview: true` answers the start instants
 * without creating anything.
 */
export function createServiceSchema(locale: Locale) {
  return z
    .object(
      {
        blueprintId: entityIdField(locale),
        startDateTime: isoInstantField(locale).optional(),
        date: isoDateField(locale).optional(),
        time: wallClockTimeField(locale).optional(),
        series: weeklySeriesSchema(locale).optional(),
        duration: sessionDurationField(locale).optional(),
        maxSeats: sessionSeatsField(locale).optional(),
        periodId: entityIdField(locale).nullish(),
        holderIds: z
          .array(entityIdField(locale), { error: message('list', locale) })
          .max(50, { error: message('tooManyItems', locale, { max: 50 }) })
          .optional(),
        preview: z.boolean({ error: message('boolean', locale) }).optional(),
      },
      { error: typeError(locale) },
    )
    .superRefine((value, ctx) => {
      const forms = startForms(value);
      if (forms.length !== 1) {
        ctx.addIssue({ code: 'custom', path: [], message: message('sessionWhen', locale) });
        return;
      }
      requireBothLocalParts(value, ctx, locale);
    });
}

/** `POST /services/{id}/postpone`: the new start, as an instant or a local date and time. */
export function postponeServiceSchema(locale: Locale) {
  return z
    .object(
      {
        startDateTime: isoInstantField(locale).optional(),
        date: isoDateField(locale).optional(),
        time: wallClockTimeField(locale).optional(),
      },
      { error: typeError(locale) },
    )
    .superRefine((value, ctx) => {
      if (startForms(value).length !== 1) {
        ctx.addIssue({ code: 'custom', path: ['startDateTime'], message: message('required', locale) });
        return;
      }
      requireBothLocalParts(value, ctx, locale);
    });
}

/** `PATCH /services/{id}`: any of start (instant or local date + time), duration, seats, period. */
export function updateServiceSchema(locale: Locale) {
  return z
    .object(
      {
        startDateTime: isoInstantField(locale).optional(),
        date: isoDateField(locale).optional(),
        time: wallClockTimeField(locale).optional(),
        duration: sessionDurationField(locale).optional(),
        maxSeats: sessionSeatsField(locale).optional(),
        periodId: entityIdField(locale).nullable().optional(),
      },
      { error: typeError(locale) },
    )
    .superRefine((value, ctx) => {
      if (Object.values(value).every((field) => field === undefined)) {
        ctx.addIssue({ code: 'custom', path: [], message: message('required', locale) });
        return;
      }
      if (startForms(value).length > 1) {
        ctx.addIssue({ code: 'custom', path: ['startDateTime'], message: message('sessionWhen', locale) });
        return;
      }
      requireBothLocalParts(value, ctx, locale);
    });
}

/**
 * `GET /services`: sessions starting in [from, to), of an activity, a period ('none': in no period),
 * a series, an establishment or a status.
 */
export function serviceListQuerySchema(locale: Locale) {
  return z.object({
    from: isoInstantField(locale).optional(),
    to: isoInstantField(locale).optional(),
    blueprintId: entityIdField(locale).optional(),
    periodId: entityIdField(locale).optional(),
    seriesId: entityIdField(locale).optional(),
    establishmentId: entityIdField(locale).optional(),
    status: requiredEnum(SESSION_STATUSES.values, locale).optional(),
    ...pageQueryFields(locale),
  });
}

/** `POST /services/{id}/prestations`: assign a holder. */
export function createPrestationSchema(locale: Locale) {
  return z.object({ holderUserId: entityIdField(locale) }, { error: typeError(locale) });
}

/** `PATCH /prestations/{id}/absence`: the holder is absent (with an optional note) or present again. */
export function prestationAbsenceSchema(locale: Locale) {
  return z.object(
    {
      absent: z.boolean({ error: typeError(locale) }),
      note: optionalText(locale, 0, TEXT_LIMITS.note),
    },
    { error: typeError(locale) },
  );
}

/** `GET /holders`: the organisation's holders, searchable by name or e-mail. */
export function holderListQuerySchema(locale: Locale) {
  return z.object({
    q: optionalText(locale, 0, TEXT_LIMITS.search),
    ...pageQueryFields(locale),
  });
}

export type CreateServiceInput = z.infer<ReturnType<typeof createServiceSchema>>;
export type WeeklySeriesInput = z.infer<ReturnType<typeof weeklySeriesSchema>>;
export type PostponeServiceInput = z.infer<ReturnType<typeof postponeServiceSchema>>;
export type UpdateServiceInput = z.infer<ReturnType<typeof updateServiceSchema>>;
export type ServiceListQuery = z.infer<ReturnType<typeof serviceListQuerySchema>>;
export type CreatePrestationInput = z.infer<ReturnType<typeof createPrestationSchema>>;
export type PrestationAbsenceInput = z.infer<ReturnType<typeof prestationAbsenceSchema>>;
export type HolderListQuery = z.infer<ReturnType<typeof holderListQuerySchema>>;
