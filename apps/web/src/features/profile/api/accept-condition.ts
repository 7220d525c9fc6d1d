import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAuthState, setUser } from '@/lib/auth-store';
import { conditionsQuery } from './get-conditions';
import type { Conditions } from './types';

export type ConditionKind = 'roi' | 'legalMentions';

const PATHS: Record<ConditionKind, string> = {
  roi: '/me/conditions/accept-roi',
  legalMentions: '/me/conditions/accept-legal-mentions',
};

/**
 * `PATCH /me/conditions/accept-roi` or `/accept-legal-mentions`: accepts the version shown
 * (`?documentId=`); refused when a newer one was published meanwhile.
 */
export function acceptCondition({
  kind,
  documentId,
}: {
  kind: ConditionKind;
  documentId: string | null;
}): Promise<Conditions> {
  return api.patch<Conditions>(PATHS[kind], undefined, { query: { documentId } });
}

export function useAcceptCondition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptCondition,
    meta: { silent: true },
    // A newer version was published meanwhile: read the conditions again to show it.
    onError: () => void queryClient.invalidateQueries({ queryKey: conditionsQuery().queryKey }),
    onSuccess: (conditions) => {
      queryClient.setQueryData(conditionsQuery().queryKey, conditions);
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
