import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { companyQuery } from './get-company';

/** `DELETE /me/company`: invoices are made out to the person again. */
export function deleteCompany(): Promise<void> {
  return api.delete<void>('/me/company');
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    meta: { silent: true },
    onSuccess: () => queryClient.setQueryData(companyQuery().queryKey, { company: null }),
  });
}
