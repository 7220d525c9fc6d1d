import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The caller's secret iCalendar address; null until they create one. */
export interface CalendarFeedAddress {
  url: string | null;
}

/** `GET /calendar/feed` (reading never creates the address). */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedAddress> {
  return api.get<CalendarFeedAddress>('/calendar/feed', { signal });
}

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: ['calendar', 'feed'],
    queryFn: ({ signal }) => getCalendarFeed(signal),
    meta: { silent: true },
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery());
}
