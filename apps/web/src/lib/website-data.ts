import type { CustomButtonSettings } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAddressOrganization } from './organization-context';

/** The part of `GET /website/data` the whole app uses: the settings of the menu's custom button. */
export interface WebsiteData extends CustomButtonSettings {
  enabled: boolean;
  title: string | null;
}

export const websiteDataQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['website', 'data', organizationId],
    queryFn: ({ signal }) => api.get<WebsiteData>('/website/data', { auth: false, organizationId, signal }),
    staleTime: 5 * 60_000,
    // The menu works without it: a failure only hides the optional custom button.
    retry: false,
    meta: { silent: true },
  });

/** The custom external button of the organisation of the address, or null when it has none. */
export function useCustomButton(): CustomButtonSettings | null {
  const organization = useAddressOrganization();
  const { data } = useQuery({ ...websiteDataQuery(organization?.id ?? ''), enabled: !!organization });
  return data ?? null;
}
