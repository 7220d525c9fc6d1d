import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { EstablishmentOption, Page } from './types';

/** `GET /establishments`: the establishments the manager reaches (an establishment manager: theirs). */
export function getEstablishmentOptions(signal?: AbortSignal) {
  return api.get<Page<EstablishmentOption>>('/establishments', { query: { pageSize: 100 }, signal });
}

export const establishmentOptionsQuery = () =>
  queryOptions({
    queryKey: ['establishments', 'list', { pageSize: 100 }],
    queryFn: ({ signal }) => getEstablishmentOptions(signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export function useEstablishmentOptions() {
  return useQuery(establishmentOptionsQuery());
}
