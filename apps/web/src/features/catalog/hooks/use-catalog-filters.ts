import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { CatalogFilters } from '../api/get-catalog';

/*
 * The catalogue's filters live in the address (`/catalog?q=danse&dayOfWeek=3`): a link can be shared,
 * and coming back from an activity finds the same list.
 */

const ID = /^[A-Za-z0-9_-]{1,100}$/;

type FilterName = keyof CatalogFilters;
const NAMES: readonly FilterName[] = ['q', 'establishmentId', 'memberId', 'dayOfWeek', 'periodId'];

/** Reads the filters from a query string, dropping what the API would refuse. */
export function parseCatalogFilters(params: URLSearchParams): CatalogFilters {
  const filters: CatalogFilters = {};
  const q = params.get('q')?.trim().slice(0, 100);
  if (q) filters.q = q;
  for (const name of ['establishmentId', 'memberId', 'periodId'] as const) {
    const value = params.get(name);
    if (value && ID.test(value)) filters[name] = value;
  }
  const day = Number(params.get('dayOfWeek'));
  if (Number.isInteger(day) && day >= 1 && day <= 7) filters.dayOfWeek = day;
  return filters;
}

/** How many filters besides the search text are set. */
export function countActiveFilters(filters: CatalogFilters): number {
  return NAMES.filter((name) => name !== 'q' && filters[name] !== undefined).length;
}

export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseCatalogFilters(params), [params]);

  const setFilter = useCallback(
    (name: FilterName, value: string | number | null | undefined) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null || value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of NAMES) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  return { filters, setFilter, clear };
}
