import type { PrestationAbsenceInput } from '@inscrio/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Prestation } from './types';

/** `GET /prestations/{id}`: a holder's assignment to a session. */
export function getPrestation(id: string, signal?: AbortSignal) {
  return api.get<Prestation>(`/prestations/${encodeURIComponent(id)}`, { signal });
}

export const prestationQuery = (id: string) =>
  queryOptions({
    queryKey: ['prestations', 'detail', id],
    queryFn: ({ signal }) => getPrestation(id, signal),
    meta: { silent: true },
  });

export function usePrestation(id: string) {
  return useQuery(prestationQuery(id));
}

/** `PATCH /prestations/{id}/absence`: records the holder's absence (audit `prestation-holder-absence`) or withdraws it. */
export function setPrestationAbsence({ id, input }: { id: string; input: PrestationAbsenceInput }) {
  return api.patch<Prestation>(`/prestations/${encodeURIComponent(id)}/absence`, input);
}

export function useSetPrestationAbsence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrestationAbsence,
    meta: { silent: true },
    onSuccess: (prestation) => {
      queryClient.setQueryData(['prestations', 'detail', prestation.id], prestation);
      void queryClient.invalidateQueries({ queryKey: ['services', 'detail', prestation.service.id] });
    },
  });
}
