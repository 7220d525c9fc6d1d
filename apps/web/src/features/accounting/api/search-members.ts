import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MemberOption, Page } from './types';

const RESULTS = 8;

/** `GET /members?q=`: accounts whose name or e-mail matches, to bill one of them. */
export const memberSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['members', 'list', { kind: 'all', q, pageSize: RESULTS }],
    queryFn: ({ signal }) =>
      api.get<Page<MemberOption>>('/members', { query: { kind: 'all', q, pageSize: RESULTS }, signal }),
    meta: { silent: true },
  });

export function useMemberSearch(q: string) {
  return useQuery({ ...memberSearchQuery(q), enabled: q.trim().length > 0 });
}
