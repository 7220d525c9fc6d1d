import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What anyone may know about an establishment (`GET /establishments/public`). */
export interface PublicEstablishment {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
}

interface EstablishmentPage {
  items: PublicEstablishment[];
  total: number;
  page: number;
  pageSize: number;
}

/** `GET /establishments/public`: the organisation's establishments, for the catalogue's filter. */
export function getPublicEstablishments(signal?: AbortSignal): Promise<EstablishmentPage> {
  return api.get<EstablishmentPage>('/establishments/public', { query: { pageSize: 100 }, signal });
}

export const publicEstablishmentsQuery = () =>
  queryOptions({
    queryKey: ['establishments', 'public'],
    queryFn: ({ signal }) => getPublicEstablishments(signal),
    staleTime: 5 * 60_000,
    // The filter simply does not show when they cannot be loaded.
    meta: { silent: true },
  });

export function usePublicEstablishments() {
  return useQuery(publicEstablishmentsQuery());
}
