import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A period the catalogue can be filtered by (`GET /catalog/periods`: those not over yet). */
export interface PeriodOption {
  id: string;
  name: string;
  establishmentId: string;
  startDate: string;
  endDate: string;
}

export function getPeriods(signal?: AbortSignal): Promise<PeriodOption[]> {
  return api.get<PeriodOption[]>('/catalog/periods', { signal });
}

export const periodsQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'periods'],
    queryFn: ({ signal }) => getPeriods(signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** The periods every signed-in user may filter the catalogue by. */
export function usePeriods() {
  return useQuery(periodsQuery());
}
