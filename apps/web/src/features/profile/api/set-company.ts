import type { CompanyInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyQuery } from './get-company';
import type { Company } from './types';

/** `PUT /me/company`: every field of the company, as invoices print them. */
export function setCompany(input: CompanyInput): Promise<{ company: Company | null }> {
  return api.put<{ company: Company | null }>('/me/company', input);
}

export function useSetCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompany,
    meta: { silent: true },
    onSuccess: (result) => queryClient.setQueryData(companyQuery().queryKey, result),
  });
}
