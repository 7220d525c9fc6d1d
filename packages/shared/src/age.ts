import { formatAge, isYearAgeLimit, localDay } from './format';
import type { Locale } from './locale';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(iso: string): [number, number, number] | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * Whole months between a birthdate and a day, both 'YYYY-MM-DD' (the day in the organisation's time
 * zone: today, or a session's date): a month counts once its day is reached. Null for a missing or
 * malformed date, or one after the day. Ages are in months everywhere (DESIGN.md section 3).
 */
export function ageInMonthsOn(birthdate: string | null | undefined, today: string): number | null {
  const born = birthdate ? parts(birthdate) : null;
  const now = parts(today);
  if (!born || !now) return null;
  const months = (now[0] - born[0]) * 12 + (now[1] - born[1]) - (now[2] < born[2] ? 1 : 0);
  return months < 0 ? null : months;
}

/** Whole months from a 'YYYY-MM-DD' birthdate to `now`'s calendar day in `timeZone` (never negative). */
export function ageInMonths(birthdate: string, now: Date, timeZone: string): number {
  return ageInMonthsOn(birthdate, localDay(now, timeZone)) ?? 0;
}

/** The age as the display rules give it (spec section 5): months under one year, else years. */
export function ageText(birthdate: string | null | undefined, today: string, locale: Locale): string | null {
  const months = ageInMonthsOn(birthdate, today);
  return months === null ? null : formatAge(months, locale);
}

/*
 * Age limits (DESIGN.md section 10: inclusive of the last year). Limits are entered in years, in months
 * below 3 years, and stored in months (null or 0: no limit). A maximum of N years admits a child until
 * the day before their (N+1)th birthday; a maximum of N months until the day before they are N+1 months
 * old. A stored maximum is a year limit when it is a whole number of years from 3 years on.
 */

/**
 * The first age in months a maximum no longer admits (exclusive bound): 144 (12 years) → 156, so a child
 * of 12 years and 11 months still fits; 18 (months) → 19. Null for no maximum (null or 0). The catalogue's
 * SQL filter spells the same rule (catalog.repository.ts) and is tested against this function.
 */
export function ageLimitEndMonths(maxMonths: number | null | undefined): number | null {
  if (!maxMonths || maxMonths <= 0) return null;
  return isYearAgeLimit(maxMonths) ? maxMonths + 12 : maxMonths + 1;
}

/** Where an age (months) stands against limits: 'too-young', 'too-old' or null when within them. */
export function ageOutsideLimits(
  ageMonths: number,
  minMonths: number | null | undefined,
  maxMonths: number | null | undefined,
): 'too-young' | 'too-old' | null {
  if (minMonths && minMonths > 0 && ageMonths < minMonths) return 'too-young';
  const end = ageLimitEndMonths(maxMonths);
  if (end !== null && ageMonths >= end) return 'too-old';
  return null;
}

/** Whether an age (months) is within limits (months; null or 0: none), the last year (or month) included. */
export function isWithinAgeLimits(
  ageMonths: number,
  minMonths: number | null | undefined,
  maxMonths: number | null | undefined,
): boolean {
  return ageOutsideLimits(ageMonths, minMonths, maxMonths) === null;
}

/** Whether an activity or supplement has an age limit on either side. */
export function hasAgeLimits(
  minMonths: number | null | undefined,
  maxMonths: number | null | undefined,
): boolean {
  return Boolean(minMonths && minMonths > 0) || Boolean(maxMonths && maxMonths > 0);
}
