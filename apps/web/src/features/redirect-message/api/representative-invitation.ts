import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'revoked' | 'expired';

/** What the invited person sees before answering (`GET /representative-invitations/{token}`). */
export interface PublicInvitation {
  organizationName: string;
  inviterName: string;
  memberFirstNames: string[];
  email: string;
  status: InvitationStatus;
  expiresAt: string;
}

const path = (token: string, action = '') =>
  `/representative-invitations/${encodeURIComponent(token)}${action}`;

/** `GET /representative-invitations/{token}` (public). */
export function getInvitation(token: string, signal?: AbortSignal): Promise<PublicInvitation> {
  return api.get<PublicInvitation>(path(token), { auth: false, signal });
}

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['representative-invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    retry: false,
    meta: { silent: true },
  });

export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQuery(token ?? ''), enabled: !!token });
}

/** `POST …/accept` (signed in, family account): the account joins the inviting family. */
export function acceptInvitation(token: string): Promise<void> {
  return api.post<void>(path(token, '/accept'));
}

/** `POST …/decline` (public). */
export function declineInvitation(token: string): Promise<void> {
  return api.post<void>(path(token, '/decline'), undefined, { auth: false });
}

export function useAnswerInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') =>
      answer === 'accept' ? acceptInvitation(token) : declineInvitation(token),
    meta: { silent: true },
    onSuccess: () => {
      // The family changed (accepted) and the invitation is answered either way.
      void queryClient.invalidateQueries({ queryKey: ['me'] });
      void queryClient.invalidateQueries({ queryKey: invitationQuery(token).queryKey });
    },
  });
}
