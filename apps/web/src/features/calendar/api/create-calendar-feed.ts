import type { CalendarFeed } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarFeedQuery } from './get-calendar-feed';

/** `POST /calendar/feed`: creates the caller's address (or answers the existing one). */
export function createCalendarFeed(): Promise<CalendarFeed> {
  return api.post<CalendarFeed>('/calendar/feed');
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQuery().queryKey, feed),
  });
}
