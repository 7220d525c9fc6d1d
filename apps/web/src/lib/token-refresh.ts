import { api } from './api-client';
import { getAuthState, type SessionTokens } from './auth-store';

/*
 * Proactive refresh (spec section 9): when under 2 minutes remain on a check at start, when the page
 * becomes visible again and when the browser comes back online; and a 60-second timer that refreshes
 * when under 5 minutes remain. The API client's 401 handling covers whatever slips through.
 */

export const CHECK_THRESHOLD_MS = 2 * 60_000;
export const TIMER_THRESHOLD_MS = 5 * 60_000;
export const TIMER_INTERVAL_MS = 60_000;

/** The `exp` claim of a JWT in milliseconds, or null when the token cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Milliseconds left on the access token (negative once expired), or null when unknown. */
export function timeLeft(tokens: SessionTokens | null, now = Date.now()): number | null {
  if (!tokens) return null;
  const expiry =
    tokenExpiry(tokens.accessToken) ??
    (tokens.accessTokenExpiresAt ? Date.parse(tokens.accessTokenExpiresAt) : Number.NaN);
  return Number.isFinite(expiry) ? expiry - now : null;
}

/** Refreshes when the token has less than `threshold` left; an unreadable token is left to the 401 path. */
export async function refreshIfExpiringWithin(threshold: number): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const left = timeLeft(getAuthState().tokens);
  if (left === null || left >= threshold) return;
  await api.refreshSession();
}

/** Starts the checks; returns the function that stops them. */
export function startProactiveRefresh(): () => void {
  const check = () => void refreshIfExpiringWithin(CHECK_THRESHOLD_MS);
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  check();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', check);
  const timer = window.setInterval(() => void refreshIfExpiringWithin(TIMER_THRESHOLD_MS), TIMER_INTERVAL_MS);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', check);
    window.clearInterval(timer);
  };
}
