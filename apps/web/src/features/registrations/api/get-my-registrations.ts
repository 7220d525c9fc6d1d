import type { ParticipantPage } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { isFamilyAccount } from '@/lib/family-members';

export const MY_REGISTRATIONS_KEY = ['me', 'registrations'] as const;

/** `GET /me/registrations`: the family's registrations to come (invitations and requests included). */
export function getMyRegistrations(signal?: AbortSignal): Promise<ParticipantPage> {
  return api.get<ParticipantPage>('/me/registrations', { query: { pageSize: 100 }, signal });
}

export const myRegistrationsQuery = () =>
  queryOptions({
    queryKey: MY_REGISTRATIONS_KEY,
    queryFn: ({ signal }) => getMyRegistrations(signal),
    meta: { silent: true },
  });

export function useMyRegistrations() {
  const { user } = useAuth();
  return useQuery({ ...myRegistrationsQuery(), enabled: isFamilyAccount(user) });
}
