import type { OrganizationCreateByAdminInput } from '@inscrio/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PublicOrganization } from '@/lib/api-types';

/** `POST /organizations` (system administrator): the organisation, on the chosen plan or a free trial. */
export function createOrganization(input: OrganizationCreateByAdminInput): Promise<PublicOrganization> {
  return api.post<PublicOrganization>('/organizations', input);
}

export function useCreateOrganization() {
  return useMutation({ mutationFn: createOrganization, meta: { silent: true } });
}
