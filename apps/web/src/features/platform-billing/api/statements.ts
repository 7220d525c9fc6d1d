import { type InvoiceStatus, type StatementDetail, type StatementPage } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** The list's filters, shared by the CSV export. */
export interface StatementFilters {
  /** `yyyy-MM`. */
  month?: string | undefined;
  organizationId?: string | undefined;
  status?: InvoiceStatus | undefined;
}

const filterQuery = (filters: StatementFilters) => ({
  month: filters.month || undefined,
  organizationId: filters.organizationId || undefined,
  status: filters.status || undefined,
});

/** `GET /platform/statements`: a page of statements and the totals per month of every match. */
export const statementsQuery = (params: StatementFilters & { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['platform-statements', 'list', params],
    queryFn: ({ signal }) =>
      api.get<StatementPage>('/platform/statements', {
        query: { ...filterQuery(params), page: params.page, pageSize: params.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useStatements = (params: StatementFilters & { page: number; pageSize: number }) =>
  useQuery(statementsQuery(params));

/** `GET /platform/statements/{id}`: the statement with its invoice's lines. */
export const useStatement = (id: string) =>
  useQuery({
    queryKey: ['platform-statements', 'detail', id],
    queryFn: ({ signal }) =>
      api.get<StatementDetail>(`/platform/statements/${encodeURIComponent(id)}`, { signal }),
    meta: { silent: true },
  });

/** `GET /platform/statements/export.csv`: every statement of the filters. */
export const useExportStatements = () =>
  useMutation({
    mutationFn: (filters: StatementFilters) =>
      downloadFile({
        path: '/platform/statements/export.csv',
        query: filterQuery(filters),
        fallbackName: 'facturation.csv',
      }),
  });

/** The API answers PDF paths under `/api`; the client adds that prefix itself. */
export const apiPath = (url: string) => url.replace(/^\/api(?=\/)/, '');
