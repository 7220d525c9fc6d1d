import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Holder, Page } from './types';

/** `GET /holders?q=`: the organisation's holders, searchable by name or e-mail. */
export function getHolders(q: string, signal?: AbortSignal) {
  return api.get<Page<Holder>>('/holders', { query: { q: q || undefined, pageSize: 50 }, signal });
}

export const holdersQuery = (q: string) =>
  queryOptions({
    queryKey: ['holders', { q }],
    queryFn: ({ signal }) => getHolders(q, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useHolders(q: string, enabled = true) {
  return useQuery({ ...holdersQuery(q), enabled });
}

/** `POST /services/{id}/prestations {holderUserId}`: assigns a holder to the session. */
export function assignHolder({ serviceId, holderUserId }: { serviceId: string; holderUserId: string }) {
  return api.post(`/services/${encodeURIComponent(serviceId)}/prestations`, { holderUserId });
}

/** `DELETE /services/{id}/prestations/{prestationId}`. */
export function removeHolder({ serviceId, prestationId }: { serviceId: string; prestationId: string }) {
  return api.delete<void>(
    `/services/${encodeURIComponent(serviceId)}/prestations/${encodeURIComponent(prestationId)}`,
  );
}

function useRefreshService() {
  const queryClient = useQueryClient();
  return (serviceId: string) => {
    void queryClient.invalidateQueries({ queryKey: ['services', 'detail', serviceId] });
    void queryClient.invalidateQueries({ queryKey: ['services', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['prestations'] });
  };
}

export function useAssignHolder() {
  const refresh = useRefreshService();
  return useMutation({
    mutationFn: assignHolder,
    meta: { silent: true },
    onSuccess: (_result, { serviceId }) => refresh(serviceId),
  });
}

export function useRemoveHolder() {
  const refresh = useRefreshService();
  return useMutation({ mutationFn: removeHolder, onSuccess: (_result, { serviceId }) => refresh(serviceId) });
}
