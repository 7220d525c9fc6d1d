import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /auth/forgot-password`: e-mails a reset link; 204 whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<void> {
  return api.post<void>('/auth/forgot-password', { email }, { auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
