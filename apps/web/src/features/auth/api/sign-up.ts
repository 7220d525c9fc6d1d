import type { SignUpPayload } from '@inscrio/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SignInResult } from '@/lib/api-types';

/** `POST /auth/sign-up`: 201 with a sign-in result; 409 when the e-mail has an account; 400 with field details. */
export function signUp(payload: SignUpPayload): Promise<SignInResult> {
  return api.post<SignInResult>('/auth/sign-up', payload, { auth: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp, meta: { silent: true } });
}
