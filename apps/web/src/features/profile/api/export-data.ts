import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /me/export`: everything the platform holds about the family, as a JSON document. */
export function exportData(): Promise<unknown> {
  return api.get<unknown>('/me/export');
}

/** Saves a JSON document as a file through the browser's download. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportData() {
  return useMutation({ mutationFn: exportData, meta: { silent: true } });
}
