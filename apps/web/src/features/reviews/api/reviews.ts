import type { ReviewDecisionInput, ReviewDecisionResult, ReviewPage } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /reviews`: the needs-review requests, oldest first, a page at a time. */
export function getReviews(params: { page: number; pageSize: number }, signal?: AbortSignal) {
  return api.get<ReviewPage>('/reviews', { query: params, signal });
}

export const reviewsQuery = (params: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['reviews', 'list', params],
    queryFn: ({ signal }) => getReviews(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useReviews(params: { page: number; pageSize: number }) {
  return useQuery(reviewsQuery(params));
}

/**
 * `POST /participants/{id}/review`: accept or refuse the whole request (every session asked at once), with
 * a message to the family; says what became of each session.
 */
export function reviewParticipant({ id, input }: { id: string; input: ReviewDecisionInput }) {
  return api.post<ReviewDecisionResult>(`/participants/${encodeURIComponent(id)}/review`, input);
}

export function useReviewParticipant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewParticipant,
    meta: { silent: true },
    onSuccess: () => {
      // An accepted request takes a seat: the registry and the sessions change too.
      for (const key of ['reviews', 'participants', 'services', 'periods']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
