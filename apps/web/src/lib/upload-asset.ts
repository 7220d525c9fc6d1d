import type { AssetPurpose } from '@inscrio/shared';
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

/**
 * `POST /assets` (multipart, field `file`): a PNG, JPEG or WebP image of at most 5 MB (activity images,
 * logos), stored resized for `purpose` (the size the pages show it at).
 */
export function uploadAsset(file: File, purpose?: AssetPurpose) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<UploadedAsset>(purpose ? `/assets?purpose=${purpose}` : '/assets', form);
}

export function useUploadAsset(purpose?: AssetPurpose) {
  return useMutation({ mutationFn: (file: File) => uploadAsset(file, purpose), meta: { silent: true } });
}
