import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ServiceDetail } from './types';

/** `GET /services/{id}`: the session with its seats, attendees and holders. */
export function getService(id: string, signal?: AbortSignal) {
  return api.get<ServiceDetail>(`/services/${encodeURIComponent(id)}`, { signal });
}

export const serviceQuery = (id: string) =>
  queryOptions({
    queryKey: ['services', 'detail', id],
    queryFn: ({ signal }) => getService(id, signal),
    meta: { silent: true },
  });

export function useService(id: string) {
  return useQuery(serviceQuery(id));
}
