import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('keeps the creation order of ids made within the same millisecond', () => {
    const ids = Array.from({ length: 500 }, () => newId('aud', 1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts by time first, and takes the time asked for even when it is earlier', () => {
    const later = newId('aud', 1_700_000_000_500);
    const earlier = newId('aud', 1_700_000_000_000);
    expect(earlier < later).toBe(true);
    expect(earlier).toMatch(/^aud_[0-9a-hjkmnp-tv-z]{26}$/);
  });
});
