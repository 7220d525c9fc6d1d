import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Company } from './types';

/** `GET /me/company`: the company invoices are made out to, or null. */
export function getCompany(signal?: AbortSignal): Promise<{ company: Company | null }> {
  return api.get<{ company: Company | null }>('/me/company', { signal });
}

export const companyQuery = () =>
  queryOptions({
    queryKey: ['me', 'company'],
    queryFn: ({ signal }) => getCompany(signal),
    meta: { silent: true },
  });

export function useCompany() {
  return useQuery(companyQuery());
}
