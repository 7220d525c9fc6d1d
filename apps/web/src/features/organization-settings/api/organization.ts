import type {
  MollieConnect,
  MollieStatusDto,
  OrganizationSettings,
  OrganizationSettingsInput,
  OrganizationSettingsResult,
} from '@inscrio/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organizationByKeyQuery } from '@/features/organizations';
import { api } from '@/lib/api-client';
import type { PublicOrganization } from '@/lib/api-types';
import { getAuthState, setSelectedOrganization } from '@/lib/auth-store';
import { addressOrganization, setAddressOrganization } from '@/lib/organization-context';
import { organizationWarningsKey } from './organization-warnings';

const organizationPath = (id: string) => `/organizations/${encodeURIComponent(id)}`;

/** `GET /organizations/{id}`: the organisation's configuration (the Buckaroo secret never comes back). */
export const organizationQuery = (id: string) =>
  queryOptions({
    queryKey: ['organizations', 'settings', id],
    queryFn: ({ signal }) => api.get<OrganizationSettings>(organizationPath(id), { signal }),
    meta: { silent: true },
  });

export function useOrganizationSettings(id: string) {
  return useQuery(organizationQuery(id));
}

/** `PATCH /organizations/{id}`: saves, and says which payment provider was activated or deactivated. */
export function updateOrganization({ id, input }: { id: string; input: OrganizationSettingsInput }) {
  return api.patch<OrganizationSettingsResult>(organizationPath(id), input);
}

/** The organisation as the header, the menu and the dates read it, with the saved identity. */
const withIdentity = (current: PublicOrganization, saved: OrganizationSettings): PublicOrganization => ({
  ...current,
  name: saved.name,
  logoAsset: saved.logoAsset,
  timeZone: saved.timeZone,
  defaultLocale: saved.defaultLocale,
});

/**
 * A saved name, logo, time zone or language shows at once: in the organisation of the address (header,
 * menu, dates), the signed-in selection, the cached lookup by key and the browser's copy of it, and the
 * public page.
 */
function showIdentity(queryClient: ReturnType<typeof useQueryClient>, saved: OrganizationSettings) {
  const address = addressOrganization();
  if (address?.id === saved.id) setAddressOrganization(withIdentity(address, saved));
  const selected = getAuthState().organization;
  if (selected?.id === saved.id) setSelectedOrganization(withIdentity(selected, saved));
  queryClient.setQueryData(organizationByKeyQuery(saved.key).queryKey, (current) =>
    current ? withIdentity(current, saved) : current,
  );
  // The browser keeps the lookup a minute (`max-age=60`) and the next page load starts with it: asked
  // again past that copy, so a reload shows the new name too. Best effort: a failure only delays it.
  void fetch(`/api/organizations/directory/key/${encodeURIComponent(saved.key)}`, {
    cache: 'reload',
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
  void queryClient.invalidateQueries({ queryKey: ['website', 'data'] });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    meta: { silent: true },
    onSuccess: (result) => {
      queryClient.setQueryData(['organizations', 'settings', result.organization.id], result.organization);
      showIdentity(queryClient, result.organization);
      void queryClient.invalidateQueries({ queryKey: ['mollie', 'status', result.organization.id] });
      void queryClient.invalidateQueries({ queryKey: organizationWarningsKey(result.organization.id) });
    },
  });
}

/** `GET /integrations/mollie/oauth/status/{id}`: unset, onboarding (with the dashboard), ready, disconnected. */
export function useMollieStatus(id: string) {
  return useQuery({
    queryKey: ['mollie', 'status', id],
    queryFn: ({ signal }) =>
      api.get<MollieStatusDto>(`/integrations/mollie/oauth/status/${encodeURIComponent(id)}`, { signal }),
    meta: { silent: true },
  });
}

/** `GET /integrations/mollie/oauth/connect/{id}`: the Mollie authorisation page to send the manager to. */
export function connectMollie(id: string) {
  return api.get<MollieConnect>(`/integrations/mollie/oauth/connect/${encodeURIComponent(id)}`);
}

/** `DELETE /integrations/mollie/oauth/{id}`: forgets the connection (Mollie payments stop). */
export function disconnectMollie(id: string) {
  return api.delete<void>(`/integrations/mollie/oauth/${encodeURIComponent(id)}`);
}

export function useConnectMollie() {
  return useMutation({ mutationFn: connectMollie, meta: { silent: true } });
}

export function useDisconnectMollie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectMollie,
    meta: { silent: true },
    onSuccess: (_result, id) => {
      void queryClient.invalidateQueries({ queryKey: ['mollie', 'status', id] });
      void queryClient.invalidateQueries({ queryKey: ['organizations', 'settings', id] });
      void queryClient.invalidateQueries({ queryKey: organizationWarningsKey(id) });
    },
  });
}
