import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PublicOrganization } from '@/lib/api-types';

/** `GET /organizations/directory?q=`: the organisations open to the public, by name. */
export function searchDirectory(q: string, signal?: AbortSignal): Promise<PublicOrganization[]> {
  return api.get<PublicOrganization[]>('/organizations/directory', {
    auth: false,
    organizationId: null,
    query: { q: q.trim() || undefined },
    signal,
  });
}

export const directoryQuery = (q: string) =>
  queryOptions({
    queryKey: ['organizations', 'directory', 'search', q.trim()],
    queryFn: ({ signal }) => searchDirectory(q, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useDirectory(q: string) {
  return useQuery(directoryQuery(q));
}
