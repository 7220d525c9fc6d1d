import type { SessionReminderSettings, SessionReminderSettingsInput } from '@inscrio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const settingsKey = ['session-reminders', 'settings'] as const;

/** `GET /session-reminders/settings`: the e-mail the day before each session, on or off, and its hour. */
export function useSessionReminderSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get<SessionReminderSettings>('/session-reminders/settings', { signal }),
    meta: { silent: true },
  });
}

export function useSaveSessionReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SessionReminderSettingsInput) =>
      api.patch<SessionReminderSettings>('/session-reminders/settings', input),
    meta: { silent: true },
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
