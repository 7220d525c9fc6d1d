import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Blueprint } from './types';

/** `POST /blueprints/{id}/archive` or `/unarchive`: archived activities leave the catalogue and take no new sessions. */
export function setBlueprintArchived({ id, archived }: { id: string; archived: boolean }) {
  return api.post<Blueprint>(`/blueprints/${encodeURIComponent(id)}/${archived ? 'archive' : 'unarchive'}`);
}

export function useSetBlueprintArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlueprintArchived,
    onSuccess: (blueprint) => {
      queryClient.setQueryData(['blueprints', 'detail', blueprint.id], blueprint);
      void queryClient.invalidateQueries({ queryKey: ['blueprints', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['establishments'] });
    },
  });
}
