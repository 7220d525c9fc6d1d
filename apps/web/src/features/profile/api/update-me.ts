import type { UpdateMeInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setUser } from '@/lib/auth-store';
import { currentUserQuery } from './get-current-user';
import { meMemberQuery } from './get-me-member';
import { type CurrentUser, userOf } from './types';

/**
 * `PATCH /users/me {firstName?, lastName?, email?}` → the user. Names change at once; a new e-mail waits
 * for its owner to follow the link mailed to it (`pendingEmail`); the current address cancels that wait.
 */
export function updateMe(input: UpdateMeInput): Promise<CurrentUser> {
  return api.patch<CurrentUser>('/users/me', input);
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    meta: { silent: true },
    onSuccess: (user) => {
      setUser(userOf(user));
      queryClient.setQueryData(currentUserQuery().queryKey, user);
      void queryClient.invalidateQueries({ queryKey: meMemberQuery().queryKey });
    },
  });
}
