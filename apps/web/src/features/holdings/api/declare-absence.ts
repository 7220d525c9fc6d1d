import type { PrestationAbsenceInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { prestationQuery } from './get-prestation';
import { serviceQuery } from './get-service';
import type { Prestation } from './types';

/**
 * `PATCH /prestations/{id}/absence {absent, note}`: a holder declares their own absence (audit
 * `prestation-holder-absence`). Only a manager may mark them present again.
 */
export function declareAbsence(id: string, input: PrestationAbsenceInput): Promise<Prestation> {
  return api.patch<Prestation>(`/prestations/${encodeURIComponent(id)}/absence`, input);
}

export function useDeclareAbsence(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrestationAbsenceInput) => declareAbsence(id, input),
    meta: { silent: true },
    onSuccess: (prestation) => {
      queryClient.setQueryData(prestationQuery(id).queryKey, prestation);
      void queryClient.invalidateQueries({ queryKey: serviceQuery(prestation.service.id).queryKey });
    },
  });
}
