import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Prestation } from './types';

/** `GET /prestations/{id}`: a holder's assignment to a session (holders see only their own). */
export function getPrestation(id: string, signal?: AbortSignal): Promise<Prestation> {
  return api.get<Prestation>(`/prestations/${encodeURIComponent(id)}`, { signal });
}

export const prestationQuery = (id: string) =>
  queryOptions({
    queryKey: ['holdings', 'prestation', id],
    queryFn: ({ signal }) => getPrestation(id, signal),
    meta: { silent: true },
  });

export function usePrestation(id: string) {
  return useQuery(prestationQuery(id));
}
