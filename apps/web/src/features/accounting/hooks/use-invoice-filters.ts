import { INVOICE_STATUSES } from '@inscrio/shared';
import { useSearchParams } from 'react-router';
import type { InvoiceFilters } from '../api/get-invoices';

type Param = 'status' | 'periodId' | 'blueprintId' | 'q' | 'from' | 'to' | 'page';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : undefined);

/** The invoices' filters and page live in the address: a link or the back button keeps them. */
export function useInvoiceFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filters: InvoiceFilters = {
    status: INVOICE_STATUSES.is(status) ? status : undefined,
    periodId: params.get('periodId') ?? undefined,
    blueprintId: params.get('blueprintId') ?? undefined,
    q: params.get('q') ?? undefined,
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const set = (changes: Partial<Record<Param, string | undefined>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        // Any other change goes back to the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };

  const filtered = Object.values(filters).some(Boolean);
  const clear = () =>
    set({
      status: undefined,
      periodId: undefined,
      blueprintId: undefined,
      q: undefined,
      from: undefined,
      to: undefined,
    });

  return { filters, page, set, filtered, clear };
}
