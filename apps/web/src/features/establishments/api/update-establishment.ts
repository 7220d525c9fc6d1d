import type { UpdateEstablishmentInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Establishment } from './types';

/** `PATCH /establishments/{id}`: '' or null clears an optional field. */
export function updateEstablishment({ id, input }: { id: string; input: UpdateEstablishmentInput }) {
  return api.patch<Establishment>(`/establishments/${encodeURIComponent(id)}`, input);
}

export function useUpdateEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEstablishment,
    meta: { silent: true },
    onSuccess: (establishment) => {
      queryClient.setQueryData(['establishments', 'detail', establishment.id], establishment);
      return queryClient.invalidateQueries({ queryKey: ['establishments', 'list'] });
    },
  });
}
