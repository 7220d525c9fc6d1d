import type { HandoffDestination, OrganizationCreateInput } from '@inscrio/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /organizations/onboard` (spec section 7, DESIGN.md section 9): a new organisation with a
 * free-trial licence, its default establishment and its administrator; answers its key and a
 * single-use, 60-second code that signs the administrator in on the new subdomain.
 */
export function onboardOrganization(input: OrganizationCreateInput): Promise<HandoffDestination> {
  return api.post<HandoffDestination>('/organizations/onboard', input, { auth: false, organizationId: null });
}

export function useOnboardOrganization() {
  return useMutation({ mutationFn: onboardOrganization, meta: { silent: true } });
}
