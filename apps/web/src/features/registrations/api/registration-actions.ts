import type { ParticipantDto } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CART_KEY } from '@/lib/cart';
import { MY_REGISTRATIONS_KEY } from './get-my-registrations';

/*
 * What a family does with its registrations: accept an invitation (the seat goes to its cart), decline
 * it, or cancel a registration while the organisation allows it.
 */

const registrationPath = (id: string) => `/me/registrations/${encodeURIComponent(id)}`;

export function acceptInvitation(id: string): Promise<ParticipantDto> {
  return api.post<ParticipantDto>(`${registrationPath(id)}/accept`, {});
}

export function declineInvitation(id: string): Promise<ParticipantDto> {
  return api.post<ParticipantDto>(`${registrationPath(id)}/decline`, {});
}

export function cancelRegistration(id: string, reason?: string): Promise<ParticipantDto> {
  return api.post<ParticipantDto>(`${registrationPath(id)}/cancel`, reason ? { reason } : {});
}

function useRegistrationMutation<Input>(run: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { silent: true },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: MY_REGISTRATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
  });
}

export const useAcceptInvitation = () => useRegistrationMutation(acceptInvitation);
export const useDeclineInvitation = () => useRegistrationMutation(declineInvitation);
export const useCancelRegistration = () =>
  useRegistrationMutation((input: { id: string; reason?: string }) =>
    cancelRegistration(input.id, input.reason),
  );
