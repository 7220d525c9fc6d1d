import type { CreateBlueprintInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Blueprint } from './types';

/** `POST /blueprints`. */
export function createBlueprint(input: CreateBlueprintInput) {
  return api.post<Blueprint>('/blueprints', input);
}

export function useCreateBlueprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlueprint,
    meta: { silent: true },
    onSuccess: (blueprint) => {
      queryClient.setQueryData(['blueprints', 'detail', blueprint.id], blueprint);
      void queryClient.invalidateQueries({ queryKey: ['blueprints', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['establishments'] });
    },
  });
}
