import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MemberAccount, MemberFamily, Option, Page, PeriodOption, SessionOption } from './types';

/** The largest page the list endpoints give. */
const MAX_PAGE = 100;

/** `GET /periods`: the periods to filter on, newest first. */
export function usePeriodOptions() {
  const query = { pageSize: MAX_PAGE };
  return useQuery({
    queryKey: ['periods', 'list', query],
    queryFn: ({ signal }) => api.get<Page<PeriodOption>>('/periods', { query, signal }),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** `GET /blueprints`: the activities to filter on. */
export function useActivityOptions() {
  const query = { pageSize: MAX_PAGE };
  return useQuery({
    queryKey: ['blueprints', 'list', query],
    queryFn: ({ signal }) => api.get<Page<Option>>('/blueprints', { query, signal }),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** `GET /services`: sessions of an activity and/or a period, optionally from an instant on, in start order. */
export function useSessionOptions(
  filters: { blueprintId?: string; periodId?: string; from?: string },
  enabled = true,
) {
  const query = {
    blueprintId: filters.blueprintId || undefined,
    periodId: filters.periodId || undefined,
    from: filters.from,
    pageSize: MAX_PAGE,
  };
  return useQuery({
    queryKey: ['services', 'list', query],
    queryFn: ({ signal }) => api.get<Page<SessionOption>>('/services', { query, signal }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** `GET /members?q=`: accounts matching a name or an e-mail. */
export function useMemberSearch(q: string) {
  const query = { kind: 'all', q: q.trim(), page: 1, pageSize: 8, sort: 'name', order: 'asc' };
  return useQuery({
    queryKey: ['members', 'list', query],
    queryFn: ({ signal }) => api.get<Page<MemberAccount>>('/members', { query, signal }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** `GET /members/{userId}`: the account's own person and its family, the people who may be registered. */
export function useMemberFamily(userId: string | null) {
  return useQuery({
    queryKey: ['members', 'detail', userId],
    queryFn: ({ signal }) =>
      api.get<MemberFamily>(`/members/${encodeURIComponent(userId ?? '')}`, { signal }),
    enabled: userId !== null,
    meta: { silent: true },
  });
}
