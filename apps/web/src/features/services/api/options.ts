import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BlueprintOption, Page, PeriodOption } from './types';

/** `GET /blueprints` (first 100, not archived): the activities sessions may be scheduled for. */
export function getBlueprintOptions(signal?: AbortSignal) {
  return api.get<Page<BlueprintOption>>('/blueprints', { query: { pageSize: 100 }, signal });
}

export const blueprintOptionsQuery = () =>
  queryOptions({
    queryKey: ['blueprints', 'list', { pageSize: 100 }],
    queryFn: ({ signal }) => getBlueprintOptions(signal),
    meta: { silent: true },
  });

export function useBlueprintOptions() {
  return useQuery(blueprintOptionsQuery());
}

/** `GET /blueprints/{id}`: one activity, when the list above does not hold it. */
export function useBlueprintOption(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['blueprints', 'detail', id],
    queryFn: ({ signal }) => api.get<BlueprintOption>(`/blueprints/${encodeURIComponent(id)}`, { signal }),
    enabled: enabled && id !== '',
    meta: { silent: true },
  });
}

/** `GET /periods?establishmentId=`: the periods a session of this establishment may belong to. */
export function getPeriodOptions(establishmentId: string, signal?: AbortSignal) {
  return api.get<Page<PeriodOption>>('/periods', { query: { establishmentId, pageSize: 100 }, signal });
}

export function usePeriodOptions(establishmentId: string | undefined) {
  return useQuery({
    queryKey: ['periods', 'list', { establishmentId, pageSize: 100 }],
    queryFn: ({ signal }) => getPeriodOptions(establishmentId ?? '', signal),
    enabled: Boolean(establishmentId),
    meta: { silent: true },
  });
}

/** `GET /periods/{id}`: the name of a session's period. */
export function usePeriodName(periodId: string | null) {
  return useQuery({
    queryKey: ['periods', 'detail', periodId],
    queryFn: ({ signal }) =>
      api.get<PeriodOption>(`/periods/${encodeURIComponent(periodId ?? '')}`, { signal }),
    enabled: Boolean(periodId),
    select: (period) => period.name,
    meta: { silent: true },
  });
}
