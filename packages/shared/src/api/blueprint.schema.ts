import { z } from 'zod';
import { SUPPLEMENT_FREQUENCIES, VISIBILITIES } from '../enums';
import { formatMoney } from '../format';
import type { Locale } from '../locale';
import {
  blueprintAgeRange,
  blueprintAgesInOrder,
  blueprintSchema,
  optionalAge,
} from '../validation/blueprint.schema';
import { TEXT_LIMITS } from '../validation/limits';
import {
  firstIssue,
  maxLength,
  requiredEnum,
  requiredInteger,
  requiredText,
  typeError,
  givenAndFirstIssue,
} from '../validation/fields';
import { message } from '../validation/messages';

/*
 * Payloads of the managing calls on activities (`/blueprints`), shared by the API and the web form.
 * The blueprint fields and their messages are those of `blueprintSchema` (spec section 5); this adds the
 * visibility, the establishment, the image and the price supplements, and the location rules. Like them, a
 * value not among those proposed gets the form's generic « Respectez le format de la valeur » (spec §5).
 */

/** At most this many price supplements per activity. */
export const BLUEPRINT_MAX_SUPPLEMENTS = 20;
/** The highest price of a supplement, in cents (10 000 €). */
export const SUPPLEMENT_MAX_PRICE = 1_000_000;
export const BLUEPRINT_PAGE_SIZE_DEFAULT = 20;
export const BLUEPRINT_PAGE_SIZE_MAX = 100;

type Payload = z.core.ParsePayload;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const optionalId = (locale: Locale) =>
  z
    .string({ error: message('format', locale) })
    .trim()
    .max(100, { error: message('format', locale) })
    .nullish();

const agesInOrder = (data: { minAge?: number | null; maxAge?: number | null }) =>
  blueprintAgesInOrder(data.minAge, data.maxAge);

/**
 * A price supplement: a name, a price in cents, an optional age bracket in months, and how often it is
 * charged (`once` per participant, activity and period when not given).
 */
export function blueprintSupplementSchema(locale: Locale) {
  return z
    .object(
      {
        /** An existing supplement of the activity (kept on update); absent for a new one. */
        id: optionalId(locale),
        name: requiredText(locale, 1, TEXT_LIMITS.name),
        price: requiredInteger(
          locale,
          SUPPLEMENT_MAX_PRICE,
          message('amountTooLarge', locale, { max: formatMoney(SUPPLEMENT_MAX_PRICE, locale) }),
        ).min(0, { error: message('nonNegative', locale), ...firstIssue }),
        minAge: optionalAge(locale),
        maxAge: optionalAge(locale),
        frequency: requiredEnum(SUPPLEMENT_FREQUENCIES.values, locale, 'format').default('once'),
      },
      { error: typeError(locale) },
    )
    .refine(agesInOrder, blueprintAgeRange(locale));
}

/** The fields of a blueprint payload, none with a default (create adds them, update has none). */
function blueprintFields(locale: Locale) {
  const base = blueprintSchema(locale).shape;
  return {
    ...base,
    onlineLocation: z
      .string({ error: message('format', locale) })
      .trim()
      .check(maxLength(locale, TEXT_LIMITS.location, givenAndFirstIssue))
      .refine(isHttpUrl, { error: message('httpUrl', locale), ...givenAndFirstIssue })
      .nullish(),
    visibility: requiredEnum(VISIBILITIES.values, locale, 'format'),
    establishmentId: requiredText(locale, 1, TEXT_LIMITS.id),
    imageAssetId: optionalId(locale),
    supplements: z
      .array(blueprintSupplementSchema(locale), { error: message('format', locale) })
      .max(BLUEPRINT_MAX_SUPPLEMENTS, {
        error: message('tooManyItems', locale, { max: BLUEPRINT_MAX_SUPPLEMENTS }),
      }),
  };
}

/**
 * An online activity needs its address; reported on `onlineLocation`, beside other field errors. On a
 * partial payload, only when both fields are sent (the API checks the stored address otherwise).
 */
function onlineNeedsAddress(locale: Locale, partial = false) {
  return {
    error: message('required', locale),
    path: ['onlineLocation'],
    when: ({ value, issues }: Payload): boolean => {
      const data = value as { locationType?: unknown } | null | undefined;
      return (
        data?.locationType === 'online' &&
        (!partial || 'onlineLocation' in data) &&
        !issues.some((issue) => issue.path?.[0] === 'onlineLocation' || issue.path?.[0] === 'locationType')
      );
    },
  };
}

const hasOnlineAddress = (data: { locationType?: string; onlineLocation?: string | null }) =>
  data.locationType !== 'online' || !!data.onlineLocation;

/**
 * `POST /blueprints`: the activity form. Visibility defaults to hidden (a draft); without an establishment
 * the API takes `est_default` (an establishment manager's own establishment for them).
 */
export function createBlueprintSchema(locale: Locale) {
  const fields = blueprintFields(locale);
  return z
    .object(
      {
        ...fields,
        visibility: fields.visibility.default('hidden'),
        // Absent: the API takes an establishment manager's own establishment, else the default one.
        establishmentId: fields.establishmentId.optional(),
        supplements: fields.supplements.default([]),
      },
      { error: typeError(locale) },
    )
    .refine(agesInOrder, blueprintAgeRange(locale))
    .refine(hasOnlineAddress, onlineNeedsAddress(locale));
}

/**
 * `PATCH /blueprints/{id}`: any of the fields, with the same rules. The cross-field rules run here when
 * both fields are sent; the API checks them against the stored values when only one is.
 * `supplements`, when sent, replaces the whole set (entries with an `id` are kept and updated).
 */
export function updateBlueprintSchema(locale: Locale) {
  return z
    .object(blueprintFields(locale), { error: typeError(locale) })
    .partial()
    .refine(agesInOrder, blueprintAgeRange(locale))
    .refine(hasOnlineAddress, onlineNeedsAddress(locale, true));
}

/** A whole number from 1 to `max`, written in a query string. */
const pageNumber = (locale: Locale, max: number) =>
  z
    .string({ error: message('format', locale) })
    .max(7, { error: message('format', locale) })
    .regex(/^\d{1,7}$/, { error: message('format', locale) })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, { error: message('positive', locale) })
        .max(max, { error: message('format', locale) }),
    );

/** `GET /blueprints`: search on the name, filters, pagination (query strings). */
export function blueprintListQuerySchema(locale: Locale) {
  return z.object({
    q: z
      .string({ error: message('format', locale) })
      .max(100, { error: message('format', locale) })
      .optional(),
    establishmentId: z
      .string({ error: message('format', locale) })
      .max(100, { error: message('format', locale) })
      .optional(),
    visibility: z.enum(VISIBILITIES.values, { error: message('format', locale) }).optional(),
    includeArchived: z
      .enum(['true', 'false'], { error: message('format', locale) })
      .transform((value) => value === 'true')
      .default(false),
    page: pageNumber(locale, 1_000_000).default(1),
    pageSize: pageNumber(locale, BLUEPRINT_PAGE_SIZE_MAX).default(BLUEPRINT_PAGE_SIZE_DEFAULT),
  });
}

export type BlueprintSupplementInput = z.infer<ReturnType<typeof blueprintSupplementSchema>>;
export type CreateBlueprintInput = z.infer<ReturnType<typeof createBlueprintSchema>>;
export type UpdateBlueprintInput = z.infer<ReturnType<typeof updateBlueprintSchema>>;
export type BlueprintListQuery = z.infer<ReturnType<typeof blueprintListQuerySchema>>;
