import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** One person attending the holder's sessions in the current period. */
export interface HolderAttendee {
  memberId: string;
  displayName: string;
  ageMonths: number | null;
  sessions: number;
  pastSessions: number;
  absences: number;
  /** 0–100, null before the first session. */
  attendanceRate: number | null;
  familyPhone: string | null;
  familyEmail: string | null;
}

/** A session the holder holds in the current period (to print its list). */
export interface HeldSession {
  id: string;
  activityName: string;
  startDateTime: string;
  status: string;
  coming: number;
}

export interface HolderAttendees {
  /** The current period's days, 'yyyy-MM-dd'. */
  from: string;
  to: string;
  periods: { id: string; name: string }[];
  items: HolderAttendee[];
  sessions: HeldSession[];
}

/**
 * `GET /holdings/attendees`: the holder's attendees in the current period, searched by name; a manager
 * names the holder (`holderId`), a holder sees their own.
 */
export const holderAttendeesQuery = (q: string, holderId?: string) =>
  queryOptions({
    queryKey: ['holdings', 'attendees', q, holderId ?? null],
    queryFn: ({ signal }) =>
      api.get<HolderAttendees>('/holdings/attendees', {
        query: { q: q || undefined, holderId: holderId || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export const useHolderAttendees = (q: string, holderId?: string) =>
  useQuery(holderAttendeesQuery(q, holderId));

/** `GET /services/{id}/attendance-sheet.pdf`: a session's printable attendance sheet. */
export function downloadAttendanceSheet(serviceId: string): Promise<void> {
  return downloadFile({
    path: `/services/${encodeURIComponent(serviceId)}/attendance-sheet.pdf`,
    fallbackName: 'liste-de-presence.pdf',
  });
}

export const useAttendanceSheet = () => useMutation({ mutationFn: downloadAttendanceSheet });
