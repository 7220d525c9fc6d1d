import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Option, Page } from './types';

const OPTIONS_PAGE_SIZE = 100;

/** `GET /periods`: the newest periods, to filter invoices by the sessions they bill. */
export const periodOptionsQuery = () =>
  queryOptions({
    queryKey: ['periods', 'list', { pageSize: OPTIONS_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      api.get<Page<Option>>('/periods', { query: { pageSize: OPTIONS_PAGE_SIZE }, signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** `GET /blueprints`: the activities, to filter invoices by what they bill. */
export const blueprintOptionsQuery = () =>
  queryOptions({
    queryKey: ['blueprints', 'list', { pageSize: OPTIONS_PAGE_SIZE }],
    queryFn: ({ signal }) =>
      api.get<Page<Option>>('/blueprints', { query: { pageSize: OPTIONS_PAGE_SIZE }, signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** A filter without its options still works (the list is not blocked by them). */
export function usePeriodOptions() {
  return useQuery(periodOptionsQuery());
}

export function useBlueprintOptions() {
  return useQuery(blueprintOptionsQuery());
}
