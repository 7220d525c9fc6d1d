import type { OrganizationCreateInput } from '@inscrio/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PublicOrganization } from '@/lib/api-types';

/** What the onboarding answers: at least the new organisation (its key names its subdomain). */
export interface OnboardResult {
  organization: PublicOrganization;
}

/**
 * `POST /organizations/onboard` (spec section 7, DESIGN.md section 9): a new organisation with a
 * free-trial licence, its default establishment and its administrator.
 */
export function onboardOrganization(input: OrganizationCreateInput): Promise<OnboardResult> {
  return api.post<OnboardResult>('/organizations/onboard', input, { auth: false, organizationId: null });
}

export function useOnboardOrganization() {
  return useMutation({ mutationFn: onboardOrganization, meta: { silent: true } });
}
