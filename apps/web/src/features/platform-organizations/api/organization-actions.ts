import type { LicencePlan, PlatformOrganizationOverview } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { organizationOverviewQuery } from './get-organization-overview';

/** The system administrator's actions on an organisation; each answers the organisation's new overview. */
export type OrganizationAction =
  | { kind: 'archive' }
  | { kind: 'unarchive' }
  | { kind: 'maintenance-on' }
  | { kind: 'maintenance-off' }
  | { kind: 'plan'; planKey: LicencePlan };

const PATHS = {
  archive: 'archive',
  unarchive: 'unarchive',
  'maintenance-on': 'maintenance/on',
  'maintenance-off': 'maintenance/off',
  plan: 'licence',
} as const;

export function runOrganizationAction(organizationId: string, action: OrganizationAction) {
  const path = `/organizations/${encodeURIComponent(organizationId)}/${PATHS[action.kind]}`;
  return api.post<PlatformOrganizationOverview>(
    path,
    action.kind === 'plan' ? { planKey: action.planKey } : undefined,
  );
}

export function useOrganizationAction(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OrganizationAction) => runOrganizationAction(organizationId, action),
    onSuccess: (overview) => {
      queryClient.setQueryData(organizationOverviewQuery(organizationId).queryKey, overview);
      void queryClient.invalidateQueries({ queryKey: ['platform-organizations', 'list'] });
      // The public lookups (the directory) show the new state too.
      void queryClient.invalidateQueries({ queryKey: ['organizations', 'directory'] });
    },
  });
}
