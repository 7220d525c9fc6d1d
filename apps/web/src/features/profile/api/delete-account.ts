import type { DeleteAccountInput } from '@inscrio/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `DELETE /me/account {password, confirmation}`: anonymises the account (and the family's members when
 * no other adult manages it); invoices and credit notes are kept. Every session of the account ends.
 */
export function deleteAccount(input: DeleteAccountInput): Promise<void> {
  return api.delete<void>('/me/account', { body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { silent: true } });
}
