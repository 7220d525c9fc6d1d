import type { CreateServiceInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CreatedServices } from './types';

/**
 * `POST /services`: one session or a weekly series, generated in the organisation's time zone; with
 * `preview: true` only the start instants are computed (nothing is written).
 */
export function createServices(input: CreateServiceInput) {
  return api.post<CreatedServices>('/services', input);
}

export function useCreateServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServices,
    meta: { silent: true },
    onSuccess: (result) => {
      if (result.preview) return;
      void queryClient.invalidateQueries({ queryKey: ['services'] });
      void queryClient.invalidateQueries({ queryKey: ['blueprints', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['periods'] });
    },
  });
}
