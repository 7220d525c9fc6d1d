import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SignInResult } from '@/lib/api-types';

export interface SignInPasswordInput {
  email: string;
  password: string;
}

/** `POST /auth/sign-in/password`; 401 with the API's message on wrong credentials. */
export function signInWithPassword(input: SignInPasswordInput): Promise<SignInResult> {
  return api.post<SignInResult>('/auth/sign-in/password', input, { auth: false });
}

export function useSignInWithPassword() {
  // The form notifies the failure itself (and clears any stale session).
  return useMutation({ mutationFn: signInWithPassword, meta: { silent: true } });
}
