import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { EmptyState } from './error-state';
import { QueryStates } from './query-states';

type Query = Parameters<typeof QueryStates>[0]['query'];

const query = (state: Partial<Query>): Query => ({
  isPending: false,
  isError: false,
  error: null,
  isFetching: false,
  refetch: vi.fn(),
  ...state,
});

function renderStates(state: Partial<Query>, isEmpty = false) {
  const q = query(state);
  render(
    <QueryStates
      query={q}
      loadingLabel="Chargement des activités…"
      isEmpty={isEmpty}
      empty={<EmptyState title="Aucune activité" />}
    >
      <ul aria-label="Activités">
        <li>Natation</li>
      </ul>
    </QueryStates>,
  );
  return q;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('QueryStates', () => {
  it('shows the loading label, and nothing else, while the list loads', () => {
    renderStates({ isPending: true, isFetching: true });
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des activités…');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that loads the list again', async () => {
    const q = renderStates({ isError: true, error: new Error('network') });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the empty state for an empty list', () => {
    renderStates({}, true);
    expect(screen.getByText('Aucune activité')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows the list, marked busy while a new page loads', () => {
    renderStates({ isFetching: true });
    const list = screen.getByRole('list', { name: 'Activités' });
    expect(list).toHaveTextContent('Natation');
    expect(list.parentElement).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Aucune activité')).not.toBeInTheDocument();
  });
});
