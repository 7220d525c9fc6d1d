import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from '@/components/feedback/error-state';
import { i18n } from '@/lib/i18n';
import { type Column, DataTable, type SortOrder } from './data-table';
import { useCursorPages } from './use-cursor-pages';

interface Row {
  id: string;
  name: string;
  seats: number;
}

const ROWS: Row[] = [
  { id: 'a', name: 'Natation', seats: 12 },
  { id: 'b', name: 'Danse', seats: 4 },
  { id: 'c', name: 'Judo', seats: 8 },
];

type Sort = 'name' | 'seats';

const columns: Column<Row, Sort>[] = [
  { id: 'name', header: 'Activité', sortKeys: [{ key: 'name', label: 'Activité' }], cell: (row) => row.name },
  {
    id: 'seats',
    header: 'Places',
    sortKeys: [{ key: 'seats', label: 'Places' }],
    className: 'text-right',
    cell: (row) => row.seats,
  },
  { id: 'actions', header: 'Actions', hiddenHeader: true, cell: (row) => <button>Ouvrir {row.name}</button> },
];

type Query = NonNullable<Parameters<typeof DataTable>[0]['query']>;
const query = (state: Partial<Query>): Query => ({
  isPending: false,
  isError: false,
  error: null,
  isFetching: false,
  refetch: vi.fn(),
  data: {},
  ...state,
});

/** A list sorted in memory the way a page sorts through the API: a click sorts, a second flips. */
function SortedList() {
  const [sort, setSort] = useState<Sort>('name');
  const [order, setOrder] = useState<SortOrder>('asc');
  const sorted = [...ROWS].sort((a, b) => {
    const diff = sort === 'name' ? a.name.localeCompare(b.name) : a.seats - b.seats;
    return order === 'asc' ? diff : -diff;
  });
  return (
    <DataTable
      items={sorted}
      getKey={(row) => row.id}
      columns={columns}
      card={(row) => <span>{row.name}</span>}
      sorting={{
        sort,
        order,
        onSort: (key) => {
          setOrder(key === sort ? (order === 'asc' ? 'desc' : 'asc') : 'asc');
          setSort(key);
        },
      }}
    />
  );
}

const bodyNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('DataTable', () => {
  it('sorts by a column title, flips on a second click, and says the order to assistive technologies', async () => {
    const user = userEvent.setup();
    render(<SortedList />);
    const [name, seats] = screen.getAllByRole('columnheader');
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(seats).toHaveAttribute('aria-sort', 'none');
    expect(bodyNames()).toEqual(['Danse', 'Judo', 'Natation']);

    await user.click(screen.getByRole('button', { name: 'Places' }));
    expect(seats).toHaveAttribute('aria-sort', 'ascending');
    expect(name).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('button', { name: 'Places' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Places' })).toHaveAttribute('title', 'Trier par « Places »');
    expect(bodyNames()).toEqual(['Danse', 'Judo', 'Natation']);

    await user.click(screen.getByRole('button', { name: 'Places' }));
    expect(seats).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual(['Natation', 'Judo', 'Danse']);
    // A column without sort keys has no sort state; a hidden title is still read.
    expect(screen.getAllByRole('columnheader')[2]).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });

  it('shows a card per item for phones, the table for wide screens', () => {
    render(
      <DataTable
        items={ROWS}
        getKey={(row) => row.id}
        columns={columns}
        card={(row) => <strong>{row.name}</strong>}
        tableProps={{ 'data-kit-table': '' }}
        cardsProps={{ 'data-kit-cards': '' }}
        cardProps={(row) => ({ 'data-kit-card': row.id })}
      />,
    );
    const table = document.querySelector('[data-kit-table]')!;
    const cards = document.querySelector('[data-kit-cards]')!;
    // Which one shows is the breakpoint's: the table from `md` up, the cards below it.
    expect(table).toHaveClass('hidden', 'md:table');
    expect(cards).toHaveClass('md:hidden');
    expect(
      within(cards as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Natation', 'Danse', 'Judo']);
    expect(document.querySelector('[data-kit-card="b"]')).toHaveTextContent('Danse');
  });

  it('shows the loading label, the error with a retry, or the empty state instead of the list', async () => {
    const user = userEvent.setup();
    const props = {
      getKey: (row: Row) => row.id,
      columns,
      card: (row: Row) => row.name,
      loadingLabel: 'Chargement des activités…',
      errorTitle: 'Les activités ne se chargent pas',
      empty: <EmptyState title="Aucune activité" />,
    };
    const { rerender } = render(
      <DataTable {...props} items={[]} query={query({ isPending: true, data: undefined })} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des activités…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const failed = query({ isError: true, error: new Error('network'), data: undefined });
    rerender(<DataTable {...props} items={[]} query={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Les activités ne se chargent pas');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);

    rerender(<DataTable {...props} items={[]} query={query({})} />);
    expect(screen.getByText('Aucune activité')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    rerender(<DataTable {...props} items={ROWS} query={query({})} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByText('Aucune activité')).not.toBeInTheDocument();
  });

  it('pages with numbers, and goes back to the last page when the asked one is past it', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const paging = (page: number, pageCount: number) => ({
      page,
      total: pageCount * 20 - 5,
      pageSize: 20,
      onPageChange,
      summary: (pages: number) => `Page ${page} sur ${pages}`,
      label: 'Pages des activités',
    });
    const props = { items: ROWS, getKey: (row: Row) => row.id, columns, card: (row: Row) => row.name };
    const { rerender } = render(<DataTable {...props} query={query({})} paging={paging(1, 3)} />);
    const nav = screen.getByRole('navigation', { name: 'Pages des activités' });
    expect(nav).toHaveTextContent('Page 1 sur 3');
    expect(within(nav).getByRole('button', { name: 'Page précédente' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Page suivante' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);

    rerender(<DataTable {...props} query={query({})} paging={paging(3, 3)} />);
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);

    onPageChange.mockClear();
    rerender(<DataTable {...props} query={query({})} paging={paging(5, 2)} />);
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('pages with an opaque « next » cursor, keeping the cursors passed to go back', async () => {
    const user = userEvent.setup();
    const asked: (string | undefined)[] = [];
    /** A list of three pages served by cursor: '' → 'c1' → 'c2' → end. */
    function CursorList() {
      const pages = useCursorPages();
      asked.push(pages.after);
      const next = { undefined: 'c1', c1: 'c2', c2: null }[String(pages.after) as 'undefined' | 'c1' | 'c2'];
      return (
        <DataTable
          items={ROWS}
          getKey={(row) => row.id}
          columns={columns}
          card={(row) => row.name}
          paging={{ cursor: pages.steps(next), summary: `Page ${pages.pageIndex + 1}` }}
        />
      );
    }
    render(<CursorList />);
    const previous = () => screen.getByRole('button', { name: 'Page précédente' });
    const nextButton = () => screen.getByRole('button', { name: 'Page suivante' });
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(previous()).toBeDisabled();
    await user.click(nextButton());
    await user.click(nextButton());
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    expect(asked.at(-1)).toBe('c2');
    await user.click(previous());
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('c1');
  });
});
