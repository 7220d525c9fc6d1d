import type { RecoverySettings, RecoverySettingsInput } from '@inscrio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const settingsPath = (id: string) => `/organizations/${encodeURIComponent(id)}/recovery-settings`;
const settingsKey = (id: string) => ['organizations', 'recovery-settings', id];

/** `GET /organizations/{id}/recovery-settings`: the « Récupérations » rules of the club. */
export function useRecoverySettings(organizationId: string) {
  return useQuery({
    queryKey: settingsKey(organizationId),
    queryFn: ({ signal }) => api.get<RecoverySettings>(settingsPath(organizationId), { signal }),
    meta: { silent: true },
  });
}

export function useSaveRecoverySettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecoverySettingsInput) =>
      api.patch<RecoverySettings>(settingsPath(organizationId), input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(organizationId), saved),
  });
}
