import type { AuditEventPage, AuditSubjectFilter, AuditEvent } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, type ApiFile } from '@/lib/api-client';

/** Filters shared by the list and its CSV export. */
export interface AuditFilters {
  type?: AuditEvent;
  actorUserId?: string;
  subjectType?: AuditSubjectFilter;
  subjectId?: string;
  from?: string;
  to?: string;
}

/** The query values of `GET /audit-events` and its export (empty filters left out). */
const filterQuery = (filters: AuditFilters) => ({
  type: filters.type || undefined,
  actorUserId: filters.actorUserId || undefined,
  subjectType: filters.subjectType && filters.subjectId ? filters.subjectType : undefined,
  subjectId: filters.subjectType && filters.subjectId ? filters.subjectId : undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});

export const auditEventsQuery = (params: AuditFilters & { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['audit-events', 'list', params],
    queryFn: ({ signal }) =>
      api.get<AuditEventPage>('/audit-events', {
        query: { ...filterQuery(params), page: params.page, pageSize: params.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** `GET /audit-events`: the trail, newest first, a page at a time. */
export function useAuditEvents(params: AuditFilters & { page: number; pageSize: number }) {
  return useQuery(auditEventsQuery(params));
}

/** `GET /audit-events/export.csv`: the trail with the same filters, as a CSV file. */
export function useExportAuditEvents() {
  return useMutation({
    mutationFn: (filters: AuditFilters) =>
      api.get<ApiFile>('/audit-events/export.csv', { query: filterQuery(filters), responseType: 'file' }),
  });
}
