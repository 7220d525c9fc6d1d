import type { AttendanceWhen } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AttendanceServicePage } from './types';

export interface AttendanceServicesParams {
  when: AttendanceWhen;
  from?: string;
  to?: string;
  establishmentId?: string;
  blueprintId?: string;
  page: number;
  pageSize: number;
}

/** `GET /attendance/services`: today's and upcoming sessions, or past ones, with their marked counts. */
export function getAttendanceServices(params: AttendanceServicesParams, signal?: AbortSignal) {
  return api.get<AttendanceServicePage>('/attendance/services', {
    query: {
      when: params.when,
      from: params.from || undefined,
      to: params.to || undefined,
      establishmentId: params.establishmentId || undefined,
      blueprintId: params.blueprintId || undefined,
      page: params.page,
      pageSize: params.pageSize,
    },
    signal,
  });
}

export const attendanceServicesQuery = (params: AttendanceServicesParams) =>
  queryOptions({
    queryKey: ['attendance', 'services', params],
    queryFn: ({ signal }) => getAttendanceServices(params, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useAttendanceServices(params: AttendanceServicesParams) {
  return useQuery(attendanceServicesQuery(params));
}
