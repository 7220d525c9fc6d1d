import type { AddToCartInput, AddToCartResult } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CART_KEY } from '@/lib/cart';

/**
 * `POST /cart/items`: reserves each (session, member) pair that passes the checks; the others come back
 * in `refused` with their message. Answers the cart as it now is.
 */
export function addToCart(input: AddToCartInput): Promise<AddToCartResult> {
  return api.post<AddToCartResult>('/cart/items', input);
}

export function useAddToCart(blueprintId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    meta: { silent: true },
    onSuccess: (result) => {
      queryClient.setQueryData(CART_KEY, result.cart);
      // Seats changed: the sessions' free seats are read again.
      void queryClient.invalidateQueries({ queryKey: ['catalog', 'blueprint', blueprintId] });
    },
  });
}
