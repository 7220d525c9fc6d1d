import { formatAge } from './format';
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

/** The age as the display rules give it (spec section 5): months under one year, else years. */
export function ageText(birthdate: string | null | undefined, today: string, locale: Locale): string | null {
  const months = ageInMonthsOn(birthdate, today);
  return months === null ? null : formatAge(months, locale);
}
