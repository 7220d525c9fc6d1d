import type { CheckoutResult, OfflinePaymentInput, OrderDetail } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderQuery } from './get-order';

/*
 * What can be done to an order: pay again online, record a payment received (managers), cancel. Each
 * answers the order as it now is (or, for a retry, where to pay).
 */

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/** `POST /orders/{id}/retry-payment`: a new payment attempt at the provider; answers where to pay. */
export function retryPayment(id: string): Promise<CheckoutResult> {
  return api.post<CheckoutResult>(`${orderPath(id)}/retry-payment`);
}

/** `POST /orders/{id}/payments/offline`: a transfer (or cash) the club received. */
export function recordOfflinePayment(id: string, input: OfflinePaymentInput): Promise<OrderDetail> {
  return api.post<OrderDetail>(`${orderPath(id)}/payments/offline`, input);
}

/** `POST /orders/{id}/cancel`. */
export function cancelOrder(id: string): Promise<OrderDetail> {
  return api.post<OrderDetail>(`${orderPath(id)}/cancel`, {});
}

function useOrderMutation<Input, Output>(id: string, run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { silent: true },
    onSuccess: (result) => {
      const order =
        result && typeof result === 'object' && 'lines' in result ? (result as unknown as OrderDetail) : null;
      if (order) queryClient.setQueryData(orderQuery(id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['me', 'registrations'] });
    },
  });
}

export const useRetryPayment = (id: string) => useOrderMutation(id, () => retryPayment(id));
export const useRecordOfflinePayment = (id: string) =>
  useOrderMutation(id, (input: OfflinePaymentInput) => recordOfflinePayment(id, input));
export const useCancelOrder = (id: string) => useOrderMutation(id, () => cancelOrder(id));
