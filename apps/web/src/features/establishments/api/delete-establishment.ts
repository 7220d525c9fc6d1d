import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `DELETE /establishments/{id}`: 409 for the default one or one still in use (the message says by what). */
export function deleteEstablishment(id: string) {
  return api.delete<void>(`/establishments/${encodeURIComponent(id)}`);
}

export function useDeleteEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEstablishment,
    meta: { silent: true },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: ['establishments', 'detail', id] });
      return queryClient.invalidateQueries({ queryKey: ['establishments', 'list'] });
    },
  });
}
