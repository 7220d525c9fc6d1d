import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/**
 * What a screen shows for the query behind a list, in one place: a spinner while it loads, the error
 * with a retry, the empty state, or the list. Announced politely to screen readers and marked busy while
 * a new page or filter loads. `inCard`: the states sit inside a card (below its filters), so they take
 * the card's inner padding.
 */
export function QueryStates({
  query,
  loadingLabel,
  isEmpty,
  empty,
  inCard = false,
  errorTitle,
  children,
}: {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch'>;
  loadingLabel: string;
  /** Whether the loaded list has nothing to show (read only once the query has data). */
  isEmpty: boolean;
  /** The `EmptyState` to show then. */
  empty: ReactNode;
  inCard?: boolean;
  /** The error's title, « Le chargement a échoué » unless given. */
  errorTitle?: ReactNode;
  children: ReactNode;
}) {
  const inset = cn(inCard && 'p-5');
  return (
    <div aria-live="polite" aria-busy={query.isFetching}>
      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={loadingLabel} />
        </div>
      ) : query.isError ? (
        <div className={inset}>
          <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : isEmpty ? (
        <div className={inset}>{empty}</div>
      ) : (
        children
      )}
    </div>
  );
}
