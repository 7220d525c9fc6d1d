import type { InvoiceSummary } from '@inscrio/shared';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { invoicesQuery } from './get-invoices';

const RESULTS = 10;

/** `GET /invoices?q=`: invoices by number, buyer name or company, for a credit note. */
export function useInvoiceSearch(q: string) {
  return useQuery({
    ...invoicesQuery({ q: q.trim() || undefined, page: 1, pageSize: RESULTS }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Invoices a transfer may pay: awaiting payment or overdue (a late transfer is common), by number,
 * buyer name or company.
 */
export function useOpenInvoiceSearch(q: string) {
  return useQueries({
    queries: (['pending', 'overdue'] as const).map((status) => ({
      ...invoicesQuery({ q: q.trim() || undefined, status, page: 1, pageSize: RESULTS }),
      placeholderData: keepPreviousData,
    })),
    combine: (results) => ({
      items: [
        ...new Map(
          results.flatMap((result) => result.data?.items ?? []).map((invoice) => [invoice.id, invoice]),
        ).values(),
      ].sort((a: InvoiceSummary, b: InvoiceSummary) => a.number.localeCompare(b.number)),
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
      error: results.find((result) => result.isError)?.error ?? null,
      refetch: () => results.forEach((result) => void result.refetch()),
    }),
  });
}
