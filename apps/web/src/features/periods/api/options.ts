import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Option, Page } from './types';

/** `GET /establishments`: where a period may be (an establishment manager: theirs). */
export const establishmentOptionsQuery = () =>
  queryOptions({
    queryKey: ['establishments', 'list', { pageSize: 100 }],
    queryFn: ({ signal }) =>
      api.get<Page<Option & { isDefault: boolean }>>('/establishments', { query: { pageSize: 100 }, signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export function useEstablishmentOptions() {
  return useQuery(establishmentOptionsQuery());
}

/** `GET /blueprints?establishmentId=`: the activities of the period's establishment, to filter sessions. */
export function useBlueprintOptions(establishmentId: string) {
  const query = { establishmentId, pageSize: 100 };
  return useQuery({
    queryKey: ['blueprints', 'list', query],
    queryFn: ({ signal }) => api.get<Page<Option>>('/blueprints', { query, signal }),
    meta: { silent: true },
  });
}
