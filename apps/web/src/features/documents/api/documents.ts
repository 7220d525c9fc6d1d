import type {
  DocumentKind,
  DocumentList,
  DocumentOrigin,
  LegalDocumentKind,
  ReportRequest,
  StoredDocument,
} from '@inscrio/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The filters of `GET /documents` (a family's list takes the kind only). */
export interface DocumentFilters {
  kind?: DocumentKind;
  origin?: DocumentOrigin;
  memberId?: string;
  periodId?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

const documentPath = (id: string) => `/documents/${encodeURIComponent(id)}`;

export const documentsQuery = (filters: DocumentFilters) =>
  queryOptions({
    queryKey: ['documents', 'list', filters],
    queryFn: ({ signal }) =>
      api.get<DocumentList>('/documents', {
        query: {
          kind: filters.kind,
          origin: filters.origin,
          memberId: filters.memberId || undefined,
          periodId: filters.periodId || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          page: filters.page,
          pageSize: filters.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/**
 * The documents list. While a report of the page is being made, the list is asked again every two
 * seconds, so its progress moves and its download appears when it is ready.
 */
export function useDocuments(filters: DocumentFilters) {
  return useQuery({
    ...documentsQuery(filters),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending' || item.status === 'running')
        ? 2_000
        : false,
  });
}

/** `GET /documents/{id}`: a report being made, followed every second until it is ready or failed. */
export function useStoredDocument(id: string | null) {
  return useQuery({
    queryKey: ['documents', 'one', id],
    queryFn: ({ signal }) => api.get<StoredDocument>(documentPath(id!), { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'ready' || status === 'failed' ? false : 1_000;
    },
    meta: { silent: true },
  });
}

function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['documents', 'list'] });
}

/** `POST /documents/legal` (multipart, field `file`; kind and title in the query). */
export function useUploadLegalDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: ({ file, kind, title }: { file: File; kind: LegalDocumentKind; title: string }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<StoredDocument>('/documents/legal', form, {
        query: { kind, title: title.trim() || undefined },
      });
    },
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

/** `POST /documents/{id}/publish`: the version in force; members accept a new ROI or legal mentions again. */
export function usePublishDocument() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (id: string) => api.post<StoredDocument>(`${documentPath(id)}/publish`, {}),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

/** `POST /reports`: the report's document now, its content from a background job. */
export function useRequestReport() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (input: ReportRequest) => api.post<StoredDocument>('/reports', input),
    onSuccess: (document) => {
      // The report's state as answered (waiting for its job) shows at once, before the first poll.
      queryClient.setQueryData(['documents', 'one', document.id], document);
      invalidate();
    },
    meta: { silent: true },
  });
}

/** `GET /periods` (first 100): the periods a manager filters the documents on. */
export function usePeriodChoices(enabled: boolean) {
  const query = { pageSize: 100 };
  return useQuery({
    queryKey: ['periods', 'list', query],
    queryFn: ({ signal }) =>
      api.get<{ items: { id: string; name: string }[] }>('/periods', { query, signal }),
    enabled,
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** `GET /blueprints` (first 100): the activities a report may be limited to. */
export function useActivityChoices() {
  const query = { pageSize: 100 };
  return useQuery({
    queryKey: ['blueprints', 'list', query],
    queryFn: ({ signal }) =>
      api.get<{ items: { id: string; name: string }[] }>('/blueprints', { query, signal }),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** `GET /services?blueprintId=` within the report's days (first 100): the sessions a report may be limited to. */
export function useSessionChoices(blueprintId: string, from: string, to: string) {
  const query = {
    blueprintId,
    from: `${from}T00:00:00.000Z`,
    to: `${to}T23:59:59.999Z`,
    pageSize: 100,
  };
  return useQuery({
    queryKey: ['services', 'list', query],
    queryFn: ({ signal }) =>
      api.get<{ items: { id: string; startDateTime: string }[] }>('/services', { query, signal }),
    enabled: blueprintId !== '' && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to),
    staleTime: 60_000,
    meta: { silent: true },
  });
}
