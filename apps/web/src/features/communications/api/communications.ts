import type {
  CommunicationAttachment,
  CommunicationDetail,
  CommunicationSummary,
  CommunicationTarget,
  CreateCommunicationInput,
  InboxList,
  InboxMessage,
  RecipientsCount,
} from '@inscrio/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { INBOX_UNREAD_KEY } from '@/lib/inbox-unread';

/* The communications calls (`/communications`, issue #20): sending, following, and the family's inbox. */

const KEY = ['communications'] as const;
const sentKey = [...KEY, 'sent'] as const;
const inboxKey = [...KEY, 'inbox'] as const;

export interface SentPage {
  items: CommunicationSummary[];
  total: number;
  page: number;
  pageSize: number;
}

/** `GET /communications/recipients`: the families and people a target reaches. */
export function useRecipientsCount(target: CommunicationTarget, targetId: string | null, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...KEY, 'recipients', target, targetId],
    queryFn: ({ signal }) =>
      api.get<RecipientsCount>('/communications/recipients', {
        query: { target, targetId: targetId ?? undefined },
        signal,
      }),
    meta: { silent: true },
  });
}

/** `GET /communications`: the messages the caller follows; refreshed while one is being sent. */
export function useSentCommunications(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...sentKey, page, pageSize],
    queryFn: ({ signal }) => api.get<SentPage>('/communications', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.progress.queued > 0) ? 1000 : false,
    meta: { silent: true },
  });
}

/** `GET /communications/{id}`: progress and recipients, polled while sending. */
export function useCommunication(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) =>
      api.get<CommunicationDetail>(`/communications/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => ((query.state.data?.progress.queued ?? 0) > 0 ? 1000 : false),
    meta: { silent: true },
  });
}

/** Uploads the files first, then `POST /communications`. */
export function useSendCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      input,
      files,
    }: {
      input: Omit<CreateCommunicationInput, 'attachmentIds'>;
      files: File[];
    }) => {
      const attachmentIds: string[] = [];
      for (const file of files) {
        const form = new FormData();
        form.append('file', file, file.name);
        attachmentIds.push((await api.post<CommunicationAttachment>('/communications/attachments', form)).id);
      }
      return api.post<CommunicationDetail>('/communications', { ...input, attachmentIds });
    },
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sentKey }),
  });
}

/** `POST /communications/{id}/retry`: the failed recipients again. */
export function useRetryCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<CommunicationDetail>(`/communications/${encodeURIComponent(id)}/retry`),
    onSuccess: (detail) => {
      queryClient.setQueryData([...KEY, 'detail', detail.id], detail);
      void queryClient.invalidateQueries({ queryKey: sentKey });
    },
  });
}

export function useInbox(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...inboxKey, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<InboxList>('/communications/inbox', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** `GET /communications/inbox/{id}`: opening a message marks it read (list and count refreshed). */
export function useInboxMessage(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...inboxKey, 'message', id],
    queryFn: async ({ signal }) => {
      const message = await api.get<InboxMessage>(`/communications/inbox/${encodeURIComponent(id!)}`, {
        signal,
      });
      void queryClient.invalidateQueries({ queryKey: INBOX_UNREAD_KEY });
      void queryClient.invalidateQueries({ queryKey: inboxKey, exact: false, refetchType: 'active' });
      return message;
    },
    enabled: id !== null,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

export const attachmentPath = (communicationId: string, attachmentId: string) =>
  `/communications/${encodeURIComponent(communicationId)}/attachments/${encodeURIComponent(attachmentId)}`;
