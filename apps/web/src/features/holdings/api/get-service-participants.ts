import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ComingParticipants } from './types';

/** `GET /services/{id}/participants`: who comes to a session (confirmed), with age and a family phone. */
export function getServiceParticipants(id: string, signal?: AbortSignal): Promise<ComingParticipants> {
  return api.get<ComingParticipants>(`/services/${encodeURIComponent(id)}/participants`, { signal });
}

export const serviceParticipantsQuery = (id: string) =>
  queryOptions({
    queryKey: ['holdings', 'service', id, 'participants'],
    queryFn: ({ signal }) => getServiceParticipants(id, signal),
    meta: { silent: true },
  });

export function useServiceParticipants(id: string) {
  return useQuery(serviceParticipantsQuery(id));
}
