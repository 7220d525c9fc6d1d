import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { representativesQuery } from './get-representatives';

/** `DELETE /me/representatives/invitations/{id}`: withdraws an invitation still open. */
export function revokeInvitation(id: string): Promise<void> {
  return api.delete<void>(`/me/representatives/invitations/${encodeURIComponent(id)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: representativesQuery().queryKey }),
  });
}
