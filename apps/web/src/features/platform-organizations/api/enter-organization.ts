import type { HandoffDestination } from '@inscrio/shared';
import { useMutation } from '@tanstack/react-query';
import { handoffLoginPath } from '@/features/auth';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { organizationUrl } from '@/lib/organization-host';

/**
 * « Ouvrir l'espace »: the API gives a single-use, 60-second code for this staff account on the club;
 * the club's login page exchanges it (the code travels in the address's fragment, which no server sees),
 * so the staff member lands inside the club already signed in, in the same tab.
 */
export function useEnterOrganization(organizationId: string) {
  return useMutation({
    mutationFn: () =>
      api.post<HandoffDestination>(`/organizations/${encodeURIComponent(organizationId)}/enter`),
    onSuccess: ({ organizationKey, handoffCode }) => {
      window.location.assign(organizationUrl(organizationKey, handoffLoginPath(handoffCode)));
    },
    onError: (error) => notifyError(error),
  });
}
