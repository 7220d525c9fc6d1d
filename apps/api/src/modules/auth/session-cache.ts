/*
 * A short per-process memory of "this session is alive", for the hot read-only routes that opt in
 * (`config: { sessionCache: true }`, today the catalogue reads). Every other route, and every write,
 * still looks the session up in the database on each request.
 *
 * It is trusted only while this process hears the database's session changes (db/notifications.ts: the
 * `session_changes` channel, fed by triggers of migration 0013 in the transaction of every revocation,
 * session deletion and change of an account's role, family, e-mail… or deletion). Each change forgets the
 * user's entries on every instance as soon as it is heard. Before trusting an entry, a request waits until
 * every change committed before it arrived has been heard (`caughtUp`: one round trip on the listener's
 * connection, shared by all the requests waiting), so a session signed out on one instance is refused
 * by the very next request on any other; if that cannot be known within a second, the database is asked.
 * While no
 * listener is connected (start, lost connection), nothing is cached: every request asks the database,
 * and all entries are dropped when the listener (re)connects, since changes may have been missed.
 * `SESSION_CACHE_MS` stays as a backstop bound (a connection that died silently, until its heartbeat
 * notices it).
 */

import type { CaughtUp, ChannelSubscriber } from '../../db/notifications';

/** The channel of session changes (its triggers: migration 0013). */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

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
/** The listeners of this process that currently hear session changes; the cache is off without one. */
const listening = new Set<CaughtUp>();
/**
 * Bumped by every forget: a lookup that started before a forget may have read the session before it was
 * revoked, so its answer is not remembered.
 */
let generation = 0;

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
  const [caughtUp] = listening;
  if (!caughtUp) return load();
  const key = keyOf(organizationId, sessionId);
  const remembered = entries.get(key);
  if (remembered && remembered.expiresAt > now && remembered.userId === userId) {
    // A change committed before this request may still be on its way: wait until it is heard (one round
    // trip on the listener's connection, shared by every request waiting), or ask the database.
    try {
      await caughtUp();
    } catch {
      return load();
    }
  }
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now && hit.userId === userId) return hit.value as T;
  const loadedIn = generation;
  const value = await load();
  entries.delete(key);
  if (value === undefined || loadedIn !== generation || listening.size === 0) return value;
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
  generation++;
  entries.delete(keyOf(organizationId, sessionId));
}

/** Forgets every session of a user (revoked, or the account changed, on any instance). */
export function forgetUserSessions(organizationId: string, userId: string): void {
  generation++;
  for (const [key, entry] of entries) {
    if (entry.organizationId === organizationId && entry.userId === userId) entries.delete(key);
  }
}

/**
 * A listener of session changes connected (true) or lost its connection (false). Either way what is
 * remembered is dropped: changes made while nobody listened were not heard.
 */
export function sessionChangesHeard(connected: boolean, caughtUp: CaughtUp): void {
  if (connected) listening.add(caughtUp);
  else listening.delete(caughtUp);
  generation++;
  entries.clear();
}

/** What the session changes channel does to this cache. */
export const sessionChangesSubscriber: ChannelSubscriber = {
  onMessage(payload) {
    let change: { organizationId?: unknown; userId?: unknown } | undefined;
    try {
      change = JSON.parse(payload) as typeof change;
    } catch {
      change = undefined;
    }
    if (typeof change?.organizationId === 'string' && typeof change.userId === 'string') {
      forgetUserSessions(change.organizationId, change.userId);
    } else {
      // Not what the triggers send: forget everything rather than guess.
      generation++;
      entries.clear();
    }
  },
  onConnected: sessionChangesHeard,
};
