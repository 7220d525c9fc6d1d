import { describe, expect, it } from 'vitest';
import {
  applyMarks,
  attendanceCounts,
  type AttendanceState,
  currentMarkOf,
  effectiveMarkedAt,
  type IncomingMark,
} from './attendance.rules';

const at = (minute: number) => new Date(Date.UTC(2026, 3, 15, 16, minute));
const mark = (markId: string, kind: 'present' | 'absent', minute: number, note: string | null = null) =>
  ({ markId, mark: kind, markedAt: at(minute), note }) satisfies IncomingMark;
const unmarked: AttendanceState = { status: 'confirmed', markId: null, markedAt: null, note: null };

describe('attendance rules', () => {
  it('reads the current mark from the status and the latest mark', () => {
    expect(currentMarkOf('confirmed', null)).toBe('none');
    expect(currentMarkOf('confirmed', at(1))).toBe('present');
    expect(currentMarkOf('absent', at(1))).toBe('absent');
  });

  it('the latest mark wins whatever the order the marks come in', () => {
    const early = mark('a', 'absent', 1, 'pas venu');
    const late = mark('b', 'present', 5, 'en retard');
    for (const batch of [
      [early, late],
      [late, early],
    ]) {
      const outcome = applyMarks(unmarked, batch);
      expect(outcome.state).toMatchObject({ status: 'confirmed', markId: 'b', note: 'en retard' });
      // The absence still happened first, then was corrected.
      expect(outcome.absences.map((m) => m.markId)).toEqual(['a']);
    }
    // An older mark arriving after the newer one is stored but changes nothing.
    const first = applyMarks(unmarked, [late]);
    const second = applyMarks(first.state, [early]);
    expect(second.state).toEqual(first.state);
    expect(second.applied.size).toBe(0);
    expect(second.absences).toEqual([]);
  });

  it('two marks of the same instant: the greater id wins on every device', () => {
    const x = mark('x', 'absent', 3);
    const y = mark('y', 'present', 3);
    expect(applyMarks(unmarked, [x, y]).state.markId).toBe('y');
    expect(applyMarks(unmarked, [y, x]).state.markId).toBe('y');
  });

  it('counts a change to absent once, not a second absent mark', () => {
    const outcome = applyMarks(unmarked, [mark('a', 'absent', 1), mark('b', 'absent', 2)]);
    expect(outcome.state.status).toBe('absent');
    expect(outcome.absences).toHaveLength(1);
  });

  it('never dates a mark after its arrival', () => {
    expect(effectiveMarkedAt(at(10), at(5))).toEqual(at(5));
    expect(effectiveMarkedAt(at(1), at(5))).toEqual(at(1));
  });

  it('counts present, absent and still to mark', () => {
    expect(attendanceCounts(['present', 'absent', 'none', 'present'])).toEqual({
      present: 2,
      absent: 1,
      unmarked: 1,
    });
  });
});
