import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SignInResult } from '@/lib/api-types';

export interface SignInOtpInput {
  email: string;
  otp: string;
}

/** `POST /auth/sign-in/otp` with the code received by e-mail. */
export function signInWithOneTimeCode(input: SignInOtpInput): Promise<SignInResult> {
  return api.post<SignInResult>('/auth/sign-in/otp', input, { auth: false });
}

export function useSignInWithOneTimeCode() {
  // The form notifies the failure itself (and clears any stale session).
  return useMutation({ mutationFn: signInWithOneTimeCode, meta: { silent: true } });
}
