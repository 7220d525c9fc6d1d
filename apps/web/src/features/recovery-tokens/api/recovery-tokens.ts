import type {
  IssueRecoveryTokenInput,
  RecoverySession,
  RecoveryTokenDto,
  RecoveryTokenList,
  RecoveryTokenOrigin,
  RecoveryTokenStatus,
} from '@inscrio/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The filters of `GET /recovery-tokens` (a family's own tokens, or the managers' list). */
export interface RecoveryTokenFilters {
  status?: RecoveryTokenStatus;
  origin?: RecoveryTokenOrigin;
  blueprintId?: string;
  page: number;
  pageSize: number;
}

const tokenPath = (id: string) => `/recovery-tokens/${encodeURIComponent(id)}`;

export const recoveryTokensQuery = (filters: RecoveryTokenFilters) =>
  queryOptions({
    queryKey: ['recovery-tokens', 'list', filters],
    queryFn: ({ signal }) =>
      api.get<RecoveryTokenList>('/recovery-tokens', {
        query: {
          status: filters.status,
          origin: filters.origin,
          blueprintId: filters.blueprintId || undefined,
          page: filters.page,
          pageSize: filters.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useRecoveryTokens(filters: RecoveryTokenFilters) {
  return useQuery(recoveryTokensQuery(filters));
}

/** `GET /recovery-tokens/{id}`: one token (whose, where from, until when). */
export function useRecoveryToken(tokenId: string) {
  return useQuery({
    queryKey: ['recovery-tokens', 'one', tokenId],
    queryFn: ({ signal }) => api.get<RecoveryTokenDto>(tokenPath(tokenId), { signal }),
    meta: { silent: true },
  });
}

/** `GET /recovery-tokens/{id}/sessions`: the sessions the token may take. */
export function useRecoverySessions(tokenId: string) {
  return useQuery({
    queryKey: ['recovery-tokens', 'sessions', tokenId],
    queryFn: ({ signal }) => api.get<RecoverySession[]>(`${tokenPath(tokenId)}/sessions`, { signal }),
    meta: { silent: true },
  });
}

/** `GET /blueprints`: the activities a manager filters the tokens on. */
export function useActivityChoices(enabled: boolean) {
  const query = { pageSize: 100 };
  return useQuery({
    queryKey: ['blueprints', 'list', query],
    queryFn: ({ signal }) =>
      api.get<{ items: { id: string; name: string }[] }>('/blueprints', { query, signal }),
    enabled,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['recovery-tokens'] });
}

/** `POST /recovery-tokens/{id}/consume`: the family takes the session; its registrations and calendar change. */
export function useConsumeRecoveryToken(tokenId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: string) =>
      api.post<{ token: RecoveryTokenDto; participantId: string }>(`${tokenPath(tokenId)}/consume`, {
        serviceId,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['recovery-tokens'] });
      void queryClient.invalidateQueries({ queryKey: ['me', 'registrations'] });
      void queryClient.invalidateQueries({ queryKey: ['calendar'] });
    },
  });
}

export function useIssueRecoveryToken() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: IssueRecoveryTokenInput) => api.post<RecoveryTokenDto>('/recovery-tokens', input),
    onSuccess: invalidate,
  });
}

export function useExtendRecoveryToken() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, expiresAt }: { id: string; expiresAt: string }) =>
      api.post<RecoveryTokenDto>(`${tokenPath(id)}/extend`, { expiresAt }),
    onSuccess: invalidate,
  });
}

export function useCancelRecoveryToken() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<RecoveryTokenDto>(`${tokenPath(id)}/cancel`, { reason }),
    onSuccess: invalidate,
  });
}

interface AccountOption {
  userId: string;
  memberId: string;
  displayName: string;
  email: string;
}

/** `GET /members?q=`: accounts (families) found by name or e-mail, to give one of their members a token. */
export function useAccountSearch(q: string) {
  const query = { kind: 'all', q, pageSize: 8 };
  return useQuery({
    queryKey: ['members', 'list', query],
    queryFn: ({ signal }) => api.get<{ items: AccountOption[] }>('/members', { query, signal }),
    enabled: q.trim().length > 0,
    meta: { silent: true },
  });
}

/** `GET /members/{userId}`: the account's own member and the family members without an account. */
export function useAccountFamily(userId: string | null) {
  return useQuery({
    queryKey: ['members', 'detail', userId],
    queryFn: ({ signal }) =>
      api.get<{
        memberId: string;
        displayName: string;
        family: { id: string; displayName: string }[];
      }>(`/members/${encodeURIComponent(userId!)}`, { signal }),
    enabled: userId !== null,
    meta: { silent: true },
  });
}

export type { AccountOption };
