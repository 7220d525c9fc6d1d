import { isOnboardingAchievement, onboardingAchievementsOf } from '@inscrio/shared';
import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { Member, User } from './api-types';
import { useAuth } from './auth-store';

/*
 * The signed-in family's members (`GET /me/delegated`), read by several features: the family screen,
 * the catalogue's 'Pour' filter, the onboarding overlay and the dashboard's prompt. One query, one cache
 * entry: a member added or removed anywhere shows everywhere (mutations invalidate `FAMILY_MEMBERS_KEY`).
 */

export interface MemberList {
  items: Member[];
  total: number;
  page: number;
  pageSize: number;
}

/** A family holds at most 50 members (API rule): one page of 100, the API's largest, holds them all. */
const PAGE_SIZE = 100;

export const FAMILY_MEMBERS_KEY = ['me', 'delegated'] as const;

/** Family accounts: role user (holders included), not the system administrator (the API's rule). */
export function isFamilyAccount(user: Pick<User, 'role' | 'isSystemAdmin'> | null | undefined): boolean {
  return user?.role === 'user' && !user.isSystemAdmin;
}

export function getFamilyMembers(signal?: AbortSignal): Promise<MemberList> {
  return api.get<MemberList>('/me/delegated', { query: { pageSize: PAGE_SIZE }, signal });
}

export const familyMembersQuery = () =>
  queryOptions({
    queryKey: FAMILY_MEMBERS_KEY,
    queryFn: ({ signal }) => getFamilyMembers(signal),
    meta: { silent: true },
  });

/** The family's members; only asked for a family account (the route refuses the others). */
export function useFamilyMembersQuery() {
  const { user } = useAuth();
  return useQuery({ ...familyMembersQuery(), enabled: isFamilyAccount(user) });
}

/**
 * The family onboarding step is done once the user recorded `added-family-members` or
 * `skipped-added-family-members` (spec section 4).
 */
export function hasDoneFamilyOnboarding(user: Pick<User, 'onboardingAchievements'> | null | undefined) {
  return onboardingAchievementsOf(user?.onboardingAchievements).some(isOnboardingAchievement);
}

/*
 * 'Plus tard' puts the family prompt off for the rest of the visit (spec section 4: "dismissed
 * temporarily"): kept in the tab's session storage, per account, so it comes back at the next visit.
 * The overlay hides; the dashboard's card stays as the quieter way in.
 */

const DISMISSED_PREFIX = 'inscrio.onboarding.family.dismissed.';
const dismissedListeners = new Set<() => void>();
/** Dismissals of this page, when session storage is unavailable. */
const dismissedHere = new Set<string>();

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function isFamilyPromptDismissed(userId: string): boolean {
  if (dismissedHere.has(userId)) return true;
  try {
    return sessionStore()?.getItem(`${DISMISSED_PREFIX}${userId}`) === '1';
  } catch {
    return false;
  }
}

export function dismissFamilyPrompt(userId: string): void {
  try {
    const store = sessionStore();
    if (store) store.setItem(`${DISMISSED_PREFIX}${userId}`, '1');
    else dismissedHere.add(userId);
  } catch {
    // Remembered for this page only.
    dismissedHere.add(userId);
  }
  for (const listener of dismissedListeners) listener();
}

function subscribeDismissed(listener: () => void): () => void {
  dismissedListeners.add(listener);
  return () => dismissedListeners.delete(listener);
}

/** Whether the signed-in user put the family prompt off during this visit. */
export function useFamilyPromptDismissed(userId: string | null | undefined): boolean {
  const read = () => (userId ? isFamilyPromptDismissed(userId) : false);
  return useSyncExternalStore(subscribeDismissed, read, read);
}
