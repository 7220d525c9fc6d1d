import type { WebsiteSettingsInput } from '@inscrio/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /website/settings` and `PATCH /website/settings` (spec section 3, 'Website data/settings'). */
export interface WebsiteSettings {
  enabled: boolean;
  title: string | null;
  description: string | null;
  faviconAsset: string | null;
  logoAsset: string | null;
  backgroundAsset: string | null;
  faviconUrl: string | null;
  logoUrl: string | null;
  backgroundUrl: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactFacebook: string | null;
  contactInstagram: string | null;
  showCustomButton: boolean;
  customButtonName: string | null;
  customButtonURL: string | null;
}

export interface PublicSession {
  id: string;
  startDateTime: string;
  /** Null: no seat limit. */
  freeSeats: number | null;
}

export interface PublicActivity {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  colorCode: string;
  price: number;
  durationText: string;
  ageRestrictionText: string;
  establishmentId: string;
  nextSessions: PublicSession[];
}

export interface PublicEstablishment {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
}

/** `GET /website/data`: the public page of the organisation of the address. */
export interface PublicWebsite extends WebsiteSettings {
  title: string;
  customButton: { name: string; url: string } | null;
  establishments: PublicEstablishment[];
  activities: PublicActivity[];
}

/** The same key (and cache) as the menu's custom button (lib/website-data.ts), read whole. */
const publicWebsiteQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['website', 'data', organizationId],
    queryFn: ({ signal }) => api.get<PublicWebsite>('/website/data', { auth: false, organizationId, signal }),
    staleTime: 5 * 60_000,
    retry: 1,
    // The page says nothing of a failure: it sends the visitor to the index (spec section 8).
    meta: { silent: true },
  });

export function usePublicWebsite(organizationId: string | undefined) {
  return useQuery({ ...publicWebsiteQuery(organizationId ?? ''), enabled: !!organizationId });
}

const settingsKey = ['website', 'settings'] as const;

export function useWebsiteSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.get<WebsiteSettings>('/website/settings', { signal }),
    meta: { silent: true },
  });
}

export function useSaveWebsiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebsiteSettingsInput) => api.patch<WebsiteSettings>('/website/settings', input),
    meta: { silent: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // The public page and the menu's custom button read the new settings.
      void queryClient.invalidateQueries({ queryKey: ['website', 'data'] });
    },
  });
}
