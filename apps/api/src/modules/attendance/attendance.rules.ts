import type { AttendanceMark, CurrentAttendanceMark } from '@inscrio/shared';

/*
 * The rules of taking attendance, as pure functions: which mark is a participant's current one, and
 * what a batch of marks changes. The service gathers the facts and writes what these decide.
 */

/** Statuses a participant may be marked in: confirmed, or confirmed then marked absent. */
export const MARKABLE_STATUSES = ['confirmed', 'absent'] as const;

export const isMarkable = (status: string): boolean =>
  (MARKABLE_STATUSES as readonly string[]).includes(status);

/** A participant's current mark, read from its status and the instant of its latest mark. */
export function currentMarkOf(status: string, markedAt: Date | null): CurrentAttendanceMark {
  if (status === 'absent') return 'absent';
  return markedAt ? 'present' : 'none';
}

/**
 * When a mark counts as made: what the device says, but never after it reached the server (a device
 * whose clock runs ahead would otherwise make its marks win over every later one).
 */
export const effectiveMarkedAt = (markedAt: Date, receivedAt: Date): Date =>
  markedAt.getTime() > receivedAt.getTime() ? receivedAt : markedAt;

/** Where a participant stands: its status and its current mark (id and instant; null if never marked). */
export interface AttendanceState {
  status: 'confirmed' | 'absent';
  markId: string | null;
  markedAt: Date | null;
  note: string | null;
}

export interface IncomingMark {
  markId: string;
  mark: AttendanceMark;
  markedAt: Date;
  note: string | null;
}

/**
 * Whether `incoming` overrides the current mark: the latest instant wins; at the same instant the
 * greater mark id does, so two devices agree whatever the order their marks arrive in.
 */
export function overrides(current: AttendanceState, incoming: IncomingMark): boolean {
  if (!current.markedAt || current.markId === null) return true;
  const delta = incoming.markedAt.getTime() - current.markedAt.getTime();
  return delta > 0 || (delta === 0 && incoming.markId > current.markId);
}

export interface MarksOutcome {
  /** The participant's state after the marks. */
  state: AttendanceState;
  /** The ids of the marks that became current at some point (the others are history only). */
  applied: Set<string>;
  /** The marks that made the participant absent (from confirmed), in the order they were made. */
  absences: IncomingMark[];
}

/**
 * Applies new marks of one participant (already stored ones left out) in the order they were made:
 * each one that overrides the current mark becomes it.
 */
export function applyMarks(initial: AttendanceState, marks: readonly IncomingMark[]): MarksOutcome {
  const ordered = [...marks].sort(
    (a, b) => a.markedAt.getTime() - b.markedAt.getTime() || (a.markId < b.markId ? -1 : 1),
  );
  let state = initial;
  const applied = new Set<string>();
  const absences: IncomingMark[] = [];
  for (const mark of ordered) {
    if (!overrides(state, mark)) continue;
    const status = mark.mark === 'absent' ? 'absent' : 'confirmed';
    if (status === 'absent' && state.status !== 'absent') absences.push(mark);
    state = { status, markId: mark.markId, markedAt: mark.markedAt, note: mark.note };
    applied.add(mark.markId);
  }
  return { state, applied, absences };
}

/** The counter of the attendance sheet: present, absent and still to mark. */
export function attendanceCounts(marks: readonly CurrentAttendanceMark[]) {
  const counts = { present: 0, absent: 0, unmarked: 0 };
  for (const mark of marks) {
    if (mark === 'present') counts.present += 1;
    else if (mark === 'absent') counts.absent += 1;
    else counts.unmarked += 1;
  }
  return counts;
}
