import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What `POST /assets` answers. */
export interface UploadedAsset {
  id: string;
  contentType: string;
  byteSize: number;
  /** `GET /api/assets/serve/{id}?orgId={orgId}`. */
  url: string;
}

/** `POST /assets` (multipart, field `file`): a PNG, JPEG or WebP image of at most 5 MB (activity images, logos). */
export function uploadAsset(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<UploadedAsset>('/assets', form);
}

export function useUploadAsset() {
  return useMutation({ mutationFn: uploadAsset, meta: { silent: true } });
}
