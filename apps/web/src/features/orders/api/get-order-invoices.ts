import type { InvoiceDetail, InvoicePage } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /invoices?orderId=`: the order's invoice (one per order once issued). */
export const orderInvoicesQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['invoices', 'list', { orderId }],
    queryFn: ({ signal }) => api.get<InvoicePage>('/invoices', { query: { orderId }, signal }),
    meta: { silent: true },
  });

export function useOrderInvoices(orderId: string) {
  return useQuery(orderInvoicesQuery(orderId));
}

/** `GET /invoices/{id}`: for the credit notes issued on it. */
export function useInvoiceDetail(invoiceId: string) {
  return useQuery({
    queryKey: ['invoices', 'detail', invoiceId],
    queryFn: ({ signal }) => api.get<InvoiceDetail>(`/invoices/${encodeURIComponent(invoiceId)}`, { signal }),
    meta: { silent: true },
  });
}
