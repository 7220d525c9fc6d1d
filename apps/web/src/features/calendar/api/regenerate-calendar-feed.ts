import type { CalendarFeed } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarFeedQuery } from './get-calendar-feed';

/** `POST /calendar/feed/regenerate`: a new address; the old one stops working at once. */
export function regenerateCalendarFeed(): Promise<CalendarFeed> {
  return api.post<CalendarFeed>('/calendar/feed/regenerate');
}

export function useRegenerateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery().queryKey, feed),
  });
}
