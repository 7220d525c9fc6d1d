import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Representatives } from './types';

/** `GET /me/representatives`: the family's other adults and its open invitations. */
export function getRepresentatives(signal?: AbortSignal): Promise<Representatives> {
  return api.get<Representatives>('/me/representatives', { signal });
}

export const representativesQuery = () =>
  queryOptions({
    queryKey: ['me', 'representatives'],
    queryFn: ({ signal }) => getRepresentatives(signal),
    meta: { silent: true },
  });

export function useRepresentatives() {
  return useQuery(representativesQuery());
}
