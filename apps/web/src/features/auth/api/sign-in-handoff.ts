import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SignInResult } from '@/lib/api-types';

/** The fragment `#handoff=<code>` the page of another address sends the login page with. */
export const HANDOFF_FRAGMENT = 'handoff';

/** The login page's path carrying a hand-off code in its fragment (never sent to a server). */
export const handoffLoginPath = (code: string): string =>
  `/login#${HANDOFF_FRAGMENT}=${encodeURIComponent(code)}`;

let taken: string | null | undefined;

/**
 * The hand-off code of the address's fragment, read once per page load and removed from the address and
 * its history entry at once (`history.replaceState`), so neither a reload nor the back button replays it.
 */
export function takeHandoffCode(): string | null {
  // The login page is also rendered ahead on the server (login-shell), where there is no address.
  if (typeof window === 'undefined') return null;
  if (taken !== undefined) return taken;
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  taken = fragment.get(HANDOFF_FRAGMENT);
  if (taken !== null) {
    fragment.delete(HANDOFF_FRAGMENT);
    const rest = fragment.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`,
    );
  }
  return taken;
}

/** `POST /auth/sign-in/handoff`: a single-use, 60-second code for the usual sign-in result. */
export function signInWithHandoffCode(code: string): Promise<SignInResult> {
  return api.post<SignInResult>('/auth/sign-in/handoff', { code }, { auth: false });
}

export function useSignInWithHandoffCode() {
  return useMutation({ mutationFn: signInWithHandoffCode, meta: { silent: true } });
}
