import type {
  ParticipantDto,
  RegistrationRequestGroupInput,
  RegistrationRequestGroupResult,
  RegistrationRequestInput,
} from '@inscrio/shared';
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

/**
 * `POST /registrations/request-groups`: one request for a set of sessions of one activity (a whole term)
 * and the members chosen; each member's sessions wait 'A traiter' as one request. The sessions that could
 * not be asked come back in `refused`, with their reason.
 */
export function requestRegistrationGroup(
  input: RegistrationRequestGroupInput,
): Promise<RegistrationRequestGroupResult> {
  return api.post<RegistrationRequestGroupResult>('/registrations/request-groups', input);
}

export function useRequestRegistrationGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRegistrationGroup,
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['me', 'registrations'] }),
  });
}
