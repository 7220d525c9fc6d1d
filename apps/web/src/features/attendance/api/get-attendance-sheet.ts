import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AttendanceSheet } from './types';

/** `GET /attendance/services/{id}`: the session, who comes and how each is marked. */
export function getAttendanceSheet(id: string, signal?: AbortSignal): Promise<AttendanceSheet> {
  return api.get<AttendanceSheet>(`/attendance/services/${encodeURIComponent(id)}`, { signal });
}

export const attendanceSheetKey = (id: string) => ['attendance', 'sheet', id] as const;

export const attendanceSheetQuery = (id: string) =>
  queryOptions({
    queryKey: attendanceSheetKey(id),
    queryFn: ({ signal }) => getAttendanceSheet(id, signal),
    meta: { silent: true },
  });

export function useAttendanceSheet(id: string) {
  return useQuery(attendanceSheetQuery(id));
}
