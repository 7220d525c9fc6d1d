import { z } from 'zod';
import type { Locale } from '../locale';
import { firstIssue, isCalendarDate, requiredInteger, requiredText, typeError } from '../validation/fields';
import { message } from '../validation/messages';
import { entityIdField, isoDateField, isoInstantField, pageQueryFields } from './service.schema';

/*
 * Payloads of the period calls (`/periods`), shared by the API and the web forms. Dates are
 * 'YYYY-MM-DD'; the registration opening is an ISO instant.
 */

/** Most weeks a period may be shifted by when planning the next one (two years). */
export const PLAN_NEXT_MAX_WEEKS = 104;

const periodName = (locale: Locale) =>
  requiredText(locale).max(200, { error: message('maxLength', locale, { max: 200 }), ...firstIssue });

const isDate = (value: unknown): value is string => typeof value === 'string' && isCalendarDate(value);

/** Adds the 'end before start' issue on `endDate` when both dates are valid and reversed. */
function checkDateOrder(
  value: { startDate?: unknown; endDate?: unknown },
  ctx: z.RefinementCtx,
  locale: Locale,
) {
  if (isDate(value.startDate) && isDate(value.endDate) && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: message('endBeforeStart', locale) });
  }
}

const periodFields = (locale: Locale) => ({
  name: periodName(locale),
  startDate: isoDateField(locale),
  endDate: isoDateField(locale),
  registrationOpensAt: isoInstantField(locale).nullish(),
  establishmentId: entityIdField(locale).optional(),
});

/** `POST /periods`: name, dates (start <= end), optional registration opening, establishment (default est_default). */
export function periodSchema(locale: Locale) {
  return z
    .object(periodFields(locale), { error: typeError(locale) })
    .superRefine((value, ctx) => checkDateOrder(value, ctx, locale));
}

/** `PATCH /periods/{id}`: any of the fields; the server checks the date order against the stored dates too. */
export function updatePeriodSchema(locale: Locale) {
  return z
    .object(periodFields(locale), { error: typeError(locale) })
    .partial()
    .superRefine((value, ctx) => {
      if (Object.values(value).every((field) => field === undefined)) {
        ctx.addIssue({ code: 'custom', path: [], message: message('required', locale) });
        return;
      }
      checkDateOrder(value, ctx, locale);
    });
}

/** `GET /periods`: optionally one establishment's. */
export function periodListQuerySchema(locale: Locale) {
  return z.object({ establishmentId: entityIdField(locale).optional(), ...pageQueryFields(locale) });
}

/** `POST` and `DELETE /periods/{id}/services`: sessions, or whole series, to add to or remove from the period. */
export function periodServicesSchema(locale: Locale) {
  const ids = z
    .array(entityIdField(locale), { error: message('list', locale) })
    .max(500, { error: message('tooManyItems', locale, { max: 500 }) })
    .optional();
  return z
    .object({ serviceIds: ids, seriesIds: ids }, { error: typeError(locale) })
    .superRefine((value, ctx) => {
      if ((value.serviceIds?.length ?? 0) + (value.seriesIds?.length ?? 0) === 0) {
        ctx.addIssue({ code: 'custom', path: ['serviceIds'], message: message('required', locale) });
      }
    });
}

const weeksField = (locale: Locale) =>
  requiredInteger(locale, PLAN_NEXT_MAX_WEEKS).min(1, {
    error: message('positive', locale),
    ...firstIssue,
  });

/** `GET /periods/{id}/plan-next?weeks=N`: the preview; `weeks` defaults to the period's length. */
export function planNextQuerySchema(locale: Locale) {
  return z.object({
    weeks: z.coerce
      .number({ error: message('number', locale) })
      .max(PLAN_NEXT_MAX_WEEKS, { error: message('maxValue', locale, { max: PLAN_NEXT_MAX_WEEKS }) })
      .pipe(weeksField(locale))
      .optional(),
  });
}

/** `POST /periods/{id}/plan-next`: creates the next period and copies the sessions, shifted by `weeks`. */
export function planNextSchema(locale: Locale) {
  return z.object(
    {
      weeks: weeksField(locale),
      name: periodName(locale),
      registrationOpensAt: isoInstantField(locale).nullish(),
    },
    { error: typeError(locale) },
  );
}

export type PeriodInput = z.infer<ReturnType<typeof periodSchema>>;
export type UpdatePeriodInput = z.infer<ReturnType<typeof updatePeriodSchema>>;
export type PeriodListQuery = z.infer<ReturnType<typeof periodListQuerySchema>>;
export type PeriodServicesInput = z.infer<ReturnType<typeof periodServicesSchema>>;
export type PlanNextQuery = z.infer<ReturnType<typeof planNextQuerySchema>>;
export type PlanNextInput = z.infer<ReturnType<typeof planNextSchema>>;
