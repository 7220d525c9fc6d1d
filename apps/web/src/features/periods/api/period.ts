import type { PeriodInput, UpdatePeriodInput } from '@inscrio/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Period } from './types';

const periodPath = (id: string) => `/periods/${encodeURIComponent(id)}`;

/** `GET /periods/{id}`. */
export function getPeriod(id: string, signal?: AbortSignal) {
  return api.get<Period>(periodPath(id), { signal });
}

export const periodQuery = (id: string) =>
  queryOptions({
    queryKey: ['periods', 'detail', id],
    queryFn: ({ signal }) => getPeriod(id, signal),
    meta: { silent: true },
  });

export function usePeriod(id: string) {
  return useQuery(periodQuery(id));
}

/** `POST /periods`. */
export function createPeriod(input: PeriodInput) {
  return api.post<Period>('/periods', input);
}

/** `PATCH /periods/{id}`. */
export function updatePeriod({ id, input }: { id: string; input: UpdatePeriodInput }) {
  return api.patch<Period>(periodPath(id), input);
}

/** `DELETE /periods/{id}`: 409 while the period still holds sessions. */
export function deletePeriod(id: string) {
  return api.delete<void>(periodPath(id));
}

function store(queryClient: QueryClient, period: Period) {
  queryClient.setQueryData(['periods', 'detail', period.id], period);
  void queryClient.invalidateQueries({ queryKey: ['periods', 'list'] });
}

export function useCreatePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPeriod,
    meta: { silent: true },
    onSuccess: (period) => store(queryClient, period),
  });
}

export function useUpdatePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePeriod,
    meta: { silent: true },
    onSuccess: (period) => store(queryClient, period),
  });
}

export function useDeletePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePeriod,
    meta: { silent: true },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: ['periods', 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: ['periods', 'list'] });
    },
  });
}
