import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Conditions } from './types';

/** `GET /me/conditions`: where the user stands with the rules of procedure and the legal mentions. */
export function getConditions(signal?: AbortSignal): Promise<Conditions> {
  return api.get<Conditions>('/me/conditions', { signal });
}

export const conditionsQuery = () =>
  queryOptions({
    queryKey: ['me', 'conditions'],
    queryFn: ({ signal }) => getConditions(signal),
    meta: { silent: true },
  });

export function useConditions() {
  return useQuery(conditionsQuery());
}
