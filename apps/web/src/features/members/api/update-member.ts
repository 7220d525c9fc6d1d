import type { UpdateMemberAccountInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberQuery } from './get-member';
import type { MemberDetail } from './types';

/** `PATCH /members/{userId}`: role, establishment, holder flag and person fields, within the granting rules. */
export function updateMember(userId: string, input: UpdateMemberAccountInput) {
  return api.patch<MemberDetail>(`/members/${encodeURIComponent(userId)}`, input);
}

export function useUpdateMember(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMemberAccountInput) => updateMember(userId, input),
    meta: { silent: true },
    onSuccess: (member) => {
      queryClient.setQueryData(memberQuery(userId).queryKey, member);
      void queryClient.invalidateQueries({ queryKey: ['members', 'list'] });
    },
  });
}
