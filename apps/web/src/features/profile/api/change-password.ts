import type { ChangePasswordInput } from '@inscrio/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `PATCH /me/password`: the current password, then the new one twice; the other sessions end. */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return api.patch<void>('/me/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { silent: true } });
}
