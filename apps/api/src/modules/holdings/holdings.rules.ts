/*
 * The holder's attendees, as pure rules (no database): which days make the current period, and the
 * attendance rate.
 */

/** How far around today the attendees list looks when no period covers today (days each side). */
export const NO_PERIOD_SPAN_DAYS = 90;

/** `yyyy-MM-dd` plus a number of days (calendar arithmetic). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The days of the current period: from the first start to the last end of the periods covering today
 * (dates 'yyyy-MM-dd'); when none covers today, `NO_PERIOD_SPAN_DAYS` either side of today.
 */
export function currentWindow(
  periods: readonly { startDate: string; endDate: string }[],
  today: string,
): { from: string; to: string } {
  const current = periods.filter((p) => p.startDate <= today && today <= p.endDate);
  if (current.length === 0)
    return { from: addDays(today, -NO_PERIOD_SPAN_DAYS), to: addDays(today, NO_PERIOD_SPAN_DAYS) };
  return {
    from: current.reduce((min, p) => (p.startDate < min ? p.startDate : min), current[0]!.startDate),
    to: current.reduce((max, p) => (p.endDate > max ? p.endDate : max), current[0]!.endDate),
  };
}

/**
 * The share (0–100, rounded) of the sessions already held that the participant attended: those past,
 * less the absences; null before the first session.
 */
export function attendanceRate(pastSessions: number, absences: number): number | null {
  if (pastSessions <= 0) return null;
  const attended = Math.max(0, pastSessions - Math.min(absences, pastSessions));
  return Math.round((attended * 100) / pastSessions);
}
