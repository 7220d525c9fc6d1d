import type { MutualImage, MutualProfile, MutualProfileInput } from '@inscrio/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, type ApiFile } from '@/lib/api-client';
import { organizationWarningsKey } from './organization-warnings';

const profilePath = (id: string) => `/organizations/${encodeURIComponent(id)}/mutual-profile`;
export const mutualProfileKey = (id: string) => ['organizations', 'mutual-profile', id];

/** `GET /organizations/{id}/mutual-profile`: the seal, the signature and the texts printed on certificates. */
export function useMutualProfile(organizationId: string) {
  return useQuery({
    queryKey: mutualProfileKey(organizationId),
    queryFn: ({ signal }) => api.get<MutualProfile>(profilePath(organizationId), { signal }),
    meta: { silent: true },
  });
}

/** Every change answers the whole profile: kept, and the « Informations à compléter » notice read again. */
function useProfileMutation<V>(
  organizationId: string,
  send: (value: V) => Promise<MutualProfile | undefined>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => {
      // A DELETE's body is not read (spec section 7): the profile is read again instead.
      if (saved) queryClient.setQueryData(mutualProfileKey(organizationId), saved);
      else void queryClient.invalidateQueries({ queryKey: mutualProfileKey(organizationId) });
      void queryClient.invalidateQueries({ queryKey: organizationWarningsKey(organizationId) });
    },
    meta: { silent: true },
  });
}

export function useSaveMutualProfile(organizationId: string) {
  return useProfileMutation(organizationId, (input: MutualProfileInput) =>
    api.patch<MutualProfile>(profilePath(organizationId), input),
  );
}

/** `PUT /organizations/{id}/mutual-profile/{seal|signature}` (multipart, field `file`). */
export function useUploadMutualImage(organizationId: string) {
  return useProfileMutation(organizationId, ({ image, file }: { image: MutualImage; file: File }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.put<MutualProfile>(`${profilePath(organizationId)}/${image}`, form);
  });
}

export function useRemoveMutualImage(organizationId: string) {
  return useProfileMutation(organizationId, (image: MutualImage) =>
    api.delete<MutualProfile | undefined>(`${profilePath(organizationId)}/${image}`),
  );
}

/**
 * The seal or the signature as an address an <img> can show. They are private (never served publicly, so
 * nobody can lift them to forge a certificate): fetched with the session's token, shown from memory.
 */
export function useMutualImageSource(organizationId: string, image: MutualImage, assetId: string | null) {
  const query = useQuery({
    queryKey: [...mutualProfileKey(organizationId), image, assetId],
    enabled: assetId !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) =>
      (
        await api.get<ApiFile>(`${profilePath(organizationId)}/${image}`, {
          signal,
          query: { v: assetId },
          responseType: 'file',
        })
      ).blob,
    meta: { silent: true },
  });
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const url = URL.createObjectURL(query.data);
    setSource(url);
    return () => {
      URL.revokeObjectURL(url);
      setSource(null);
    };
  }, [query.data]);
  return { source, failed: query.isError };
}
