import type { PlanNextInput } from '@inscrio/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlanNextPreview, PlanNextResult } from './types';

/**
 * `GET /periods/{id}/plan-next?weeks=N`: the next period's proposed name, dates and opening, and the
 * copied sessions with their new dates and holders. Without `weeks`, the API shifts by the period's length.
 */
export function usePlanNextPreview(periodId: string, weeks: number | undefined) {
  return useQuery({
    queryKey: ['periods', 'plan-next', periodId, weeks ?? null],
    queryFn: ({ signal }) =>
      api.get<PlanNextPreview>(`/periods/${encodeURIComponent(periodId)}/plan-next`, {
        query: { weeks },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** `POST /periods/{id}/plan-next`: creates the next period, its sessions and holders. */
export function planNext({ periodId, input }: { periodId: string; input: PlanNextInput }) {
  return api.post<PlanNextResult>(`/periods/${encodeURIComponent(periodId)}/plan-next`, input);
}

export function usePlanNext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: planNext,
    meta: { silent: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['periods'] });
      void queryClient.invalidateQueries({ queryKey: ['services'] });
    },
  });
}
