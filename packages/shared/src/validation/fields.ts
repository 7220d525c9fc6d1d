import { z } from 'zod';
import type { Locale } from '../locale';
import { TEXT_LIMITS } from './limits';
import { message } from './messages';
import type { MessageKey } from './messages';

/*
 * Field builders shared by the schemas. Each field reports at most one issue, the first rule it breaks:
 * every check after the type check runs only while the field has no issue yet (`firstIssue`). This is
 * done with `when` rather than `abort: true` because an aborted field would also stop the object-level
 * checks (password confirmation, age range) from running alongside the field errors.
 */

type Payload = z.core.ParsePayload;

/** Run the check only while the value being parsed has no issue. */
export const firstIssue = { when: (payload: Payload): boolean => payload.issues.length === 0 } as const;

/** Same, and skip the empty string: for optional fields, where '' means "not given". */
export const givenAndFirstIssue = {
  when: (payload: Payload): boolean => payload.issues.length === 0 && payload.value !== '',
} as const;

/** What a value of each kind is expected to be, by the type zod expected. */
const EXPECTED: Record<string, MessageKey> = {
  string: 'text',
  number: 'number',
  int: 'integer',
  boolean: 'boolean',
  object: 'object',
  array: 'list',
};

/**
 * Missing (undefined, null, '') gives the 'required' message; any other wrong value the `invalid` one,
 * by default the one saying what was expected (a text, a number, one of the proposed values…).
 */
export function typeError(locale: Locale, invalid?: MessageKey) {
  return (issue: { input?: unknown; code?: string; expected?: string }): string => {
    if (issue.input === undefined || issue.input === null || issue.input === '')
      return message('required', locale);
    if (invalid) return message(invalid, locale);
    const expected = EXPECTED[issue.expected ?? ''];
    return message(expected ?? (issue.code === 'invalid_value' ? 'choice' : 'text'), locale);
  };
}

/** The rule "at most `max` characters" with its message, for strings built outside these helpers. */
export function maxLength(locale: Locale, max: number, when: typeof firstIssue = firstIssue) {
  return z.maxLength(max, { error: message('maxLength', locale, { max }), ...when });
}

/**
 * A required, trimmed string of `min` to `max` characters (blank counts as missing). Every text has a
 * maximum (limits.ts): a single line unless the field says otherwise.
 */
export function requiredText(locale: Locale, min = 1, max: number = TEXT_LIMITS.line) {
  const schema = z
    .string({ error: typeError(locale) })
    .trim()
    .min(1, { error: message('required', locale), ...firstIssue });
  return (
    min > 1 ? schema.min(min, { error: message('minLength', locale, { min }), ...firstIssue }) : schema
  ).check(maxLength(locale, max));
}

/**
 * An optional trimmed string; undefined, null and '' mean "not given", anything else needs `min` to
 * `max` characters.
 */
export function optionalText(
  locale: Locale,
  min = 0,
  max: number = TEXT_LIMITS.line,
  invalid: MessageKey = 'text',
) {
  const schema = z.string({ error: message(invalid, locale) }).trim();
  return (
    min > 1
      ? schema.min(min, { error: message('minLength', locale, { min }), ...givenAndFirstIssue })
      : schema
  )
    .check(maxLength(locale, max, givenAndFirstIssue))
    .nullish();
}

function emailChecks<T extends z.ZodString>(schema: T, locale: Locale, min: number): T {
  const withMin =
    min > 1 ? schema.min(min, { error: message('minLength', locale, { min }), ...firstIssue }) : schema;
  return withMin.check(z.email({ error: message('email', locale), ...firstIssue })) as T;
}

export function requiredEmail(locale: Locale, min = 1) {
  return emailChecks(requiredText(locale, 1, TEXT_LIMITS.email), locale, min);
}

export function optionalEmail(locale: Locale, min = 1) {
  const schema = z.string({ error: message('text', locale) }).trim();
  const withMin =
    min > 1
      ? schema.min(min, { error: message('minLength', locale, { min }), ...givenAndFirstIssue })
      : schema;
  return withMin
    .check(maxLength(locale, TEXT_LIMITS.email, givenAndFirstIssue))
    .check(z.email({ error: message('email', locale), ...givenAndFirstIssue }))
    .nullish();
}

/** Digits plus the separators people type in phone numbers: + . - space ( ). */
const ORGANIZATION_PHONE = /^[0-9+.\-() ]+$/;
/** Person phone numbers: digits and + . - space only. */
const PERSON_PHONE = /^[0-9+.\- ]+$/;

export function countDigits(value: string): number {
  return value.replace(/\D/g, '').length;
}

/** A required phone number counting at least `minDigits` digits, separators not counted. */
export function requiredPhoneDigits(locale: Locale, minDigits: number) {
  return requiredText(locale, 1, TEXT_LIMITS.phone)
    .regex(ORGANIZATION_PHONE, { error: message('phoneCharacters', locale), ...firstIssue })
    .refine((value) => countDigits(value) >= minDigits, {
      error: message('phoneDigits', locale, { min: minDigits }),
      ...firstIssue,
    });
}

/** A person's phone: at least `min` characters, digits and + . - space only. */
export function requiredPersonPhone(locale: Locale, min: number) {
  return requiredText(locale, min, TEXT_LIMITS.phone).regex(PERSON_PHONE, {
    error: message('personPhoneCharacters', locale),
    ...firstIssue,
  });
}

export function optionalPersonPhone(locale: Locale, min: number) {
  return z
    .string({ error: message('text', locale) })
    .trim()
    .min(min, { error: message('minLength', locale, { min }), ...givenAndFirstIssue })
    .check(maxLength(locale, TEXT_LIMITS.phone, givenAndFirstIssue))
    .regex(PERSON_PHONE, { error: message('personPhoneCharacters', locale), ...givenAndFirstIssue })
    .nullish();
}

/** A required value among `values`; missing gives 'required', anything else the `invalid` message. */
export function requiredEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  locale: Locale,
  invalid: MessageKey = 'choice',
) {
  return z.enum(values, { error: typeError(locale, invalid) });
}

/** Like `requiredEnum`, but undefined, null and '' mean "not given". */
export function optionalEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  locale: Locale,
  invalid: MessageKey = 'choice',
) {
  const withEmpty: readonly ['', ...T] = ['', ...values];
  return z.enum(withEmpty, { error: message(invalid, locale) }).nullish();
}

/**
 * A required whole number up to `max`; non-numbers (NaN and strings included) break the format rule.
 * Every number has a maximum (limits.ts), so none reaches a column too small for it.
 */
export function requiredInteger(
  locale: Locale,
  max: number,
  maxError: string = message('maxValue', locale, { max }),
  invalid?: MessageKey,
) {
  // The maximum first: 2^53 is whole, but past what zod's int accepts (safe integers).
  return z
    .number({ error: typeError(locale, invalid) })
    .max(max, { error: maxError, ...firstIssue })
    .int({ error: message('integer', locale), ...firstIssue });
}

/** Local calendar date of the time zone furthest ahead (UTC+14), so today is today for every user. */
function latestTodayIso(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear keeps the year as written.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function pastDateChecks(schema: z.ZodString, locale: Locale, when: typeof firstIssue) {
  return schema
    .refine(isCalendarDate, { error: message('date', locale), ...when })
    .refine((value) => value <= latestTodayIso(), { error: message('futureDate', locale), ...when })
    .check(maxLength(locale, TEXT_LIMITS.date, when));
}

/** A required 'YYYY-MM-DD' that exists in the calendar and is not in the future. */
export function requiredPastDate(locale: Locale) {
  return pastDateChecks(requiredText(locale), locale, firstIssue);
}

export function optionalPastDate(locale: Locale) {
  return pastDateChecks(
    z.string({ error: message('text', locale) }).trim(),
    locale,
    givenAndFirstIssue,
  ).nullish();
}

let timeZones: ReadonlySet<string> | undefined;

/**
 * An IANA time zone known to this runtime (`Intl.supportedValuesOf`) or 'UTC'. Aliases the runtime
 * canonicalises (e.g. 'Asia/Kolkata' on runtimes that list 'Asia/Calcutta') are accepted too, since
 * browsers and Node do not agree on canonical names; names must still be written with their capitals.
 */
export function isTimeZone(value: string): boolean {
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (timeZones.has(value)) return true;
  if (!/^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)*$/.test(value)) return false;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    return timeZones.has(resolved);
  } catch {
    return false;
  }
}

export function requiredTimeZone(locale: Locale) {
  return requiredText(locale).refine(isTimeZone, { error: message('timeZone', locale), ...firstIssue });
}
