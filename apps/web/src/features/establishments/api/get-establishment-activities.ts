import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { EstablishmentActivity, Page } from './types';

/** `GET /blueprints?establishmentId=`: the activities of one establishment (first 100). */
export function getEstablishmentActivities(establishmentId: string, signal?: AbortSignal) {
  return api.get<Page<EstablishmentActivity>>('/blueprints', {
    query: { establishmentId, pageSize: 100 },
    signal,
  });
}

export const establishmentActivitiesQuery = (establishmentId: string) =>
  queryOptions({
    queryKey: ['blueprints', 'list', { establishmentId, pageSize: 100 }],
    queryFn: ({ signal }) => getEstablishmentActivities(establishmentId, signal),
    meta: { silent: true },
  });

export function useEstablishmentActivities(establishmentId: string, enabled: boolean) {
  return useQuery({ ...establishmentActivitiesQuery(establishmentId), enabled });
}
