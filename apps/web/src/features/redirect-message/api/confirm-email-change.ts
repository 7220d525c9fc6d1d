import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /me/email/confirm {token}` (public: the link may be opened signed out or on another device):
 * the new address replaces the old one. The link works once, so the call is made once per token: a
 * query that never refetches, rather than a mutation an effect could fire twice.
 */
export function confirmEmailChange(token: string): Promise<{ email: string }> {
  return api.post<{ email: string }>('/me/email/confirm', { token }, { auth: false });
}

export const confirmEmailChangeQuery = (token: string) =>
  queryOptions({
    queryKey: ['email-change', token],
    queryFn: () => confirmEmailChange(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silent: true },
  });

export function useConfirmEmailChange(token: string | null) {
  return useQuery({ ...confirmEmailChangeQuery(token ?? ''), enabled: !!token });
}
