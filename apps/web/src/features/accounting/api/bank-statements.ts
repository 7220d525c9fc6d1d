import type { BankStatementResult, BankTransaction } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Page } from './types';

/*
 * Bank statements: an uploaded CAMT.053 or CODA file settles the invoices whose structured reference
 * it carries; the other transfers wait for a manager to match them to an invoice, or to ignore them.
 */

export const TRANSACTIONS_PAGE_SIZE = 20;

/** `POST /bank-statements` (multipart, field `file`). */
export function importBankStatement(file: File): Promise<BankStatementResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<BankStatementResult>('/bank-statements', form);
}

/** `GET /bank-transactions?status=unmatched`: the transfers left for manual matching. */
export const unmatchedTransactionsQuery = (page: number) =>
  queryOptions({
    queryKey: ['bank-transactions', 'list', { status: 'unmatched', page }],
    queryFn: ({ signal }) =>
      api.get<Page<BankTransaction>>('/bank-transactions', {
        query: { status: 'unmatched', page, pageSize: TRANSACTIONS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

export function useUnmatchedTransactions(page: number) {
  return useQuery(unmatchedTransactionsQuery(page));
}

const transactionPath = (id: string) => `/bank-transactions/${encodeURIComponent(id)}`;

/** A settled invoice changes the invoices' list and totals, and its order. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['bank-transactions'] });
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };
}

/** The panel shows an unreadable file's message itself. */
export function useImportBankStatement() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: importBankStatement, meta: { silent: true }, onSuccess: invalidate });
}

/** `POST /bank-transactions/{id}/match`; the dialog shows a refusal (amount mismatch) itself. */
export function useMatchTransaction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, invoiceId }: { id: string; invoiceId: string }) =>
      api.post<BankTransaction>(`${transactionPath(id)}/match`, { invoiceId }),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

/** `POST /bank-transactions/{id}/ignore`: not a payment of an invoice (a refund, a grant…). */
export function useIgnoreTransaction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<BankTransaction>(`${transactionPath(id)}/ignore`, {}),
    onSuccess: invalidate,
  });
}
