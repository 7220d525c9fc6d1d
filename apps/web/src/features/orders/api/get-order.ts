import type { OrderDetail } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** While the provider has not answered, the order page reads the order again this often. */
export const PROVIDER_POLL_MS = 3000;

/** `GET /orders/{id}`: lines, payments, status and what to do next. */
export function getOrder(id: string, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal });
}

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    meta: { silent: true },
  });

export function useOrder(id: string) {
  return useQuery({
    ...orderQuery(id),
    // « Paiement en cours de traitement »: follow the provider's answer without a reload.
    refetchInterval: (query) =>
      query.state.data?.nextStep === 'wait-for-provider' ? PROVIDER_POLL_MS : false,
  });
}
