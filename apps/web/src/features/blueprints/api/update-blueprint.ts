import type { UpdateBlueprintInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Blueprint } from './types';

/** `PATCH /blueprints/{id}`: `supplements`, when sent, replaces the whole set. */
export function updateBlueprint({ id, input }: { id: string; input: UpdateBlueprintInput }) {
  return api.patch<Blueprint>(`/blueprints/${encodeURIComponent(id)}`, input);
}

export function useUpdateBlueprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlueprint,
    meta: { silent: true },
    onSuccess: (blueprint) => {
      queryClient.setQueryData(['blueprints', 'detail', blueprint.id], blueprint);
      void queryClient.invalidateQueries({ queryKey: ['blueprints', 'list'] });
      // Sessions show the activity's name and colour.
      void queryClient.invalidateQueries({ queryKey: ['services'] });
      void queryClient.invalidateQueries({ queryKey: ['establishments'] });
    },
  });
}
