import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { calendarFeedQuery } from './get-calendar-feed';

/** `DELETE /calendar/feed`: the address stops working; the caller may create a new one later. */
export function revokeCalendarFeed(): Promise<void> {
  return api.delete<void>('/calendar/feed');
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.setQueryData(calendarFeedQuery().queryKey, { url: null }),
  });
}
