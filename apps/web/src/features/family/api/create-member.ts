import type { DelegatedPersonInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Member } from '@/lib/api-types';
import { FAMILY_MEMBERS_KEY } from '@/lib/family-members';

/** `POST /me/delegated`: adds a member to the family (the API also records the onboarding step). */
export function createMember(input: DelegatedPersonInput): Promise<Member> {
  return api.post<Member>('/me/delegated', input);
}

export function useCreateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FAMILY_MEMBERS_KEY }),
  });
}
