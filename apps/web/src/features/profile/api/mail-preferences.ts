import type { MailPreferences } from '@inscrio/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const mailPreferencesQuery = () =>
  queryOptions({
    queryKey: ['me', 'mail-preferences'],
    queryFn: ({ signal }) => api.get<MailPreferences>('/me/mail-preferences', { signal }),
  });

/** `GET /me/mail-preferences`: the e-mails the account may turn off (session reminders, recovery token expiry). */
export function useMailPreferences() {
  return useQuery(mailPreferencesQuery());
}

/** `PATCH /me/mail-preferences`. */
export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MailPreferences) => api.patch<MailPreferences>('/me/mail-preferences', input),
    onSuccess: (saved) => queryClient.setQueryData(mailPreferencesQuery().queryKey, saved),
  });
}
