import type {
  LicencePlan,
  OrganizationState,
  PlatformOrganizationPage,
  PlatformOrganizationSort,
  SortOrder,
} from '@inscrio/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OrganizationsParams {
  q?: string;
  plan?: LicencePlan;
  state?: OrganizationState;
  sort: PlatformOrganizationSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

/** `GET /organizations`: every organisation of the platform, for its staff (empty filters left out). */
export function getOrganizations(params: OrganizationsParams, signal?: AbortSignal) {
  return api.get<PlatformOrganizationPage>('/organizations', {
    query: {
      q: params.q?.trim() || undefined,
      plan: params.plan,
      state: params.state,
      sort: params.sort,
      order: params.order,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export const organizationsQuery = (params: OrganizationsParams) =>
  queryOptions({
    queryKey: ['platform-organizations', 'list', params],
    queryFn: ({ signal }) => getOrganizations(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function usePlatformOrganizations(params: OrganizationsParams) {
  return useQuery(organizationsQuery(params));
}
