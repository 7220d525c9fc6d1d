import { TZDate } from '@date-fns/tz';
import { useQuery } from '@tanstack/react-query';
import type { ServicePage } from '@/features/holdings';
import { api } from '@/lib/api-client';

/** What is still due (cents), from `GET /invoices/outstanding`. */
export interface Outstanding {
  unpaid: { count: number; amount: number };
  overdue: { count: number; amount: number };
}

/** `GET /reviews`: only the count of requests to review is read. */
export function useReviewCount() {
  return useQuery({
    queryKey: ['dashboard', 'reviews-count'],
    queryFn: ({ signal }) =>
      api
        .get<{ total: number }>('/reviews', { query: { page: 1, pageSize: 1 }, signal })
        .then((r) => r.total),
    meta: { silent: true },
  });
}

/** `GET /invoices/outstanding`: unpaid and overdue amounts, for those who manage accounting. */
export function useOutstanding(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'outstanding'],
    queryFn: ({ signal }) => api.get<Outstanding>('/invoices/outstanding', { signal }),
    enabled,
    meta: { silent: true },
  });
}

/** The day `day` (yyyy-MM-dd) in the organisation's time zone, as instants. */
function dayRange(day: string, timeZone: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const from = new TZDate(year, month - 1, date, timeZone);
  const to = new TZDate(year, month - 1, date + 1, timeZone);
  return { from: new Date(from.getTime()).toISOString(), to: new Date(to.getTime() - 1).toISOString() };
}

/** `GET /services` of one local day, in start order (a day holds well under 100 sessions). */
export function useSessionsOfDay(day: string, timeZone: string) {
  return useQuery({
    queryKey: ['dashboard', 'sessions-of-day', day, timeZone],
    queryFn: ({ signal }) =>
      api.get<ServicePage>('/services', {
        query: { ...dayRange(day, timeZone), page: 1, pageSize: 100 },
        signal,
      }),
    meta: { silent: true },
  });
}
