import { useSyncExternalStore } from 'react';
import type { AuthState } from './auth-store';

/*
 * A manager signed in as a member (`POST /auth/sign-in/overAdmin`). The manager's own session (tokens,
 * user, member, organisation) is put aside in this tab's session storage, never in local storage: it is
 * the way back, it must not leak to other tabs, and it ends with the tab. The API also says, at each
 * session check, whether the session is one opened by a manager (`impersonated`), so the banner shows in
 * any tab and after a reload even when this tab holds no saved session.
 */

const STORAGE_KEY = 'inscrio.impersonation';

export interface Impersonation {
  /** The manager's session, as it was when they signed in as the member. */
  manager: AuthState;
  /** The member the manager acts as. */
  member: { userId: string; displayName: string };
  /** Where the way back leads: the member's page. */
  returnTo: string;
}

/** What the last session check said, for the account it checked. */
interface ServerFlag {
  userId: string;
  impersonated: boolean;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isImpersonation(value: unknown): value is Impersonation {
  if (!isObject(value) || !isObject(value.manager) || !isObject(value.member)) return false;
  const { manager, member } = value;
  return (
    isObject(manager.tokens) &&
    typeof manager.tokens.accessToken === 'string' &&
    typeof manager.tokens.refreshToken === 'string' &&
    isObject(manager.user) &&
    typeof manager.user.id === 'string' &&
    typeof member.userId === 'string' &&
    typeof member.displayName === 'string' &&
    typeof value.returnTo === 'string'
  );
}

function load(): Impersonation | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isImpersonation(value) ? value : null;
  } catch {
    return null;
  }
}

interface Snapshot {
  saved: Impersonation | null;
  server: ServerFlag | null;
}

let snapshot: Snapshot = { saved: load(), server: null };
const listeners = new Set<() => void>();

function set(patch: Partial<Snapshot>): void {
  snapshot = { ...snapshot, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session put aside in this tab, if any. */
export function savedImpersonation(): Impersonation | null {
  return snapshot.saved;
}

/** Keeps the manager's session aside before switching to the member's. */
export function saveImpersonation(value: Impersonation): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage refused: the way back still works until the tab is reloaded.
  }
  set({ saved: value, server: { userId: value.member.userId, impersonated: true } });
}

/** Forgets the saved session (it was restored, or the session ended). */
export function clearImpersonation(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  if (snapshot.saved !== null || snapshot.server?.impersonated) set({ saved: null, server: null });
}

/** What the session check (`GET /auth/session`) said about the signed-in account. */
export function rememberSessionCheck(userId: string, impersonated: boolean): void {
  const { server } = snapshot;
  if (server?.userId === userId && server.impersonated === impersonated) return;
  set({ server: { userId, impersonated } });
}

export interface ImpersonationState {
  /** The signed-in account is a member a manager signed in as. */
  active: boolean;
  /** The manager's session this tab can go back to (null: sign in again). */
  saved: Impersonation | null;
}

/** Whether `userId` (the signed-in account) is being impersonated, by this tab's record or the API's word. */
export function impersonationOf(userId: string | null | undefined, current: Snapshot = snapshot) {
  if (!userId) return { active: false, saved: null };
  const saved = current.saved?.member.userId === userId ? current.saved : null;
  const flagged = current.server?.userId === userId && current.server.impersonated;
  return { active: saved !== null || flagged, saved };
}

const getSnapshot = () => snapshot;

/** The impersonation of the signed-in account as React state. */
export function useImpersonation(userId: string | null | undefined): ImpersonationState {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return impersonationOf(userId, current);
}
