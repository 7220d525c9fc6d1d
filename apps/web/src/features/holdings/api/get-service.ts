import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ServiceDetail } from './types';

/** `GET /services/{id}`: a session with its seats, holders (prestations) and attendees. */
export function getService(id: string, signal?: AbortSignal): Promise<ServiceDetail> {
  return api.get<ServiceDetail>(`/services/${encodeURIComponent(id)}`, { signal });
}

export const serviceQuery = (id: string) =>
  queryOptions({
    queryKey: ['holdings', 'service', id],
    queryFn: ({ signal }) => getService(id, signal),
    meta: { silent: true },
  });

export function useService(id: string) {
  return useQuery(serviceQuery(id));
}
