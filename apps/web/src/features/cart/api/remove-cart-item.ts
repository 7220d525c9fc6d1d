import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CART_KEY } from '@/lib/cart';

/** `DELETE /cart/items/{participantId}`: gives the seat back and drops the line. */
export function removeCartItem(participantId: string): Promise<unknown> {
  return api.delete(`/cart/items/${encodeURIComponent(participantId)}`);
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_KEY }),
  });
}
