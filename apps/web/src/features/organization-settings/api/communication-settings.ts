import type {
  CommunicationSettings,
  SessionReminderSettings,
  SessionReminderSettingsInput,
} from '@inscrio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * The « Communications » step's settings. Both routes act on the organisation the request is made for:
 * each call names the page's organisation (a system administrator may open another club's page).
 */

const remindersKey = (id: string) => ['organizations', 'session-reminders', id];
const rateKey = (id: string) => ['organizations', 'communication-settings', id];

/** `GET /session-reminders/settings`: the reminder the day before each session, on or off, and its hour. */
export function useReminderSettings(organizationId: string) {
  return useQuery({
    queryKey: remindersKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<SessionReminderSettings>('/session-reminders/settings', { signal, organizationId }),
    meta: { silent: true },
  });
}

export function useSaveReminderSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SessionReminderSettingsInput) =>
      api.patch<SessionReminderSettings>('/session-reminders/settings', input, { organizationId }),
    onSuccess: (saved) => queryClient.setQueryData(remindersKey(organizationId), saved),
  });
}

/** `GET /communications/settings`: how many messages a mailing sends per second. */
export function useMailingRate(organizationId: string) {
  return useQuery({
    queryKey: rateKey(organizationId),
    queryFn: ({ signal }) =>
      api.get<CommunicationSettings>('/communications/settings', { signal, organizationId }),
    meta: { silent: true },
  });
}

export function useSaveMailingRate(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommunicationSettings) =>
      api.put<CommunicationSettings>('/communications/settings', input, { organizationId }),
    onSuccess: (saved) => queryClient.setQueryData(rateKey(organizationId), saved),
  });
}
