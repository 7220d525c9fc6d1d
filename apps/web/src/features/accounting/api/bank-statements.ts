import type { BankStatementResult, BankTransaction } from '@inscrio/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import type { Page } from './types';

/*
 * Bank statements: an uploaded CAMT.053 or CODA file settles the invoices whose structured reference
 * it carries; the other transfers wait for a manager to match them to an invoice, or to ignore them.
 * A large statement is imported in the background: the upload answers with its progress, followed here.
 */

export const TRANSACTIONS_PAGE_SIZE = 20;
/** How often a running import's progress is read again. */
export const IMPORT_POLL_MS = 1000;

/** `POST /bank-statements` (multipart, field `file`): the result, or the progress of a large import. */
export function importBankStatement(file: File): Promise<BankStatementResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<BankStatementResult>('/bank-statements', form);
}

/** `GET /bank-statements/{id}`: a running import's progress, read again until it is done or failed. */
export const bankImportQuery = (importId: string) =>
  queryOptions({
    queryKey: ['bank-statements', 'detail', importId],
    queryFn: ({ signal }) =>
      api.get<BankStatementResult>(`/bank-statements/${encodeURIComponent(importId)}`, { signal }),
    meta: { silent: true },
  });

/** Follows an import from the upload's answer on; once it ends, what it settled is read again. */
export function useBankImport(started: BankStatementResult) {
  const invalidate = useInvalidate();
  const query = useQuery({
    ...bankImportQuery(started.importId),
    initialData: started,
    // Not after a failed read: the screen then offers to try again.
    refetchInterval: (q) =>
      q.state.status !== 'error' && q.state.data?.status === 'running' ? IMPORT_POLL_MS : false,
  });
  const finished = started.status === 'running' && query.data.status !== 'running';
  // Once, when the import ends: the invoices it settled and the transfers it left are read again.
  useEffect(() => {
    if (finished) invalidate();
  }, [finished, invalidate]);
  return query;
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
