import type { MarkInvoicePaidInput } from '@inscrio/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** `POST /invoices/{id}/mark-paid`: an offline payment received, with its day and method. */
export function markInvoicePaid(id: string, input: MarkInvoicePaidInput): Promise<unknown> {
  return api.post(`${invoicePath(id)}/mark-paid`, input);
}

/** `POST /invoices/{id}/remind`: e-mails the buyer a reminder of what is due. */
export function remindInvoice(id: string): Promise<unknown> {
  return api.post(`${invoicePath(id)}/remind`, {});
}

/** After a change an invoice's status, totals and its order move: read them again. */
function useInvalidateInvoices() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };
}

/** The dialog shows its own failure. */
export function useMarkInvoicePaid() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: MarkInvoicePaidInput }) => markInvoicePaid(id, input),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

export function useRemindInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({ mutationFn: remindInvoice, onSuccess: invalidate });
}
