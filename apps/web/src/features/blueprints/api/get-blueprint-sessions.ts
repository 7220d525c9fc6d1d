import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BlueprintSession, Page } from './types';

/** `GET /services?blueprintId=&from=`: the activity's sessions from `from` on, in start order. */
export function getBlueprintSessions(
  params: { blueprintId: string; from?: string; pageSize: number },
  signal?: AbortSignal,
) {
  return api.get<Page<BlueprintSession>>('/services', { query: params, signal });
}

/** The next sessions (from the start of this hour, so the list stays cached for a while). */
export const upcomingSessionsQuery = (blueprintId: string, pageSize = 8) => {
  const from = new Date();
  from.setMinutes(0, 0, 0);
  const params = { blueprintId, from: from.toISOString(), pageSize };
  return queryOptions({
    queryKey: ['services', 'list', params],
    queryFn: ({ signal }) => getBlueprintSessions(params, signal),
    meta: { silent: true },
  });
};

export function useUpcomingSessions(blueprintId: string, enabled: boolean) {
  return useQuery({ ...upcomingSessionsQuery(blueprintId), enabled });
}

/** How many sessions the activity has at all (past ones too): it can only be deleted with none. */
export const sessionCountQuery = (blueprintId: string) => {
  const params = { blueprintId, pageSize: 1 };
  return queryOptions({
    queryKey: ['services', 'list', params],
    queryFn: ({ signal }) => getBlueprintSessions(params, signal),
    select: (page) => page.total,
    meta: { silent: true },
  });
};

export function useSessionCount(blueprintId: string, enabled: boolean) {
  return useQuery({ ...sessionCountQuery(blueprintId), enabled });
}
