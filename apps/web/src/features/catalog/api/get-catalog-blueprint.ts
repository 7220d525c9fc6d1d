import type { CatalogDetail, Locale } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /catalog/blueprints/{id}`: one activity, its supplements, its upcoming sessions and registration state. */
export function getCatalogBlueprint(id: string, signal?: AbortSignal): Promise<CatalogDetail> {
  return api.get<CatalogDetail>(`/catalog/blueprints/${encodeURIComponent(id)}`, { signal });
}

export const catalogBlueprintQuery = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', 'blueprint', id, locale],
    queryFn: ({ signal }) => getCatalogBlueprint(id, signal),
    meta: { silent: true },
  });

export function useCatalogBlueprint(id: string, locale: Locale) {
  return useQuery(catalogBlueprintQuery(id, locale));
}
