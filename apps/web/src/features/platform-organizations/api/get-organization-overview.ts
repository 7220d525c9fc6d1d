import type { PlatformOrganizationOverview } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /organizations/{id}/overview`: one organisation as the platform staff see it. */
export function getOrganizationOverview(organizationId: string, signal?: AbortSignal) {
  return api.get<PlatformOrganizationOverview>(
    `/organizations/${encodeURIComponent(organizationId)}/overview`,
    { signal },
  );
}

export const organizationOverviewQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['platform-organizations', 'overview', organizationId],
    queryFn: ({ signal }) => getOrganizationOverview(organizationId, signal),
    meta: { silent: true },
  });

export function useOrganizationOverview(organizationId: string) {
  return useQuery(organizationOverviewQuery(organizationId));
}
