import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Blueprint } from './types';

/** `GET /blueprints/{id}`: the activity with its supplements. */
export function getBlueprint(id: string, signal?: AbortSignal) {
  return api.get<Blueprint>(`/blueprints/${encodeURIComponent(id)}`, { signal });
}

export const blueprintQuery = (id: string) =>
  queryOptions({
    queryKey: ['blueprints', 'detail', id],
    queryFn: ({ signal }) => getBlueprint(id, signal),
    meta: { silent: true },
  });

export function useBlueprint(id: string, enabled = true) {
  return useQuery({ ...blueprintQuery(id), enabled });
}
