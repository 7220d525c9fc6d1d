import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAuthState, hasSession, setUser, useAuth } from '@/lib/auth-store';

export type ConditionKind = 'roi' | 'legalMentions';

/** One of `GET /me/conditions`: the version in force, its document, and where the user stands. */
export interface PendingCondition {
  publishedAt: string | null;
  acceptedAt: string | null;
  mustAccept: boolean;
  documentId: string | null;
  version: number | null;
  acceptedVersion: number | null;
}

export type Conditions = Record<ConditionKind, PendingCondition>;

/* The same cache entry as the profile's conditions card: accepting in one place updates the other. */
const conditionsKey = ['me', 'conditions'] as const;

const PATHS: Record<ConditionKind, string> = {
  roi: '/me/conditions/accept-roi',
  legalMentions: '/me/conditions/accept-legal-mentions',
};

/** `GET /me/conditions`, asked once per sign-in (and after each acceptance). */
export function useConditions() {
  const { user } = useAuth();
  return useQuery({
    queryKey: conditionsKey,
    queryFn: ({ signal }) => api.get<Conditions>('/me/conditions', { signal }),
    enabled: user !== null && hasSession(),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/**
 * Accepts each pending condition in turn (`PATCH /me/conditions/accept-roi`, `/accept-legal-mentions`),
 * naming the version shown: if a newer one was published meanwhile, the API refuses and the conditions
 * are read again, so the dialog shows the new document.
 */
export function useAcceptConditions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shown: Pick<Conditions, ConditionKind> & { kinds: readonly ConditionKind[] }) => {
      let conditions: Conditions | undefined;
      for (const kind of shown.kinds) {
        conditions = await api.patch<Conditions>(PATHS[kind], undefined, {
          query: { documentId: shown[kind].documentId },
        });
      }
      return conditions!;
    },
    meta: { silent: true },
    onError: () => void queryClient.invalidateQueries({ queryKey: conditionsKey }),
    onSuccess: (conditions) => {
      queryClient.setQueryData(conditionsKey, conditions);
      const { user } = getAuthState();
      if (user) {
        setUser({
          ...user,
          hasAcceptedROIAt: conditions.roi.acceptedAt,
          hasAcceptedLegalMentionsAt: conditions.legalMentions.acceptedAt,
        });
      }
    },
  });
}
