import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { memberQuery } from './get-member';

/** `POST /members/{userId}/holder` grants the holder flag, `DELETE` removes it (basic users only). */
export function setHolder(userId: string, isHolder: boolean): Promise<void> {
  const path = `/members/${encodeURIComponent(userId)}/holder`;
  return isHolder ? api.post<void>(path) : api.delete<void>(path);
}

export function useSetHolder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isHolder: boolean) => setHolder(userId, isHolder),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: memberQuery(userId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ['members', 'list'] });
    },
  });
}
