import type { CreateCreditNoteInput, CreditNoteDetail } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /credit-notes`: on one invoice, whole lines and/or typed amounts, optionally refunded. */
export function createCreditNote(input: CreateCreditNoteInput): Promise<CreditNoteDetail> {
  return api.post<CreditNoteDetail>('/credit-notes', input);
}

/** The form shows the API's field messages itself. */
export function useCreateCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCreditNote,
    meta: { silent: true },
    onSuccess: () => {
      // The invoice's balance and status change, and a refund changes its order's payments.
      void queryClient.invalidateQueries({ queryKey: ['credit-notes'] });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
