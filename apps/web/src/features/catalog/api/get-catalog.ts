import type { CatalogPage, Locale } from '@inscrio/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the catalogue page filters on (`GET /catalog/blueprints` query, pagination aside). */
export interface CatalogFilters {
  q?: string;
  establishmentId?: string;
  memberId?: string;
  /** ISO day of week, 1 = Monday … 7 = Sunday. */
  dayOfWeek?: number;
  periodId?: string;
}

/** Cards per request: one screen on a phone, four rows of three on a desktop. */
export const CATALOG_PAGE_SIZE = 12;

/** `GET /catalog/blueprints`: one page of the activities the caller may browse. */
export function getCatalog(
  filters: CatalogFilters,
  page: number,
  signal?: AbortSignal,
): Promise<CatalogPage> {
  return api.get<CatalogPage>('/catalog/blueprints', {
    query: { ...filters, page, pageSize: CATALOG_PAGE_SIZE },
    signal,
  });
}

/** The texts (age, seats) come in the caller's language: the language is part of the key. */
export const catalogQuery = (filters: CatalogFilters, locale: Locale) =>
  infiniteQueryOptions({
    queryKey: ['catalog', 'blueprints', locale, filters],
    queryFn: ({ pageParam, signal }) => getCatalog(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    // Typing in the search box keeps the previous cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useCatalog(filters: CatalogFilters, locale: Locale) {
  return useInfiniteQuery(catalogQuery(filters, locale));
}
