import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { FAMILY_MEMBERS_KEY } from '@/lib/family-members';

/**
 * `DELETE /me/delegated/{id}`: takes the member out of the family. A member with registrations to come
 * answers 409 with the explanation; `confirm` then removes them anyway.
 */
export function deleteMember({ id, confirm }: { id: string; confirm?: boolean }): Promise<void> {
  return api.delete<void>(`/me/delegated/${encodeURIComponent(id)}`, {
    query: { confirm: confirm ? 'true' : undefined },
  });
}

export function useDeleteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FAMILY_MEMBERS_KEY }),
  });
}
