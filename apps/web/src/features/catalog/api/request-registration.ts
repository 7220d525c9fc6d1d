import type { ParticipantDto, RegistrationRequestInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /registrations/requests`: asks the club for an age exception, a place on a full session's
 * waiting list, or a registration to an activity without self-registration. It waits 'A traiter'.
 */
export function requestRegistration(input: RegistrationRequestInput): Promise<ParticipantDto> {
  return api.post<ParticipantDto>('/registrations/requests', input);
}

export function useRequestRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRegistration,
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['me', 'registrations'] }),
  });
}
