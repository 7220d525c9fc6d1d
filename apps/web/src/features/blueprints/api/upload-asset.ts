import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UploadedAsset } from './types';

/** `POST /assets` (multipart, field `file`): a PNG, JPEG or WebP image of at most 5 MB. */
export function uploadAsset(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<UploadedAsset>('/assets', form);
}

export function useUploadAsset() {
  return useMutation({ mutationFn: uploadAsset, meta: { silent: true } });
}
