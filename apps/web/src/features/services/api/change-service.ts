import type { PostponeServiceInput, UpdateServiceInput } from '@inscrio/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ServiceDetail } from './types';

const servicePath = (id: string) => `/services/${encodeURIComponent(id)}`;

/** `PATCH /services/{id}`: start (local date and time), duration, seats. */
export function updateService({ id, input }: { id: string; input: UpdateServiceInput }) {
  return api.patch<ServiceDetail>(servicePath(id), input);
}

/** `POST /services/{id}/postpone`: a new start; the status becomes `postponed`, the first date is kept. */
export function postponeService({ id, input }: { id: string; input: PostponeServiceInput }) {
  return api.post<ServiceDetail>(`${servicePath(id)}/postpone`, input);
}

/** `POST /services/{id}/cancel`: the status becomes `cancelled`. */
export function cancelService(id: string) {
  return api.post<ServiceDetail>(`${servicePath(id)}/cancel`);
}

function refresh(queryClient: QueryClient, service: ServiceDetail) {
  queryClient.setQueryData(['services', 'detail', service.id], service);
  void queryClient.invalidateQueries({ queryKey: ['services', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['blueprints', 'list'] });
  void queryClient.invalidateQueries({ queryKey: ['prestations'] });
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    meta: { silent: true },
    onSuccess: (service) => refresh(queryClient, service),
  });
}

export function usePostponeService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postponeService,
    meta: { silent: true },
    onSuccess: (service) => refresh(queryClient, service),
  });
}

export function useCancelService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelService, onSuccess: (service) => refresh(queryClient, service) });
}
