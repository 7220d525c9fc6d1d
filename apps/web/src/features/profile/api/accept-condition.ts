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

/** `PATCH /me/conditions/accept-roi` or `/accept-legal-mentions`: accepts the version in force. */
export function acceptCondition(kind: ConditionKind): Promise<Conditions> {
  return api.patch<Conditions>(PATHS[kind]);
}

export function useAcceptCondition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptCondition,
    meta: { silent: true },
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
