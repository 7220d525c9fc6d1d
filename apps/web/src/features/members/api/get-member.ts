import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MemberDetail } from './types';

/** `GET /members/{userId}`: a member's page (person, family, representatives, what the caller may do). */
export function getMember(userId: string, signal?: AbortSignal) {
  return api.get<MemberDetail>(`/members/${encodeURIComponent(userId)}`, { signal });
}

export const memberQuery = (userId: string) =>
  queryOptions({
    queryKey: ['members', 'detail', userId],
    queryFn: ({ signal }) => getMember(userId, signal),
    meta: { silent: true },
  });

/** `enabled` false stops the query (the signed-in user is no longer a manager: they switched to a member). */
export function useMember(userId: string, enabled = true) {
  return useQuery({ ...memberQuery(userId), enabled });
}
