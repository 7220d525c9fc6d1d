import { describe, expect, it } from 'vitest';
import { requestNotNeeded } from './review-rules';

const SESSION = { minAge: 72, maxAge: 96, maxSeats: 10, reservedSeats: 10, visibility: 'protected' };

describe('requestNotNeeded', () => {
  it('refuses an age request for a member within the limits, the last year of the maximum included', () => {
    expect(requestNotNeeded('age', SESSION, 72)).toBe('within-age');
    expect(requestNotNeeded('age', SESSION, 107)).toBe('within-age');
    expect(requestNotNeeded('age', SESSION, 71)).toBeNull();
    expect(requestNotNeeded('age', SESSION, 108)).toBeNull();
  });

  it('takes an unknown age as outside any limit, and within none', () => {
    expect(requestNotNeeded('age', SESSION, null)).toBeNull();
    expect(requestNotNeeded('age', { ...SESSION, minAge: null, maxAge: null }, null)).toBe('within-age');
  });

  it('refuses a waiting-list request while a seat is left, or on an unlimited session', () => {
    expect(requestNotNeeded('waiting-list', SESSION, 80)).toBeNull();
    expect(requestNotNeeded('waiting-list', { ...SESSION, reservedSeats: 9 }, 80)).toBe('seats-left');
    expect(requestNotNeeded('waiting-list', { ...SESSION, maxSeats: -1 }, 80)).toBe('seats-left');
  });

  it('refuses a visibility request for a public activity', () => {
    expect(requestNotNeeded('visibility', SESSION, 80)).toBeNull();
    expect(requestNotNeeded('visibility', { ...SESSION, visibility: 'public' }, 80)).toBe('open');
  });
});
