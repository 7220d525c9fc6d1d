import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PublicOrganization } from '@/lib/api-types';

/** `GET /organizations/directory/key/{key}`: the organisation of the address; 404 when unknown or archived. */
export function getOrganizationByKey(key: string, signal?: AbortSignal): Promise<PublicOrganization> {
  return api.get<PublicOrganization>(`/organizations/directory/key/${encodeURIComponent(key)}`, {
    auth: false,
    organizationId: null,
    signal,
  });
}

export const organizationByKeyQuery = (key: string) =>
  queryOptions({
    queryKey: ['organizations', 'directory', 'key', key],
    queryFn: ({ signal }) => getOrganizationByKey(key, signal),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });

export function useOrganizationByKey(key: string | null) {
  return useQuery({ ...organizationByKeyQuery(key ?? ''), enabled: key !== null });
}
