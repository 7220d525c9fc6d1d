import type { EstablishmentInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Establishment } from './types';

/** `POST /establishments` (organisation managers). */
export function createEstablishment(input: EstablishmentInput) {
  return api.post<Establishment>('/establishments', input);
}

export function useCreateEstablishment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEstablishment,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['establishments'] }),
  });
}
