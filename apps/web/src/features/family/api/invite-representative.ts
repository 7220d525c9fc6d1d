import type { InviteRepresentativeInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { representativesQuery } from './get-representatives';
import type { RepresentativeInvitation } from './types';

/** `POST /me/representatives`: invites an adult by e-mail (a link valid 14 days). */
export function inviteRepresentative(input: InviteRepresentativeInput): Promise<RepresentativeInvitation> {
  return api.post<RepresentativeInvitation>('/me/representatives', input);
}

export function useInviteRepresentative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteRepresentative,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: representativesQuery().queryKey }),
  });
}
