import type { InviteAttendeesInput, InviteAttendeesPreview, InviteAttendeesResult } from '@inscrio/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const invitePath = (periodId: string) => `/periods/${encodeURIComponent(periodId)}/invite-attendees`;

/**
 * `GET /periods/{id}/invite-attendees?targetPeriodId=`: the period's confirmed attendees, each with the
 * session of the target period it would be invited to (or none).
 */
export function useInvitePreview(periodId: string, targetPeriodId: string) {
  return useQuery({
    queryKey: ['periods', 'invite-attendees', periodId, targetPeriodId],
    queryFn: ({ signal }) =>
      api.get<InviteAttendeesPreview>(invitePath(periodId), { query: { targetPeriodId }, signal }),
    enabled: targetPeriodId !== '',
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** `POST /periods/{id}/invite-attendees`: invites the chosen attendees; answers who was invited and who not, and why. */
export function inviteAttendees({ periodId, input }: { periodId: string; input: InviteAttendeesInput }) {
  return api.post<InviteAttendeesResult>(invitePath(periodId), input);
}

export function useInviteAttendees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteAttendees,
    meta: { silent: true },
    onSuccess: () => {
      for (const key of ['periods', 'services', 'participants']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
