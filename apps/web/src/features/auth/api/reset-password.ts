import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  resetPasswordToken: string;
  password: string;
}

/** `POST /auth/reset-password`: 204, or 400 with a message when the link is invalid or expired. */
export function resetPassword(input: ResetPasswordInput): Promise<void> {
  return api.post<void>('/auth/reset-password', input, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, meta: { silent: true } });
}
