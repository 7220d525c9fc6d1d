import { useSyncExternalStore } from 'react';
import type { Member, PublicOrganization, SignInResult, User } from './api-types';

/*
 * The session kept in local storage (spec section 9: tokens, user, member and organisations). One
 * in-memory snapshot feeds React through useSyncExternalStore; other tabs stay in step through the
 * `storage` event, so signing out in one tab signs out all of them.
 */

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO instant; the access token's own `exp` claim says the same. */
  accessTokenExpiresAt: string | null;
}

export interface AuthState {
  tokens: SessionTokens | null;
  user: User | null;
  member: Member | null;
  /** The organisation the app acts on: the one of the address once signed in. */
  organization: PublicOrganization | null;
}

export const STORAGE_KEYS = {
  tokens: 'inscrio.tokens',
  user: 'inscrio.user',
  member: 'inscrio.member',
  organizations: 'inscrio.organizations',
} as const;

const SESSION_KEYS = Object.values(STORAGE_KEYS) as string[];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (private modes, strict cookie settings): the session then lives in memory.
    return null;
  }
}

function read<T>(key: string, valid: (value: unknown) => value is T): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the in-memory session still works for this tab.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isTokens = (value: unknown): value is SessionTokens =>
  isObject(value) && typeof value.accessToken === 'string' && typeof value.refreshToken === 'string';

const isUser = (value: unknown): value is User =>
  isObject(value) && typeof value.id === 'string' && typeof value.role === 'string';

const isMember = (value: unknown): value is Member => isObject(value) && typeof value.id === 'string';

const isOrganizations = (value: unknown): value is { selected: PublicOrganization | null } =>
  isObject(value) &&
  (value.selected === null || (isObject(value.selected) && typeof value.selected.id === 'string'));

function load(): AuthState {
  return {
    tokens: read(STORAGE_KEYS.tokens, isTokens),
    user: read(STORAGE_KEYS.user, isUser),
    member: read(STORAGE_KEYS.member, isMember),
    organization: read(STORAGE_KEYS.organizations, isOrganizations)?.selected ?? null,
  };
}

let state: AuthState = load();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function update(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  if ('tokens' in patch) write(STORAGE_KEYS.tokens, patch.tokens ?? null);
  if ('user' in patch) write(STORAGE_KEYS.user, patch.user ?? null);
  if ('member' in patch) write(STORAGE_KEYS.member, patch.member ?? null);
  if ('organization' in patch) {
    write(STORAGE_KEYS.organizations, patch.organization ? { selected: patch.organization } : null);
  }
  emit();
}

/** Re-reads the stored session (another tab may have rotated the tokens or signed out). */
export function syncSessionFromStorage(): void {
  const stored = load();
  if (JSON.stringify(stored) === JSON.stringify(state)) return;
  state = stored;
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || SESSION_KEYS.includes(event.key)) syncSessionFromStorage();
  });
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as React state. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

/** Signed in as far as this browser knows; the server confirms at each navigation. */
export function hasSession(current: AuthState = state): boolean {
  return current.tokens !== null && current.user !== null;
}

/** Stores a fresh sign-in (password, code, sign-up). */
export function startSession(result: SignInResult): void {
  update({
    tokens: {
      accessToken: result.accessToken,
      refreshToken: result.refreshToken,
      accessTokenExpiresAt: result.accessTokenExpiresAt,
    },
    user: result.user,
    member: null,
    organization: result.organization,
  });
}

/**
 * Stores rotated tokens. The refresh answer names the account's home organisation, which for platform
 * staff working inside a club is not the selected one: the selection is kept.
 */
export function storeRefreshedSession(result: SignInResult): void {
  update({
    tokens: {
      accessToken: result.accessToken,
      refreshToken: result.refreshToken,
      accessTokenExpiresAt: result.accessTokenExpiresAt,
    },
    user: result.user,
  });
}

/** Puts a whole session back as it was (the manager's, after they acted as a member). */
export function restoreSession(saved: AuthState): void {
  update({ tokens: saved.tokens, user: saved.user, member: saved.member, organization: saved.organization });
}

export function setUser(user: User): void {
  update({ user });
}

export function setMember(member: Member | null): void {
  update({ member });
}

export function setSelectedOrganization(organization: PublicOrganization | null): void {
  update({ organization });
}

/** Forgets everything of the session (spec section 4: sign-out clears everything). */
export function clearSession(): void {
  for (const key of SESSION_KEYS) write(key, null);
  state = { tokens: null, user: null, member: null, organization: null };
  emit();
}
