import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/*
 * The family's unread messages (`/communications`), counted beside the menu entry. Here, below the
 * features, because the side menu shows it; the communications feature refreshes it by this key.
 */

export const INBOX_UNREAD_KEY = ['communications', 'inbox', 'unread'] as const;

export function useInboxUnread(enabled = true) {
  return useQuery({
    queryKey: INBOX_UNREAD_KEY,
    queryFn: ({ signal }) => api.get<{ unread: number }>('/communications/inbox/unread-count', { signal }),
    enabled,
    refetchInterval: 60_000,
    meta: { silent: true },
  });
}
