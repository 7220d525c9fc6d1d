import { z } from 'zod';
import { COUNTRY_CODES } from '../format';
import type { Locale } from '../locale';
import {
  countDigits,
  firstIssue,
  optionalEnum,
  requiredText,
  typeError,
  givenAndFirstIssue,
} from '../validation/fields';
import { message } from '../validation/messages';

/*
 * Payloads of the establishment calls (spec section 7, 'Organisations and establishments') and of the
 * asset upload, shared by the API and the web forms. An optional field given as undefined, null or ''
 * means "not given" (on update: cleared); anything else must pass its rule.
 */

const NAME_MIN = 2;
const ADDRESS_MIN = 5;
const CITY_MIN = 2;
const POSTAL_CODE_MIN = 4;
const PHONE_MIN_DIGITS = 9;
const TEXT_MAX = 200;
const EMAIL_MAX = 254;
const PHONE = /^[0-9+.\-() ]+$/;

function optionalBoundedText(locale: Locale, min: number) {
  const schema = z.string({ error: message('text', locale) }).trim();
  return (
    min > 1
      ? schema.min(min, { error: message('minLength', locale, { min }), ...givenAndFirstIssue })
      : schema
  )
    .max(TEXT_MAX, { error: message('maxLength', locale, { max: TEXT_MAX }), ...givenAndFirstIssue })
    .nullish();
}

function optionalContactEmail(locale: Locale) {
  return z
    .string({ error: message('text', locale) })
    .trim()
    .max(EMAIL_MAX, { error: message('email', locale), ...givenAndFirstIssue })
    .check(z.email({ error: message('email', locale), ...givenAndFirstIssue }))
    .nullish();
}

/** Digits and the separators people type (+ . - space parentheses), with at least 9 digits. */
function optionalContactPhone(locale: Locale) {
  return z
    .string({ error: message('text', locale) })
    .trim()
    .max(40, { error: message('maxLength', locale, { max: 40 }), ...givenAndFirstIssue })
    .regex(PHONE, { error: message('phoneCharacters', locale), ...givenAndFirstIssue })
    .refine((value) => countDigits(value) >= PHONE_MIN_DIGITS, {
      error: message('phoneDigits', locale, { min: PHONE_MIN_DIGITS }),
      ...givenAndFirstIssue,
    })
    .nullish();
}

/** An establishment: its name is required; its time zone is the organisation's, never its own. */
export function establishmentSchema(locale: Locale) {
  return z.object(
    {
      name: requiredText(locale, NAME_MIN).max(TEXT_MAX, {
        error: message('maxLength', locale, { max: TEXT_MAX }),
        ...firstIssue,
      }),
      address: optionalBoundedText(locale, ADDRESS_MIN),
      city: optionalBoundedText(locale, CITY_MIN),
      postalCode: optionalBoundedText(locale, POSTAL_CODE_MIN),
      country: optionalEnum(COUNTRY_CODES, locale, 'country'),
      contactEmail: optionalContactEmail(locale),
      contactPhone: optionalContactPhone(locale),
    },
    { error: typeError(locale) },
  );
}

/** `PATCH /establishments/{id}`: any of the fields, at least one; the name cannot be cleared. */
export const updateEstablishmentSchema = (locale: Locale) =>
  establishmentSchema(locale)
    .partial()
    .refine((value) => Object.keys(value).length > 0, { error: message('required', locale) });

const integerParam = (locale: Locale, min: number, max: number) =>
  z.coerce
    .number({ error: message('number', locale) })
    .int({ error: message('integer', locale) })
    .min(min, { error: message('minValue', locale, { min }) })
    .max(max, { error: message('maxValue', locale, { max }) });

/** List queries: `page` is 1-based, `pageSize` 20 by default and at most 100; `q` searches the name. */
export const establishmentListQuerySchema = (locale: Locale) =>
  z.object({
    page: integerParam(locale, 1, 1_000_000).default(1),
    pageSize: integerParam(locale, 1, 100).default(20),
    q: z
      .string({ error: message('text', locale) })
      .trim()
      .max(100, { error: message('maxLength', locale, { max: 100 }) })
      .optional(),
  });

/** `GET /establishments`: system staff may name another organisation. */
export const establishmentsQuerySchema = (locale: Locale) =>
  establishmentListQuerySchema(locale).extend({
    organizationId: z
      .string({ error: message('text', locale) })
      .trim()
      .min(1, { error: message('required', locale) })
      .max(100, { error: message('maxLength', locale, { max: 100 }) })
      .optional(),
  });

/** Images the asset upload accepts (checked on the bytes, not only on the declared type). */
export const ASSET_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AssetImageType = (typeof ASSET_IMAGE_TYPES)[number];
/**
 * What an uploaded image is for (`POST /assets?purpose=`): it is resized once, at upload, to the size
 * the pages show it at. Without a purpose it is only bounded (documents print it as it is).
 */
export const ASSET_PURPOSES = ['logo', 'favicon', 'background', 'activity'] as const;
export type AssetPurpose = (typeof ASSET_PURPOSES)[number];
/** 5 MB. */
export const ASSET_MAX_BYTES = 5 * 1024 * 1024;

export type EstablishmentInput = z.infer<ReturnType<typeof establishmentSchema>>;
export type UpdateEstablishmentInput = z.infer<ReturnType<typeof updateEstablishmentSchema>>;
export type EstablishmentListQuery = z.infer<ReturnType<typeof establishmentListQuerySchema>>;
