import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { notifyError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
    mutationMeta: MutationMeta;
  }
}

interface QueryMeta extends Record<string, unknown> {
  /** The screen shows this query's failure itself: no notification. */
  silent?: boolean;
}

interface MutationMeta extends Record<string, unknown> {
  /** The form reports this mutation's failure itself (field errors, inline message). */
  silent?: boolean;
}

/** Server state lives only here (CONVENTIONS.md rule 8). Failures are notified unless the caller opts out. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; network hiccups and 5xx may.
        retry: (failureCount, error) =>
          // Transport, not a screen's branching: no answer of the 4xx class (any code, or a proxy's
          // bare 404) changes by asking again; a network or server failure may.
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
