import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The fields of a period the catalogue's filter needs (`GET /periods`). */
export interface PeriodOption {
  id: string;
  name: string;
  establishmentId: string;
  establishmentName: string;
  startDate: string;
  endDate: string;
}

interface PeriodPage {
  items: PeriodOption[];
  total: number;
  page: number;
  pageSize: number;
}

/** `GET /periods`: the organisation's periods. Managers only: the API refuses it to families. */
export function getPeriods(signal?: AbortSignal): Promise<PeriodPage> {
  return api.get<PeriodPage>('/periods', { query: { pageSize: 100 }, signal });
}

export const periodsQuery = () =>
  queryOptions({
    queryKey: ['periods', 'options'],
    queryFn: ({ signal }) => getPeriods(signal),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

/** The periods, asked only when the caller may list them (`enabled`). */
export function usePeriods(enabled: boolean) {
  return useQuery({ ...periodsQuery(), enabled });
}
