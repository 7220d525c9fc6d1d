import type { Visibility } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BlueprintListItem, Page } from './types';

export interface BlueprintsParams {
  q?: string;
  establishmentId?: string;
  visibility?: Visibility;
  includeArchived?: boolean;
  page?: number;
  pageSize?: number;
}

/** `GET /blueprints`: search on the name, filters, pagination. */
export function getBlueprints(params: BlueprintsParams, signal?: AbortSignal) {
  return api.get<Page<BlueprintListItem>>('/blueprints', {
    query: {
      q: params.q || undefined,
      establishmentId: params.establishmentId || undefined,
      visibility: params.visibility,
      includeArchived: params.includeArchived ? 'true' : undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export const blueprintsQuery = (params: BlueprintsParams) =>
  queryOptions({
    queryKey: ['blueprints', 'list', params],
    queryFn: ({ signal }) => getBlueprints(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useBlueprints(params: BlueprintsParams) {
  return useQuery(blueprintsQuery(params));
}
