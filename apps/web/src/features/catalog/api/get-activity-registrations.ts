import type { ParticipantPage } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `GET /me/registrations?blueprintId=`: the family's registrations to come for one activity, requests
 * waiting for the club included (the activity page shows them). Under `['me', 'registrations']`, so a
 * request sent from the page refreshes it.
 */
export function getActivityRegistrations(
  blueprintId: string,
  signal?: AbortSignal,
): Promise<ParticipantPage> {
  return api.get<ParticipantPage>('/me/registrations', {
    query: { blueprintId, pageSize: 100 },
    signal,
  });
}

export const activityRegistrationsQuery = (blueprintId: string) =>
  queryOptions({
    queryKey: ['me', 'registrations', 'activity', blueprintId],
    queryFn: ({ signal }) => getActivityRegistrations(blueprintId, signal),
    meta: { silent: true },
  });

export function useActivityRegistrations(blueprintId: string, enabled: boolean) {
  return useQuery({ ...activityRegistrationsQuery(blueprintId), enabled });
}
