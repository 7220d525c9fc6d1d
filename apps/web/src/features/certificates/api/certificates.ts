import type {
  CertificateBatchDto,
  CertificateBatchList,
  CertificateBatchRequest,
  CertificateDto,
  FamilyCertificates,
  HealthMutualRequest,
  TaxIdentityInput,
  YearCertificateRequest,
} from '@inscrio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

const familyKey = ['certificates', 'family'] as const;
const batchesKey = ['certificates', 'batches'] as const;

/** `GET /certificates/family`: paid registrations and years, with the certificates already issued. */
export function useFamilyCertificates() {
  return useQuery({
    queryKey: familyKey,
    queryFn: ({ signal }) => api.get<FamilyCertificates>('/certificates/family', { signal }),
    meta: { silent: true },
  });
}

function useFamilyMutation<V, R>(send: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: familyKey }),
  });
}

export const useRequestHealthMutual = () =>
  useFamilyMutation((input: HealthMutualRequest) =>
    api.post<CertificateDto>('/certificates/health-mutual', input),
  );

export const useRequestYearCertificate = () =>
  useFamilyMutation((input: YearCertificateRequest) =>
    api.post<{ items: CertificateDto[] }>('/certificates/tax', input),
  );

/** The national register numbers; their errors are shown by the form, so not notified. */
export function useSaveTaxIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ...input }: TaxIdentityInput & { memberId: string }) =>
      api.put<void>(`/certificates/tax-identities/${encodeURIComponent(memberId)}`, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: familyKey }),
    meta: { silent: true },
  });
}

/** The certificate's own download path (`?duplicate=true` for a copy marked duplicate). */
export const certificateFilePath = (id: string) => `/certificates/${encodeURIComponent(id)}/file`;

/** `GET /certificates/batches`: the latest batches; polled while one is running (« 120 / 480 »). */
export function useCertificateBatches() {
  return useQuery({
    queryKey: batchesKey,
    queryFn: ({ signal }) => api.get<CertificateBatchList>('/certificates/batches', { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((b) => b.status === 'pending' || b.status === 'running') ? 1500 : false,
    meta: { silent: true },
  });
}

export function useStartBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CertificateBatchRequest) =>
      api.post<CertificateBatchDto>('/certificates/batches', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: batchesKey }),
  });
}

export const batchFilePath = (id: string) => `/certificates/batches/${encodeURIComponent(id)}/file`;
export const belcotaxPath = (year: number) => `/certificates/belcotax/${year}`;

interface PeriodSummary {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
}

/**
 * The periods a manager may run a health-mutual batch for (`GET /periods`): an establishment manager's
 * establishment's only, as the API allows.
 */
export function usePeriodChoices() {
  const { user } = useAuth();
  const establishmentId = user?.role === 'est-manager' ? user.establishment : undefined;
  const query = { page: 1, pageSize: 100, establishmentId };
  return useQuery({
    queryKey: ['certificates', 'periods', query],
    queryFn: ({ signal }) => api.get<{ items: PeriodSummary[] }>('/periods', { signal, query }),
    meta: { silent: true },
  });
}
