import type { MemberListKind, MemberSort, Role, SortOrder } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MemberListItem, Page } from './types';

/** Filters and sort shared by the list and its CSV export. */
export interface MemberFilters {
  kind: MemberListKind;
  q?: string;
  establishmentId?: string;
  role?: Role;
  sort: MemberSort;
  order: SortOrder;
}

export interface MembersParams extends MemberFilters {
  page: number;
  pageSize: number;
}

/** The query values of `GET /members` and `GET /members/export.csv` (empty filters left out). */
export function filterQuery(filters: MemberFilters) {
  return {
    kind: filters.kind,
    q: filters.q?.trim() || undefined,
    establishmentId: filters.establishmentId || undefined,
    role: filters.role,
    sort: filters.sort,
    order: filters.order,
  };
}

/** `GET /members`: the organisation's accounts (all, participants or holders), searched, filtered, sorted, a page at a time. */
export function getMembers(params: MembersParams, signal?: AbortSignal) {
  return api.get<Page<MemberListItem>>('/members', {
    query: { ...filterQuery(params), page: params.page, pageSize: params.pageSize },
    signal,
  });
}

export const membersQuery = (params: MembersParams) =>
  queryOptions({
    queryKey: ['members', 'list', params],
    queryFn: ({ signal }) => getMembers(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useMembers(params: MembersParams) {
  return useQuery(membersQuery(params));
}
