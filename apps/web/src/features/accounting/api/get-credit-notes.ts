import type { CreditNoteSummary } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Page } from './types';

export const CREDIT_NOTES_PAGE_SIZE = 20;

/** `GET /credit-notes`: the organisation's credit notes, newest first. */
export function getCreditNotes(page: number, signal?: AbortSignal): Promise<Page<CreditNoteSummary>> {
  return api.get<Page<CreditNoteSummary>>('/credit-notes', {
    query: { page, pageSize: CREDIT_NOTES_PAGE_SIZE },
    signal,
  });
}

export const creditNotesQuery = (page: number) =>
  queryOptions({
    queryKey: ['credit-notes', 'list', { page }],
    queryFn: ({ signal }) => getCreditNotes(page, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useCreditNotes(page: number) {
  return useQuery(creditNotesQuery(page));
}
