import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccessToken, signInResult } from '@/test/fake-api';
import { api } from './api-client';
import { clearSession, startSession } from './auth-store';
import {
  CHECK_THRESHOLD_MS,
  refreshIfExpiringWithin,
  startProactiveRefresh,
  timeLeft,
  TIMER_THRESHOLD_MS,
  tokenExpiry,
} from './token-refresh';

afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

describe('proactive refresh (spec section 9)', () => {
  it('reads the exp claim of the access token', () => {
    const token = fakeAccessToken(600);
    expect(tokenExpiry(token)).toBeGreaterThan(Date.now() + 590_000);
    expect(tokenExpiry('not-a-token')).toBeNull();
    expect(timeLeft({ accessToken: 'garbage', refreshToken: 'r', accessTokenExpiresAt: null })).toBeNull();
  });

  it('refreshes on a check when under 2 minutes remain, not before', async () => {
    const refresh = vi.spyOn(api, 'refreshSession').mockResolvedValue(true);
    startSession(signInResult({ accessToken: fakeAccessToken(150) }));
    await refreshIfExpiringWithin(CHECK_THRESHOLD_MS);
    expect(refresh).not.toHaveBeenCalled();
    startSession(signInResult({ accessToken: fakeAccessToken(100) }));
    await refreshIfExpiringWithin(CHECK_THRESHOLD_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('runs a 60-second timer that refreshes under 5 minutes, and checks on visibility and online', async () => {
    vi.useFakeTimers();
    const refresh = vi.spyOn(api, 'refreshSession').mockResolvedValue(true);
    startSession(signInResult({ accessToken: fakeAccessToken(4 * 60) }));
    const stop = startProactiveRefresh();
    // At start 4 minutes remain: more than 2, no refresh yet.
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(TIMER_THRESHOLD_MS).toBe(5 * 60_000);

    refresh.mockClear();
    startSession(signInResult({ accessToken: fakeAccessToken(60) }));
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await Promise.resolve();
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });
});
