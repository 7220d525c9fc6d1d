import type { OrderPage, RegistrationStatus } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OrderFilters {
  page: number;
  status?: RegistrationStatus | undefined;
  /** Managers: one family's orders (the member page). */
  familyId?: string | undefined;
}

export const ORDERS_PAGE_SIZE = 20;

/** `GET /orders`: a family's own orders; managers see every order of the organisation, filtered. */
export function getOrders(filters: OrderFilters, signal?: AbortSignal): Promise<OrderPage> {
  return api.get<OrderPage>('/orders', {
    query: {
      page: filters.page,
      pageSize: ORDERS_PAGE_SIZE,
      status: filters.status,
      familyId: filters.familyId,
    },
    signal,
  });
}

export const ordersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: ['orders', 'list', filters],
    queryFn: ({ signal }) => getOrders(filters, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useOrders(filters: OrderFilters, options: { enabled?: boolean } = {}) {
  return useQuery({ ...ordersQuery(filters), enabled: options.enabled ?? true });
}
