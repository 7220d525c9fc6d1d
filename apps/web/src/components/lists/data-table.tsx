import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronRight } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '@/components/feedback/query-states';
import { type CursorSteps, Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';

export type SortOrder = 'asc' | 'desc';

/** Data attributes (`data-member-row`) that tests and styles find an element by. */
type DataAttributes = { [name: `data-${string}`]: string | undefined };
export type ElementProps<E extends HTMLElement = HTMLElement> = HTMLAttributes<E> & DataAttributes;

export interface Column<T, S extends string = string> {
  id: string;
  /** The column's title; read by screen readers only when `hiddenHeader` (an actions column). */
  header: ReactNode;
  hiddenHeader?: boolean;
  cell: (item: T) => ReactNode;
  /** Classes on the title and the cells: visibility (`hidden lg:table-cell`), alignment, width. */
  className?: string;
  cellClassName?: string;
  /**
   * The sort keys the title's buttons choose: one for a sortable column, several when the column shows
   * several fields (name and e-mail); `label` is each button's text, the header's when alone.
   */
  sortKeys?: readonly { key: S; label: string }[];
}

export interface Sorting<S extends string> {
  sort: S;
  order: SortOrder;
  /** A click on a title: the list decides the next order (the same key flips it). */
  onSort: (key: S) => void;
}

/**
 * Page numbers (from the API's `total` and the page size), or the previous / next steps of an opaque
 * cursor (a list that only knows « next »).
 */
export type Paging = {
  /** Accessible name of the pagination landmark. */
  label?: string;
} & (
  | {
      page: number;
      total: number;
      pageSize: number;
      onPageChange: (page: number) => void;
      /** What the bar says, given the page count ('Page 2 sur 5 · 87 activités'). */
      summary?: (pageCount: number) => ReactNode;
    }
  | { cursor: CursorSteps; summary?: ReactNode }
);

/** How many pages `total` items fill, one at least. */
export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

type ListQuery = Pick<
  UseQueryResult,
  'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch' | 'data'
> & {
  isPlaceholderData?: boolean;
};

export interface DataTableProps<T, S extends string = string> {
  items: readonly T[];
  getKey: (item: T) => string;
  columns: readonly Column<T, S>[];
  /** Phones: one card per item, instead of the table. */
  card: (item: T) => ReactNode;
  sorting?: Sorting<S>;
  /** The query behind the list: loading, error with a retry, the empty state; none for a list at hand. */
  query?: ListQuery;
  loadingLabel?: string;
  errorTitle?: ReactNode;
  /** What shows when the loaded list is empty. */
  empty?: ReactNode;
  paging?: Paging;
  /** `card`: the list fills a card (header tinted, wide insets); `plain`: inside a card's content. */
  variant?: 'card' | 'plain';
  /** The whole row opens the item: its main link covers the row (give it `after:absolute after:inset-0`). */
  rowLinks?: boolean;
  tableProps?: ElementProps<HTMLTableElement>;
  rowProps?: (item: T) => ElementProps<HTMLTableRowElement>;
  cardsProps?: ElementProps<HTMLUListElement>;
  cardProps?: (item: T) => ElementProps<HTMLLIElement>;
}

const ariaSort = (active: boolean, order: SortOrder) =>
  active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';

/** A column title's button: sorts by its key, or flips the order when the list is already sorted by it. */
function SortButton<S extends string>({
  sortKey,
  label,
  sorting,
}: {
  sortKey: S;
  label: string;
  sorting: Sorting<S>;
}) {
  const { t } = useTranslation('common');
  const active = sorting.sort === sortKey;
  const Icon = !active ? ArrowUpDown : sorting.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => sorting.onSort(sortKey)}
      className={cn(
        '-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 tracking-wide uppercase hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600',
        active && 'text-slate-800',
      )}
      title={t('list.sortBy', { column: label })}
      aria-pressed={active}
    >
      {label}
      <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

function HeaderCell<T, S extends string>({
  column,
  sorting,
  className,
}: {
  column: Column<T, S>;
  sorting: Sorting<S> | undefined;
  className: string;
}) {
  const keys = sorting ? (column.sortKeys ?? []) : [];
  const active = keys.some(({ key }) => key === sorting?.sort);
  return (
    <th
      scope="col"
      className={cn(className, column.className)}
      aria-sort={sorting && keys.length > 0 ? ariaSort(active, sorting.order) : undefined}
    >
      {column.hiddenHeader ? (
        <span className="sr-only">{column.header}</span>
      ) : sorting && keys.length > 0 ? (
        <span className="inline-flex items-center gap-2">
          {keys.map(({ key, label }, index) => (
            <span key={key} className="inline-flex items-center gap-2">
              {index > 0 ? <span aria-hidden="true">/</span> : null}
              <SortButton sortKey={key} label={label} sorting={sorting} />
            </span>
          ))}
        </span>
      ) : (
        column.header
      )}
    </th>
  );
}

/**
 * A list: a table on wide screens (sortable titles say their order to assistive technologies), cards on
 * phones, the query's loading / error / empty states, and the pagination bar (page numbers or a cursor).
 * A page beyond the last (items removed meanwhile) goes back to the last one.
 */
export function DataTable<T, S extends string = string>({
  items,
  getKey,
  columns,
  card,
  sorting,
  query,
  loadingLabel = '',
  errorTitle,
  empty,
  paging,
  variant = 'card',
  rowLinks = false,
  tableProps,
  rowProps,
  cardsProps,
  cardProps,
}: DataTableProps<T, S>) {
  const inCard = variant === 'card';
  const numbered =
    paging && 'page' in paging
      ? { ...paging, pageCount: pageCountOf(paging.total, paging.pageSize) }
      : undefined;
  const loaded = query ? Boolean(query.data) : true;

  const backToLastPage = useEffectEvent(() => {
    if (numbered && loaded && numbered.page > numbered.pageCount) {
      numbered.onPageChange(Math.max(1, numbered.pageCount));
    }
  });
  // When the page or the page count moves (the last row of the last page gone), not at every render.
  useEffect(() => backToLastPage(), [loaded, numbered?.page, numbered?.pageCount]);

  const edge = (index: number) =>
    cn(
      index === 0 ? (inCard ? 'pl-5' : 'pl-0') : undefined,
      index === columns.length - 1 ? (inCard ? 'pr-5' : 'pr-0') : undefined,
    );
  const { className: tableClass, ...tableRest } = tableProps ?? {};
  const { className: cardsClass, ...cardsRest } = cardsProps ?? {};

  const list = (
    <div className={cn('transition-opacity', query?.isPlaceholderData && 'opacity-60')}>
      {/* Wide screens: a table. */}
      <table className={cn('hidden w-full text-left text-sm md:table', tableClass)} {...tableRest}>
        <thead
          className={cn(
            'border-b border-slate-100 text-xs font-semibold tracking-wide text-slate-500 uppercase',
            inCard && 'bg-slate-50/70',
          )}
        >
          <tr>
            {columns.map((column, index) => (
              <HeaderCell
                key={column.id}
                column={column}
                sorting={sorting}
                className={cn('px-3 py-2 whitespace-nowrap', edge(index))}
              />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => {
            const { className: rowClass, ...rowRest } = rowProps?.(item) ?? {};
            return (
              <tr
                key={getKey(item)}
                className={cn(rowLinks && 'group relative hover:bg-slate-50', rowClass)}
                {...rowRest}
              >
                {columns.map((column, index) => (
                  <td
                    key={column.id}
                    className={cn(
                      inCard ? 'px-3 py-3' : 'px-3 py-2',
                      edge(index),
                      column.className,
                      column.cellClassName,
                    )}
                  >
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>

      {/* Phones: cards. */}
      <ul className={cn('divide-y divide-slate-100 md:hidden', cardsClass)} {...cardsRest}>
        {items.map((item) => (
          <li key={getKey(item)} {...cardProps?.(item)}>
            {card(item)}
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <>
      {query ? (
        <QueryStates
          query={query}
          loadingLabel={loadingLabel}
          errorTitle={errorTitle}
          isEmpty={items.length === 0}
          empty={empty}
          inCard={inCard}
        >
          {list}
        </QueryStates>
      ) : items.length === 0 ? (
        empty
      ) : (
        list
      )}
      {paging && items.length > 0 ? (
        <Pagination
          className="border-t border-slate-100 px-4 py-3 sm:px-5"
          label={paging.label}
          {...(numbered
            ? {
                page: numbered.page,
                pageCount: numbered.pageCount,
                onPageChange: numbered.onPageChange,
                summary: numbered.summary?.(numbered.pageCount),
              }
            : { cursor: (paging as { cursor: CursorSteps }).cursor, summary: paging.summary as ReactNode })}
        />
      ) : null}
    </>
  );
}

/** The last column of a list whose rows open their item: a chevron, titled for screen readers. */
export function openColumn<T>(label: string): Column<T, never> {
  return {
    id: 'open',
    header: label,
    hiddenHeader: true,
    className: 'w-10',
    cellClassName: 'text-slate-400 group-hover:text-brand-700',
    cell: () => <ChevronRight className="size-4" aria-hidden="true" />,
  };
}
