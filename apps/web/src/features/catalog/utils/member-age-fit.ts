import { ageInMonthsOn, ageOutsideLimits, hasAgeLimits } from '@inscrio/shared';

/** A session the member would attend, with its date in the organisation's time zone ('YYYY-MM-DD'). */
export interface DatedSession {
  id: string;
  day: string;
}

/**
 * How a family member fits an activity's age limits on the sessions chosen (or, before any choice, the
 * upcoming ones): null when they fit every one (or the activity has no limit). Otherwise the side
 * ('too-young', 'too-old', or 'unknown' without a birthdate), their age on the first session they do not
 * fit, and those sessions (for an age exception request). The rule is the API's (`isWithinAgeLimits`).
 */
export type AgeFit =
  | { kind: 'unknown'; serviceIds: string[]; total: number }
  | { kind: 'too-young' | 'too-old'; ageMonths: number; serviceIds: string[]; total: number };

export function memberAgeFit(
  birthdate: string | null,
  sessions: readonly DatedSession[],
  minAge: number | null,
  maxAge: number | null,
): AgeFit | null {
  if (!hasAgeLimits(minAge, maxAge) || sessions.length === 0) return null;
  if (!birthdate) return { kind: 'unknown', serviceIds: sessions.map((s) => s.id), total: sessions.length };
  let first: { kind: 'too-young' | 'too-old'; ageMonths: number } | null = null;
  const serviceIds: string[] = [];
  for (const session of [...sessions].sort((a, b) => a.day.localeCompare(b.day))) {
    const age = ageInMonthsOn(birthdate, session.day);
    const outside = age === null ? 'too-young' : ageOutsideLimits(age, minAge, maxAge);
    if (!outside) continue;
    serviceIds.push(session.id);
    first ??= { kind: outside, ageMonths: age ?? 0 };
  }
  return first ? { ...first, serviceIds, total: sessions.length } : null;
}
