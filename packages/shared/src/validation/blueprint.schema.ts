import { z } from 'zod';
import { LOCATION_TYPES } from '../enums';
import { formatMoney, formatPercent, UNLIMITED_SEATS } from '../format';
import type { Locale } from '../locale';
import { firstIssue, optionalText, requiredEnum, requiredInteger, requiredText, typeError } from './fields';
import { MONEY_LIMITS, NUMBER_LIMITS, TEXT_LIMITS } from './limits';
import { message, type MessageKey } from './messages';

const COLOR_CODE = /^#[0-9A-Fa-f]{6}$/;

/**
 * The activity form keeps the generic message spec section 5 gives it (« Respectez le format de la
 * valeur ») where a value is not of the expected kind; other forms say what they expect.
 */
const SPEC_FORMAT = 'format' satisfies MessageKey;

/** An age in months, up to 100 years. */
export function optionalAge(locale: Locale) {
  return requiredInteger(locale, NUMBER_LIMITS.ageMonths, undefined, SPEC_FORMAT)
    .min(0, { error: message('nonNegative', locale), ...firstIssue })
    .nullish();
}

/** Whether the ages (months) respect the rule: the minimum may not exceed a positive maximum. */
export const blueprintAgesInOrder = (minAge?: number | null, maxAge?: number | null): boolean =>
  !maxAge || (minAge ?? 0) <= maxAge;

const agesInOrder = (data: { minAge?: number | null; maxAge?: number | null }) =>
  blueprintAgesInOrder(data.minAge, data.maxAge);

/**
 * The refinement options of the age rule: reported on `minAge` beside other field errors, and only once
 * both ages are valid numbers and a maximum is set (so it also fits partial objects and supplements).
 */
export function blueprintAgeRange(locale: Locale) {
  return {
    error: message('ageMinMax', locale),
    path: ['minAge'],
    when: ({ value }: z.core.ParsePayload): boolean => {
      const ages = value as { minAge?: unknown; maxAge?: unknown } | null | undefined;
      return (
        Number.isInteger(ages?.minAge) &&
        Number.isInteger(ages?.maxAge) &&
        (ages?.minAge as number) >= 0 &&
        (ages?.maxAge as number) > 0
      );
    },
  };
}

/**
 * An activity blueprint (spec section 5). Money is integer cents, taxPercentage integer hundredths of a
 * percent (2100 = 21 %), duration integer minutes, ages integer months. A maximum age of 0 (or none) means
 * "no maximum", as in the age restriction text, so the min <= max rule only applies to a positive maximum.
 */
export function blueprintSchema(locale: Locale) {
  return z
    .object(
      {
        name: requiredText(locale, 1, TEXT_LIMITS.name),
        description: optionalText(locale, 0, TEXT_LIMITS.description, SPEC_FORMAT),
        privateDescription: optionalText(locale, 0, TEXT_LIMITS.description, SPEC_FORMAT),
        duration: requiredInteger(locale, NUMBER_LIMITS.durationMinutes, undefined, SPEC_FORMAT).positive({
          error: message('positive', locale),
          ...firstIssue,
        }),
        price: requiredInteger(
          locale,
          MONEY_LIMITS.lineCents,
          message('amountTooLarge', locale, { max: formatMoney(MONEY_LIMITS.lineCents, locale) }),
          SPEC_FORMAT,
        ).min(0, { error: message('nonNegative', locale), ...firstIssue }),
        taxPercentage: requiredInteger(
          locale,
          NUMBER_LIMITS.taxHundredths,
          message('maxValue', locale, { max: formatPercent(NUMBER_LIMITS.taxHundredths, locale) }),
          SPEC_FORMAT,
        ).min(0, { error: message('nonNegative', locale), ...firstIssue }),
        maxSeats: requiredInteger(locale, NUMBER_LIMITS.seats, undefined, SPEC_FORMAT).refine(
          (seats) => seats === UNLIMITED_SEATS || seats > 0,
          { error: message('positive', locale), ...firstIssue },
        ),
        // Spec section 5 gives this rule no message of its own: the generic format one.
        colorCode: requiredText(locale).regex(COLOR_CODE, {
          error: message('format', locale),
          ...firstIssue,
        }),
        locationType: requiredEnum(LOCATION_TYPES.values, locale, SPEC_FORMAT),
        location: optionalText(locale, 0, TEXT_LIMITS.location, SPEC_FORMAT),
        onlineLocation: optionalText(locale, 0, TEXT_LIMITS.location, SPEC_FORMAT),
        minAge: optionalAge(locale),
        maxAge: optionalAge(locale),
      },
      { error: typeError(locale, SPEC_FORMAT) },
    )
    .refine(agesInOrder, blueprintAgeRange(locale));
}

export type BlueprintInput = z.infer<ReturnType<typeof blueprintSchema>>;
