import type { CheckoutInput, CheckoutResult } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CART_KEY } from '@/lib/cart';

/** `POST /cart/checkout`: turns the cart into an order; online providers answer where to pay. */
export function checkout(input: CheckoutInput): Promise<CheckoutResult> {
  return api.post<CheckoutResult>('/cart/checkout', input);
}

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    meta: { silent: true },
    onSuccess: () => {
      // The cart is empty now; the orders list has one more.
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['me', 'registrations'] });
    },
  });
}
