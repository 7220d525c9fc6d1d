import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Establishment, Page } from './types';

export interface EstablishmentsParams {
  page?: number;
  pageSize?: number;
  q?: string;
}

/** `GET /establishments`: the organisation's establishments (an establishment manager's own only). */
export function getEstablishments(params: EstablishmentsParams, signal?: AbortSignal) {
  return api.get<Page<Establishment>>('/establishments', {
    query: { page: params.page, pageSize: params.pageSize, q: params.q || undefined },
    signal,
  });
}

export const establishmentsQuery = (params: EstablishmentsParams = {}) =>
  queryOptions({
    queryKey: ['establishments', 'list', params],
    queryFn: ({ signal }) => getEstablishments(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useEstablishments(params: EstablishmentsParams = {}) {
  return useQuery(establishmentsQuery(params));
}
