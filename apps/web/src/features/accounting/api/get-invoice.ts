import type { InvoiceDetail } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /invoices/{id}`: parties, lines and credit notes. */
export function getInvoice(id: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return api.get<InvoiceDetail>(`/invoices/${encodeURIComponent(id)}`, { signal });
}

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: ['invoices', 'detail', id],
    queryFn: ({ signal }) => getInvoice(id, signal),
    meta: { silent: true },
  });

export function useInvoice(id: string | null) {
  return useQuery({ ...invoiceQuery(id ?? ''), enabled: Boolean(id) });
}
