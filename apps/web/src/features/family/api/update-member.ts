import type { UpdateDelegatedPersonInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Member } from '@/lib/api-types';
import { FAMILY_MEMBERS_KEY } from '@/lib/family-members';

/** `PATCH /me/delegated/{id}`: any of the member's fields; '' clears an optional one. */
export function updateMember({ id, input }: { id: string; input: UpdateDelegatedPersonInput }) {
  return api.patch<Member>(`/me/delegated/${encodeURIComponent(id)}`, input);
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FAMILY_MEMBERS_KEY }),
  });
}
