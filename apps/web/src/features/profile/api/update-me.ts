import type { UpdateMeInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { setUser } from '@/lib/auth-store';
import { meMemberQuery } from './get-me-member';

/** `PATCH /users/me {firstName?, lastName?, email?}` → the updated user. */
export function updateMe(input: UpdateMeInput): Promise<User> {
  return api.patch<User>('/users/me', input);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    meta: { silent: true },
    onSuccess: (user) => {
      setUser(user);
      void queryClient.invalidateQueries({ queryKey: meMemberQuery().queryKey });
    },
  });
}
