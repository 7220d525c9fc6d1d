import type {
  CreateSupportThreadInput,
  SupportAttachmentType,
  SupportMessageInput,
  SupportThreadStatus,
} from '@inscrio/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SupportThread {
  id: string;
  organizationId: string;
  organizationName: string;
  subject: string;
  status: SupportThreadStatus;
  lastMessageAt: string;
  createdAt: string;
  closedAt: string | null;
}

export interface SupportAttachment {
  id: string;
  fileName: string | null;
  contentType: SupportAttachmentType;
  byteSize: number;
}

export interface SupportMessage {
  id: string;
  authorName: string;
  fromPlatform: boolean;
  mine: boolean;
  body: string;
  createdAt: string;
  attachment: SupportAttachment | null;
}

export interface SupportThreadDetail extends SupportThread {
  messages: SupportMessage[];
  canClose: boolean;
}

const threadsKey = ['support', 'threads'] as const;
const threadKey = (id: string) => ['support', 'thread', id] as const;

/** `GET /support/threads`: latest first; every thread for a system administrator. */
export const supportThreadsQuery = (status?: SupportThreadStatus) =>
  queryOptions({
    queryKey: [...threadsKey, status ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<{ items: SupportThread[] }>('/support/threads', {
        signal,
        query: status ? { status } : undefined,
      }),
    meta: { silent: true },
  });

export const useSupportThreads = (status?: SupportThreadStatus) => useQuery(supportThreadsQuery(status));

/** `GET /support/threads/{id}`: the thread with its messages. */
export const useSupportThread = (id: string | null) =>
  useQuery({
    queryKey: threadKey(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<SupportThreadDetail>(`/support/threads/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    meta: { silent: true },
  });

/** `POST /support/attachments` (multipart, field `file`): a PDF or an image of at most 5 MB. */
export function uploadSupportAttachment(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<SupportAttachment>('/support/attachments', form);
}

function useThreadUpdate() {
  const queryClient = useQueryClient();
  return (thread: SupportThreadDetail) => {
    queryClient.setQueryData(threadKey(thread.id), thread);
    void queryClient.invalidateQueries({ queryKey: threadsKey });
  };
}

/** Uploads the file first (if any), then `POST /support/threads`. */
export function useCreateSupportThread() {
  const update = useThreadUpdate();
  return useMutation({
    mutationFn: async ({ input, file }: { input: CreateSupportThreadInput; file: File | null }) => {
      const attachmentId = file ? (await uploadSupportAttachment(file)).id : undefined;
      return api.post<SupportThreadDetail>('/support/threads', { ...input, attachmentId });
    },
    meta: { silent: true },
    onSuccess: update,
  });
}

/** Uploads the file first (if any), then `POST /support/threads/{id}/messages`. */
export function useReplySupportThread(id: string) {
  const update = useThreadUpdate();
  return useMutation({
    mutationFn: async ({ input, file }: { input: SupportMessageInput; file: File | null }) => {
      const attachmentId = file ? (await uploadSupportAttachment(file)).id : undefined;
      return api.post<SupportThreadDetail>(`/support/threads/${encodeURIComponent(id)}/messages`, {
        ...input,
        attachmentId,
      });
    },
    meta: { silent: true },
    onSuccess: update,
  });
}

/** `POST /support/threads/{id}/close` (system administrators). */
export function useCloseSupportThread(id: string) {
  const update = useThreadUpdate();
  return useMutation({
    mutationFn: () => api.post<SupportThreadDetail>(`/support/threads/${encodeURIComponent(id)}/close`),
    meta: { silent: true },
    onSuccess: update,
  });
}

export const attachmentPath = (threadId: string, attachmentId: string) =>
  `/support/threads/${encodeURIComponent(threadId)}/attachments/${encodeURIComponent(attachmentId)}`;
