import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Establishment } from './types';

/** `GET /establishments/{id}`. */
export function getEstablishment(id: string, signal?: AbortSignal) {
  return api.get<Establishment>(`/establishments/${encodeURIComponent(id)}`, { signal });
}

export const establishmentQuery = (id: string) =>
  queryOptions({
    queryKey: ['establishments', 'detail', id],
    queryFn: ({ signal }) => getEstablishment(id, signal),
    meta: { silent: true },
  });

export function useEstablishment(id: string) {
  return useQuery(establishmentQuery(id));
}
