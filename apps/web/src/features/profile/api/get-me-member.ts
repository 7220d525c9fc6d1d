import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Member } from '@/lib/api-types';
import { setMember } from '@/lib/auth-store';

/** `GET /me/member`: the signed-in user's own person (kept in local storage too). */
export async function getMeMember(signal?: AbortSignal): Promise<Member> {
  const member = await api.get<Member>('/me/member', { signal });
  setMember(member);
  return member;
}

export const meMemberQuery = () =>
  queryOptions({
    queryKey: ['me', 'member'],
    queryFn: ({ signal }) => getMeMember(signal),
    meta: { silent: true },
  });

export function useMeMember() {
  return useQuery(meMemberQuery());
}
