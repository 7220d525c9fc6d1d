import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ServicePage } from './types';

export const SERVICES_PAGE_SIZE = 20;

/**
 * `GET /services?from=`: the sessions starting from an instant, earliest first. A holder gets only
 * their own; an establishment manager those of their establishment.
 */
export function getServices(from: string, page: number, signal?: AbortSignal): Promise<ServicePage> {
  return api.get<ServicePage>('/services', { query: { from, page, pageSize: SERVICES_PAGE_SIZE }, signal });
}

export const servicesQuery = (from: string) =>
  infiniteQueryOptions({
    queryKey: ['holdings', 'services', { from }],
    queryFn: ({ pageParam, signal }) => getServices(from, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    meta: { silent: true },
  });

export function useServices(from: string) {
  return useInfiniteQuery(servicesQuery(from));
}
