import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Page, Period } from './types';

export interface PeriodsParams {
  establishmentId?: string;
  page?: number;
  pageSize?: number;
}

/** `GET /periods`: the periods, newest first, with their session and registration counts. */
export function getPeriods(params: PeriodsParams, signal?: AbortSignal) {
  return api.get<Page<Period>>('/periods', {
    query: {
      establishmentId: params.establishmentId || undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export const periodsQuery = (params: PeriodsParams) =>
  queryOptions({
    queryKey: ['periods', 'list', params],
    queryFn: ({ signal }) => getPeriods(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function usePeriods(params: PeriodsParams) {
  return useQuery(periodsQuery(params));
}
