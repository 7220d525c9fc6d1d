/*
 * A short per-process memory of "this session is alive", for the hot read-only routes that opt in
 * (`config: { sessionCache: true }`, today the catalogue reads). Every other route, and every write,
 * still looks the session up in the database on each request.
 *
 * The trade-off (docs/scaling.md): a session revoked, or an account deleted or changed, through ANOTHER
 * instance keeps working on those read-only routes of this instance for at most `SESSION_CACHE_MS`.
 * Revocations through this process's auth repository forget the entries at once (`forgetSession`,
 * `forgetUserSessions`), so signing out and then browsing on the same instance is refused immediately.
 */

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
/** Bounds the memory: past this many entries the oldest are dropped (a Map keeps insertion order). */
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
  organizationId: string;
  userId: string;
}

const entries = new Map<string, Entry<unknown>>();

const keyOf = (organizationId: string, sessionId: string) => `${organizationId}\u0000${sessionId}`;

/**
 * The live session of (organisation, user, session): from memory when looked up less than
 * `SESSION_CACHE_MS` ago, else from `load` (remembered only when alive: a dead session is asked again).
 */
export async function cachedLiveSession<T>(
  organizationId: string,
  userId: string,
  sessionId: string,
  load: () => Promise<T | undefined>,
  now: number = Date.now(),
): Promise<T | undefined> {
  const key = keyOf(organizationId, sessionId);
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now && hit.userId === userId) return hit.value as T;
  const value = await load();
  if (value === undefined) {
    entries.delete(key);
    return undefined;
  }
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) {
    for (const [oldest, entry] of entries) {
      if (entries.size < MAX_ENTRIES && entry.expiresAt > now) break;
      entries.delete(oldest);
    }
  }
  entries.set(key, { value, expiresAt: now + SESSION_CACHE_MS, organizationId, userId });
  return value;
}

/** Forgets one session (signed out or revoked on this instance). */
export function forgetSession(organizationId: string, sessionId: string): void {
  entries.delete(keyOf(organizationId, sessionId));
}

/** Forgets every session of a user (all their sessions revoked on this instance). */
export function forgetUserSessions(organizationId: string, userId: string): void {
  for (const [key, entry] of entries) {
    if (entry.organizationId === organizationId && entry.userId === userId) entries.delete(key);
  }
}
