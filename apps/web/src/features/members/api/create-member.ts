import type { CreateMemberInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberQuery } from './get-member';
import type { MemberDetail } from './types';

/** `POST /members`: a member account with its family members, optionally invited by e-mail. */
export function createMember(input: CreateMemberInput) {
  return api.post<MemberDetail>('/members', input);
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    meta: { silent: true },
    onSuccess: (member) => {
      queryClient.setQueryData(memberQuery(member.userId).queryKey, member);
      void queryClient.invalidateQueries({ queryKey: ['members', 'list'] });
    },
  });
}
