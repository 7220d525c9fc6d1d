import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SignInResult } from '@/lib/api-types';

export interface SignInAsMemberInput {
  /** The member's person id (`memberId` of the member's page). */
  idMember: string;
  /** The manager's own e-mail and password, asked again. */
  email: string;
  password: string;
}

/** `POST /auth/sign-in/overAdmin`: a manager opens a session as a member (audited). */
export function signInAsMember(input: SignInAsMemberInput) {
  return api.post<SignInResult>('/auth/sign-in/overAdmin', input);
}

export function useSignInAsMember() {
  return useMutation({ mutationFn: signInAsMember, meta: { silent: true } });
}
