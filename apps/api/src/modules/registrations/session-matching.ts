import { toLocal } from '../services/series';

/** What matching needs of a session. */
export interface MatchedSession {
  id: string;
  blueprintId: string;
  startDateTime: Date;
}

/**
 * Pairs each session of the source period with the session of the target period at the same place in the
 * weekly pattern: same activity, same weekday and time of day (organisation's time zone), and the same
 * rank among the period's sessions of that slot (the third Monday 18:00 maps to the third Monday 18:00).
 */
export function matchSessions<S extends MatchedSession>(
  source: readonly S[],
  target: readonly S[],
  timeZone: string,
): Map<string, S> {
  const slotOf = (s: S) => {
    const local = toLocal(s.startDateTime, timeZone);
    const weekday = new Date(`${local.date}T00:00:00Z`).getUTCDay();
    return `${s.blueprintId}|${weekday}|${local.time}`;
  };
  const ranked = (sessions: readonly S[]) => {
    const bySlot = new Map<string, S[]>();
    for (const s of sessions) bySlot.set(slotOf(s), [...(bySlot.get(slotOf(s)) ?? []), s]);
    return bySlot;
  };
  const targets = ranked(target);
  const matches = new Map<string, S>();
  for (const [slot, sessions] of ranked(source)) {
    const candidates = targets.get(slot) ?? [];
    sessions.forEach((s, rank) => {
      const match = candidates[rank];
      if (match) matches.set(s.id, match);
    });
  }
  return matches;
}
