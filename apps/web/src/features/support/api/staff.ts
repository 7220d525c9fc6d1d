import type { InviteStaffInput, StaffKind } from '@inscrio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface StaffMember {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  kind: StaffKind;
  invited: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

const staffKey = ['platform', 'staff'] as const;

/** `GET /platform/staff`: the system administrators and support staff. */
export const usePlatformStaff = () =>
  useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => api.get<{ items: StaffMember[] }>('/platform/staff', { signal }),
    meta: { silent: true },
  });

/** `POST /platform/staff`: an account bound to the address, and its invitation e-mail. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteStaffInput) => api.post<StaffMember>('/platform/staff', input),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}

/** `DELETE /platform/staff/{userId}` (never the last system administrator). */
export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`/platform/staff/${encodeURIComponent(userId)}`),
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
