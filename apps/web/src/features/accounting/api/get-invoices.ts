import type { InvoicePage, InvoiceStatus } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The list's filters, shared by the CSV export. */
export interface InvoiceFilters {
  status?: InvoiceStatus | undefined;
  periodId?: string | undefined;
  blueprintId?: string | undefined;
  /** Number, buyer name or company. */
  q?: string | undefined;
  /** Issue date range, yyyy-MM-dd, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface InvoicesParams extends InvoiceFilters {
  page: number;
  pageSize: number;
}

/** The query values of `GET /invoices` and `GET /invoices/export.csv` (empty filters left out). */
export function invoiceFilterQuery(filters: InvoiceFilters) {
  return {
    status: filters.status,
    periodId: filters.periodId || undefined,
    blueprintId: filters.blueprintId || undefined,
    q: filters.q?.trim() || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/** `GET /invoices`: a page of invoices with, for managers, the totals of every matching invoice. */
export function getInvoices(params: InvoicesParams, signal?: AbortSignal): Promise<InvoicePage> {
  return api.get<InvoicePage>('/invoices', {
    query: { ...invoiceFilterQuery(params), page: params.page, pageSize: params.pageSize },
    signal,
  });
}

export const invoicesQuery = (params: InvoicesParams) =>
  queryOptions({
    queryKey: ['invoices', 'list', params],
    queryFn: ({ signal }) => getInvoices(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useInvoices(params: InvoicesParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...invoicesQuery(params), enabled: options.enabled ?? true });
}
