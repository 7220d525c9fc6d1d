import { invoiceListQuerySchema } from '@inscrio/shared';
import { useUrlFilters } from '@/components/lists/use-url-filters';
import type { InvoiceFilters } from '../api/get-invoices';

/** What the address may hold, read by the API's own schema. */
const urlSchema = invoiceListQuerySchema('fr').pick({
  status: true,
  periodId: true,
  blueprintId: true,
  q: true,
  from: true,
  to: true,
  page: true,
});

/** The invoices' filters and page live in the address: a link or the back button keeps them. */
export function useInvoiceFilters() {
  const { values, set, filtered, clear } = useUrlFilters(urlSchema);
  const { page, ...rest } = values;
  const filters: InvoiceFilters = { ...rest, q: rest.q || undefined };
  return { filters, page, set, filtered, clear };
}
