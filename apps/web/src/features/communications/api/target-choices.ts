import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * What a message may be addressed to when the compose form is opened without a preset target (from the
 * dashboard or « Nouveau message »): an activity (searched by name), a period, a session of an activity.
 */

export interface TargetChoice {
  id: string;
  name: string;
}

/** `GET /blueprints?q=`: the activities whose name matches. */
export function useActivityChoices(q: string, enabled: boolean) {
  const query = { q: q || undefined, pageSize: 20 };
  return useQuery({
    queryKey: ['communications', 'choices', 'activities', query],
    queryFn: ({ signal }) => api.get<{ items: TargetChoice[] }>('/blueprints', { query, signal }),
    enabled,
    meta: { silent: true },
  });
}

/** `GET /periods` (first 100): the periods, filtered on the name here (the list is short and not searched). */
export function usePeriodChoices(enabled: boolean) {
  const query = { pageSize: 100 };
  return useQuery({
    queryKey: ['communications', 'choices', 'periods', query],
    queryFn: ({ signal }) => api.get<{ items: TargetChoice[] }>('/periods', { query, signal }),
    enabled,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** `GET /services?blueprintId=&from=` (first 100): an activity's sessions from today on. */
export function useSessionChoices(blueprintId: string | null, from: string) {
  const query = { blueprintId: blueprintId ?? undefined, from, pageSize: 100 };
  return useQuery({
    queryKey: ['communications', 'choices', 'sessions', query],
    queryFn: ({ signal }) =>
      api.get<{ items: { id: string; startDateTime: string }[] }>('/services', { query, signal }),
    enabled: blueprintId !== null,
    staleTime: 60_000,
    meta: { silent: true },
  });
}
