import { useMutation } from '@tanstack/react-query';
import { api, type ApiFile, type RequestOptions } from './api-client';

/*
 * Documents (PDF, CSV) are served to the signed-in user only, so a plain link would lack the bearer
 * token: they are fetched through the API client and handed to the browser as a file.
 */

/** Hands a file to the browser, as a link with `download` would. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after the click returns: release it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export interface Download {
  /** API path, e.g. `/invoices/{id}/pdf`. */
  path: string;
  /** Used when the answer names no file (`content-disposition`). */
  fallbackName: string;
  query?: RequestOptions['query'];
}

/** Fetches a document with the session's token and saves it under the server's file name. */
export async function downloadFile({ path, fallbackName, query }: Download): Promise<void> {
  const file = await api.get<ApiFile>(path, { query, responseType: 'file' });
  saveFile(file.blob, file.filename ?? fallbackName);
}

/** A download button's state; a failure is notified (spec section 8) by the query client. */
export function useDownload() {
  return useMutation({ mutationFn: downloadFile });
}
