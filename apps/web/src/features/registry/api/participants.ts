import type {
  DirectRegistrationInput,
  ParticipantDto,
  ParticipantPage,
  ParticipantStatus,
} from '@inscrio/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The filters of `GET /participants` (Inscriptions); empty ones are left out. */
export interface ParticipantFilters {
  periodId?: string;
  blueprintId?: string;
  serviceId?: string;
  /** One family's registrations (the member page). */
  familyId?: string;
  status?: ParticipantStatus;
  q?: string;
  page: number;
  pageSize: number;
}

const participantPath = (id: string) => `/participants/${encodeURIComponent(id)}`;

/** `GET /participants`: the organisation's registrations, filtered, a page at a time. */
export function getParticipants(filters: ParticipantFilters, signal?: AbortSignal) {
  return api.get<ParticipantPage>('/participants', {
    query: {
      periodId: filters.periodId || undefined,
      blueprintId: filters.blueprintId || undefined,
      serviceId: filters.serviceId || undefined,
      familyId: filters.familyId || undefined,
      status: filters.status,
      q: filters.q?.trim() || undefined,
      page: filters.page,
      pageSize: filters.pageSize,
    },
    signal,
  });
}

export const participantsQuery = (filters: ParticipantFilters) =>
  queryOptions({
    queryKey: ['participants', 'list', filters],
    queryFn: ({ signal }) => getParticipants(filters, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useParticipants(filters: ParticipantFilters) {
  return useQuery(participantsQuery(filters));
}

/** How many requests wait in « A traiter » (`GET /reviews`, one row asked for: the total is what counts). */
export function useReviewCount() {
  const query = { page: 1, pageSize: 1 };
  return useQuery({
    queryKey: ['reviews', 'count'],
    queryFn: ({ signal }) => api.get<ParticipantPage>('/reviews', { query, signal }),
    select: (page) => page.total,
    meta: { silent: true },
  });
}

/** `POST /participants`: registers members directly to sessions, confirmed at once. */
export function registerParticipants(input: DirectRegistrationInput) {
  return api.post<ParticipantDto[] | { items: ParticipantDto[] }>('/participants', input);
}

/** `POST /participants/{id}/move`: to another session of the same activity. */
export function moveParticipant({ id, serviceId }: { id: string; serviceId: string }) {
  return api.post<ParticipantDto>(`${participantPath(id)}/move`, { serviceId });
}

/** `POST /participants/{id}/cancel`, with an optional reason; `refund` sends back what was paid for it. */
export function cancelParticipant({ id, reason, refund }: { id: string; reason?: string; refund?: boolean }) {
  return api.post<ParticipantDto>(`${participantPath(id)}/cancel`, {
    ...(reason ? { reason } : {}),
    ...(refund ? { refund } : {}),
  });
}

/** Registrations change seats, sessions, periods and the review queue: all of them are refreshed. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    for (const key of ['participants', 'reviews', 'services', 'periods']) {
      void queryClient.invalidateQueries({ queryKey: [key] });
    }
  };
}

export function useRegisterParticipants() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: registerParticipants, meta: { silent: true }, onSuccess: refresh });
}

export function useMoveParticipant() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: moveParticipant, meta: { silent: true }, onSuccess: refresh });
}

export function useCancelParticipant() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: cancelParticipant, meta: { silent: true }, onSuccess: refresh });
}
