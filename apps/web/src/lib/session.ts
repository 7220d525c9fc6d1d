import { api } from './api-client';
import type { Member, SignInResult } from './api-types';
import { clearSession, getAuthState, hasSession, setMember, startSession } from './auth-store';
import { applyUserLocale } from './i18n';
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
  clearSession();
  queryClient.clear();
  applyUserLocale(null);
}

/** Signs out on the server (best effort: the session may already be over), then everywhere here. */
export async function signOut(): Promise<void> {
  if (hasSession()) {
    await api.post('/auth/sign-out', {}, { quietSessionEnd: true }).catch(() => undefined);
  }
  endSessionLocally();
}
