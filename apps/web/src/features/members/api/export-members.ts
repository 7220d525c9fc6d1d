import { useMutation } from '@tanstack/react-query';
import { api, type ApiFile } from '@/lib/api-client';
import { filterQuery, type MemberFilters } from './get-members';

/** `GET /members/export.csv`: the list with the same filters, as a CSV file (at most 10,000 rows). */
export function exportMembers(filters: MemberFilters): Promise<ApiFile> {
  return api.get<ApiFile>('/members/export.csv', { query: filterQuery(filters), responseType: 'file' });
}

export function useExportMembers() {
  return useMutation({ mutationFn: exportMembers });
}
