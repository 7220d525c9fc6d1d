import { describe, expect, it } from 'vitest';
import { matchSessions } from './session-matching';

const session = (id: string, start: string, blueprintId = 'bp_swim') => ({
  id,
  blueprintId,
  startDateTime: new Date(start),
});

describe('matchSessions', () => {
  it('pairs sessions by activity, weekday, local time and rank in that slot', () => {
    // Mondays 18:00 in Brussels: UTC+1 in winter, UTC+2 from the end of March.
    const source = [
      session('a1', '2027-01-04T17:00:00Z'),
      session('a2', '2027-01-11T17:00:00Z'),
      session('b1', '2027-01-06T17:00:00Z', 'bp_judo'),
    ];
    const target = [
      session('t1', '2027-04-05T16:00:00Z'),
      session('t2', '2027-04-12T16:00:00Z'),
      session('t3', '2027-04-19T16:00:00Z'),
      session('j1', '2027-04-07T16:00:00Z', 'bp_swim'),
    ];
    const matches = matchSessions(source, target, 'Europe/Brussels');
    expect(Object.fromEntries([...matches].map(([id, s]) => [id, s.id]))).toEqual({ a1: 't1', a2: 't2' });
  });

  it('leaves a session unmatched when the target has fewer sessions in its slot', () => {
    const source = [session('a1', '2027-01-04T17:00:00Z'), session('a2', '2027-01-11T17:00:00Z')];
    const target = [session('t1', '2027-04-05T16:00:00Z')];
    expect([...matchSessions(source, target, 'Europe/Brussels').keys()]).toEqual(['a1']);
  });
});
