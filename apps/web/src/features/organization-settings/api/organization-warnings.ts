import type { OrganizationWarning } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const organizationWarningsKey = (id: string) => ['organizations', 'warnings', id] as const;

/**
 * `GET /organizations/{id}/warnings`: the sections still incomplete (billing, mutual, payment), each
 * with its configuration step: the 'Informations à compléter' notice. Refetched after every change
 * that can complete or undo a section (saving the organisation, the Mollie connection).
 */
export const organizationWarningsQuery = (id: string) =>
  queryOptions({
    queryKey: organizationWarningsKey(id),
    queryFn: ({ signal }) =>
      api.get<OrganizationWarning[]>(`/organizations/${encodeURIComponent(id)}/warnings`, { signal }),
    meta: { silent: true },
  });

export function useOrganizationWarnings(id: string) {
  return useQuery(organizationWarningsQuery(id));
}
