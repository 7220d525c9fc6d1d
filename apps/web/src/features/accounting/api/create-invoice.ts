import type { CreateInvoiceInput, InvoiceDetail } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /invoices`: a free invoice, to a member's family or to a company. */
export function createInvoice(input: CreateInvoiceInput): Promise<InvoiceDetail> {
  return api.post<InvoiceDetail>('/invoices', input);
}

/** The form shows the API's field messages itself. */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  });
}
