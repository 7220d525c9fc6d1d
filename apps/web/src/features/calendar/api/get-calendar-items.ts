import type { CalendarItems } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `GET /calendar/items?from=&to=`: the sessions starting in [from, to) (at most 62 days) the caller's
 * calendar holds: all of them for managers, their prestations for holders, their family's for members.
 */
export function getCalendarItems(from: string, to: string, signal?: AbortSignal): Promise<CalendarItems> {
  return api.get<CalendarItems>('/calendar/items', { query: { from, to }, signal });
}

export const calendarItemsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['calendar', 'items', from, to],
    queryFn: ({ signal }) => getCalendarItems(from, to, signal),
    meta: { silent: true },
  });

/** The items of a range; the previous range stays on screen while the next one loads. */
export function useCalendarItems(from: string, to: string) {
  return useQuery({ ...calendarItemsQuery(from, to), placeholderData: keepPreviousData });
}
