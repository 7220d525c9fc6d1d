import type { PeriodServicesInput } from '@inscrio/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Page, PeriodService } from './types';

const PAGE = 100;
/** At most this many sessions are listed at once for grouping (5 pages of the API's largest). */
const MAX_SESSIONS = 500;

type ServiceQuery = Record<string, string | number | undefined>;

/** Every page of `GET /services` for a query, up to MAX_SESSIONS, in start order. */
async function allServices(query: ServiceQuery, signal?: AbortSignal) {
  const items: PeriodService[] = [];
  let total = 0;
  for (let page = 1; items.length < MAX_SESSIONS; page++) {
    const result = await api.get<Page<PeriodService>>('/services', {
      query: { ...query, page, pageSize: PAGE },
      signal,
    });
    items.push(...result.items);
    total = result.total;
    if (items.length >= total || result.items.length === 0) break;
  }
  return { items, total };
}

/** A page of the period's sessions (`GET /services?periodId=`). */
export function usePeriodServicesPage(periodId: string, page: number, pageSize = 20) {
  const query = { periodId, page, pageSize };
  return useQuery({
    queryKey: ['services', 'list', query],
    queryFn: ({ signal }) => api.get<Page<PeriodService>>('/services', { query, signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** All the period's sessions (up to 500), to group them by series. */
export function usePeriodServices(periodId: string) {
  const query = { periodId };
  return useQuery({
    queryKey: ['services', 'all', query],
    queryFn: ({ signal }) => allServices(query, signal),
    meta: { silent: true },
  });
}

/** Sessions in no period (`periodId=none`), of an establishment, optionally of one activity and within dates. */
export function useFreeServices(filters: {
  establishmentId: string;
  blueprintId?: string;
  from?: string;
  to?: string;
}) {
  const query: ServiceQuery = { periodId: 'none', ...filters };
  return useQuery({
    queryKey: ['services', 'all', query],
    queryFn: ({ signal }) => allServices(query, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** `POST /periods/{id}/services`: adds sessions, or whole series, to the period. */
export function addPeriodServices({ periodId, input }: { periodId: string; input: PeriodServicesInput }) {
  return api.post<{ updated: number }>(`/periods/${encodeURIComponent(periodId)}/services`, input);
}

/** `DELETE /periods/{id}/services`: takes sessions, or whole series, out of the period. */
export function removePeriodServices({ periodId, input }: { periodId: string; input: PeriodServicesInput }) {
  return api.delete<{ updated: number }>(`/periods/${encodeURIComponent(periodId)}/services`, {
    body: input,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['services'] });
    void queryClient.invalidateQueries({ queryKey: ['periods'] });
  };
}

export function useAddPeriodServices() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: addPeriodServices, onSuccess: refresh });
}

export function useRemovePeriodServices() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: removePeriodServices, onSuccess: refresh });
}
