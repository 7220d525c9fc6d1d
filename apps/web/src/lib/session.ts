import { api } from './api-client';
import type { Member, SignInResult } from './api-types';
import {
  clearSession,
  getAuthState,
  hasSession,
  restoreSession,
  setMember,
  startSession,
} from './auth-store';
import { applyUserLocale } from './i18n';
import { clearImpersonation, saveImpersonation, savedImpersonation } from './impersonation';
import { setAddressOrganization } from './organization-context';
import { queryClient } from './query-client';

/*
 * Session transitions shared by every way of signing in (password, code, sign-up) and out. Screens call
 * these; the navigation that follows is theirs.
 */

/** Keeps a sign-in result, switches to the user's language and loads their person in the background. */
export function completeSignIn(result: SignInResult): void {
  queryClient.clear();
  startSession(result);
  setAddressOrganization(result.organization);
  applyUserLocale(result.user.locale);
  void api
    .get<Member>('/me/member')
    .then((member) => {
      if (getAuthState().user?.id === result.user.id) setMember(member);
    })
    .catch(() => undefined);
}

/** Forgets the session in this browser: tokens, user, member, organisations and cached server data. */
export function endSessionLocally(): void {
  // A manager's session put aside goes too: whoever signs in next starts afresh.
  clearImpersonation();
  clearSession();
  queryClient.clear();
  applyUserLocale(null);
}

/** Signs out on the server (best effort: the session may already be over), then everywhere here. */
export async function signOut(): Promise<void> {
  // A manager acting as a member: the member's session ends, then the manager's put aside in this tab.
  if (savedImpersonation()?.member.userId === getAuthState().user?.id) await stopImpersonation();
  if (hasSession()) {
    await api.post('/auth/sign-out', {}, { quietSessionEnd: true }).catch(() => undefined);
  }
  endSessionLocally();
}

/**
 * A manager signs in as a member (`POST /auth/sign-in/overAdmin` answered `result`): their own session
 * is put aside in this tab, then the member's starts. `returnTo` is where the way back leads.
 */
export function startImpersonation(
  result: SignInResult,
  member: { displayName: string },
  returnTo: string,
): void {
  const manager = getAuthState();
  completeSignIn(result);
  saveImpersonation({
    manager,
    member: { userId: result.user.id, displayName: member.displayName },
    returnTo,
  });
}

/**
 * The way back: signs the member's session out, then restores the manager's session put aside in this
 * tab. Answers where to go (the member's page), or null when this tab kept no manager's session (the
 * member's session was started in another tab): everything is then signed out, to sign in again.
 */
export async function stopImpersonation(): Promise<string | null> {
  const saved = savedImpersonation();
  const memberUserId = getAuthState().user?.id;
  if (!saved || saved.member.userId !== memberUserId) {
    await signOut();
    return null;
  }
  await api.post('/auth/sign-out', {}, { quietSessionEnd: true }).catch(() => undefined);
  clearImpersonation();
  queryClient.clear();
  restoreSession(saved.manager);
  applyUserLocale(saved.manager.user?.locale);
  return saved.returnTo;
}
