import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CurrentUser } from './types';

/** `GET /me/user`: the account as it is now, with the e-mail address waiting for confirmation. */
export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get<CurrentUser>('/me/user', { signal });
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['me', 'user'],
    queryFn: ({ signal }) => getCurrentUser(signal),
    meta: { silent: true },
  });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}
