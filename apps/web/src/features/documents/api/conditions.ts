import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAuthState, hasSession, setUser, useAuth } from '@/lib/auth-store';

export type ConditionKind = 'roi' | 'legalMentions';

/** One of `GET /me/conditions`: the version in force, its document, and where the user stands. */
export interface Condition {
  /** When the organisation published the version in force; null when it has none. */
  publishedAt: string | null;
  acceptedAt: string | null;
  /** Published, and never accepted or accepted before this version. */
  mustAccept: boolean;
  /** The version in force's document: what accepting names (refused if a newer one came meanwhile). */
  documentId: string | null;
  version: number | null;
  acceptedVersion: number | null;
}

/** `GET /me/conditions`: the rules of procedure (ROI) and the legal mentions. */
export type Conditions = Record<ConditionKind, Condition>;

/* One cache entry for the profile's conditions card and the dialog: accepting in one updates the other. */
export const conditionsQuery = () =>
  queryOptions({
    queryKey: ['me', 'conditions'],
    queryFn: ({ signal }) => api.get<Conditions>('/me/conditions', { signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** `GET /me/conditions`, asked once per sign-in (and after each acceptance). */
export function useConditions() {
  const { user } = useAuth();
  return useQuery({ ...conditionsQuery(), enabled: user !== null && hasSession() });
}

const PATHS: Record<ConditionKind, string> = {
  roi: '/me/conditions/accept-roi',
  legalMentions: '/me/conditions/accept-legal-mentions',
};

/** The versions to accept, each named by the document shown. */
export type Acceptance = { kind: ConditionKind; documentId: string | null }[];

/**
 * Accepts each condition in turn (`PATCH /me/conditions/accept-roi`, `/accept-legal-mentions`), naming
 * the version shown (`?documentId=`): if a newer one was published meanwhile, the API refuses and the
 * conditions are read again, so the screen shows the new document.
 */
export function useAcceptConditions() {
  const queryClient = useQueryClient();
  const { queryKey } = conditionsQuery();
  return useMutation({
    mutationFn: async (accepted: Acceptance) => {
      let conditions: Conditions | undefined;
      for (const { kind, documentId } of accepted) {
        conditions = await api.patch<Conditions>(PATHS[kind], undefined, { query: { documentId } });
      }
      return conditions!;
    },
    meta: { silent: true },
    onError: () => void queryClient.invalidateQueries({ queryKey }),
    onSuccess: (conditions) => {
      queryClient.setQueryData(queryKey, conditions);
      // The stored user carries the acceptance dates too (spec section 3 'hasAcceptedROIAt').
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
