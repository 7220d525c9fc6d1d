import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';
import { type InvoiceFilters, invoiceFilterQuery } from './get-invoices';

/** `GET /invoices/export.csv`: every invoice matching the list's filters. */
export function exportInvoices(filters: InvoiceFilters): Promise<void> {
  return downloadFile({
    path: '/invoices/export.csv',
    query: invoiceFilterQuery(filters),
    fallbackName: 'factures.csv',
  });
}

export function useExportInvoices() {
  return useMutation({ mutationFn: exportInvoices });
}
