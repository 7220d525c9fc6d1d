import type { UpdateProfileInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setMember } from '@/lib/auth-store';
import { meMemberQuery } from './get-me-member';
import { memberOf, type MemberUpdateResult } from './types';

/** `PATCH /me/member`: the own person's fields (gender, birthdate, address, phone…). */
export function updateMember(input: UpdateProfileInput): Promise<MemberUpdateResult> {
  return api.patch<MemberUpdateResult>('/me/member', input);
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    meta: { silent: true },
    onSuccess: (result) => {
      const member = memberOf(result);
      setMember(member);
      queryClient.setQueryData(meMemberQuery().queryKey, member);
    },
  });
}
