import type {
  WorkMonthDto,
  WorkMonthOverview,
  WorkMonthStatus,
  WorkTimeCorrectionInput,
  WorkTimeSettings,
  WorkTimeSettingsInput,
} from '@inscrio/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * The work time calls (`/work-time`, issue #21). Every change answers the holder's month as it now
 * stands, which replaces the cached one; the managers' overview is refetched.
 */

const KEY = ['work-time'] as const;
const monthPath = (month: string) => `/work-time/months/${encodeURIComponent(month)}`;

/** `GET /work-time`: a holder's month (their own, or the one a manager names). */
export function useWorkMonth(month: string, holderId?: string) {
  return useQuery({
    queryKey: [...KEY, 'month', month, holderId ?? 'self'],
    queryFn: ({ signal }) => api.get<WorkMonthDto>('/work-time', { query: { month, holderId }, signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export interface OverviewFilters {
  q?: string;
  status?: WorkMonthStatus;
  page: number;
  pageSize: number;
}

/** `GET /work-time/months/{month}`: every holder's month, for managers. */
export function useWorkMonthOverview(month: string, filters: OverviewFilters) {
  return useQuery({
    queryKey: [...KEY, 'overview', month, filters],
    queryFn: ({ signal }) =>
      api.get<WorkMonthOverview>(monthPath(month), {
        query: {
          q: filters.q || undefined,
          status: filters.status,
          page: filters.page,
          pageSize: filters.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** Puts the month a change answers in the cache and refetches the overviews. */
function useMonthChange<V>(mutationFn: (variables: V) => Promise<WorkMonthDto>, holderId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (month) => {
      queryClient.setQueryData([...KEY, 'month', month.month, holderId ?? 'self'], month);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useAddCorrection() {
  return useMonthChange((input: WorkTimeCorrectionInput) =>
    api.post<WorkMonthDto>('/work-time/corrections', input),
  );
}

export function useUpdateCorrection() {
  return useMonthChange(({ id, ...input }: WorkTimeCorrectionInput & { id: string }) =>
    api.put<WorkMonthDto>(`/work-time/corrections/${encodeURIComponent(id)}`, input),
  );
}

export function useDeleteCorrection() {
  return useMonthChange((id: string) =>
    api.delete<WorkMonthDto>(`/work-time/corrections/${encodeURIComponent(id)}`),
  );
}

export function useSubmitMonth() {
  return useMonthChange((month: string) => api.post<WorkMonthDto>(`${monthPath(month)}/submit`));
}

/** A manager validates or rejects (with a note) a holder's submitted month. */
export function useDecideMonth(holderId: string) {
  return useMonthChange(
    ({ month, decision, note }: { month: string; decision: 'validate' | 'reject'; note?: string }) =>
      api.post<WorkMonthDto>(
        `${monthPath(month)}/holders/${encodeURIComponent(holderId)}/${decision}`,
        decision === 'reject' ? { note } : undefined,
      ),
    holderId,
  );
}

export function useSetVolunteer(holderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (volunteer: boolean) =>
      api.put<{ volunteer: boolean }>(`/work-time/holders/${encodeURIComponent(holderId)}/volunteer`, {
        volunteer,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

const settingsPath = (organizationId: string) =>
  `/organizations/${encodeURIComponent(organizationId)}/work-time-settings`;

export function useWorkTimeSettings(organizationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'settings', organizationId],
    queryFn: ({ signal }) => api.get<WorkTimeSettings>(settingsPath(organizationId), { signal }),
    enabled: enabled && organizationId !== '',
    meta: { silent: true },
  });
}

export function useSaveWorkTimeSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkTimeSettingsInput) =>
      api.patch<WorkTimeSettings>(settingsPath(organizationId), input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The CSV and PDF of a month, for `DownloadButton`. */
export const monthExport = (month: string, kind: 'csv' | 'pdf') => ({
  path: `${monthPath(month)}/export.${kind}`,
  fallbackName: `heures-prestees-${month}.${kind}`,
});
