import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `DELETE /blueprints/{id}`: 409 once the activity has sessions (archive it instead). */
export function deleteBlueprint(id: string) {
  return api.delete<void>(`/blueprints/${encodeURIComponent(id)}`);
}

export function useDeleteBlueprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlueprint,
    meta: { silent: true },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: ['blueprints', 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: ['blueprints', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['establishments'] });
    },
  });
}
