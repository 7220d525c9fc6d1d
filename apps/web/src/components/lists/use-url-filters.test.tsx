import { participantListQuerySchema } from '@inscrio/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ListSearch, ListToolbar } from './list-toolbar';
import { useUrlFilters } from './use-url-filters';

const schema = participantListQuerySchema('fr').pick({
  periodId: true,
  serviceId: true,
  status: true,
  q: true,
  page: true,
});

let current: ReturnType<typeof useUrlFilters<typeof schema.shape>>;

function List() {
  current = useUrlFilters(schema, {
    fields: { periodId: { param: 'period' } },
    forgets: { periodId: ['serviceId'] },
  });
  const { values, set } = current;
  return (
    <ListToolbar
      search={<ListSearch value={values.q ?? ''} onSearch={(q) => set({ q })} label="Rechercher un membre" />}
    >
      <p>{`statut:${values.status ?? '-'} page:${values.page}`}</p>
    </ListToolbar>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/list', element: <List /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('useUrlFilters', () => {
  it('reads the address through the list schema, a refused value counting as absent', () => {
    renderAt('/list?status=bogus&page=3&period=per_1&q=L%C3%A9a');
    expect(screen.getByText('statut:- page:3')).toBeInTheDocument();
    expect(current.values.periodId).toBe('per_1');
    expect(current.isSet('status')).toBe(false);
    expect(current.filtered).toBe(true);
    expect(screen.getByRole('searchbox', { name: 'Rechercher un membre' })).toHaveValue('Léa');
  });

  it('writes a change to the address, back to the first page, forgetting what depends on it', () => {
    const router = renderAt('/list?period=per_1&serviceId=svc_1&page=4');
    act(() => current.set({ status: 'confirmed' }));
    expect(router.state.location.search).toBe('?period=per_1&serviceId=svc_1&status=confirmed');
    act(() => current.set({ page: 2 }));
    expect(router.state.location.search).toBe('?period=per_1&serviceId=svc_1&status=confirmed&page=2');
    act(() => current.set({ periodId: 'per_2' }));
    expect(router.state.location.search).toBe('?period=per_2&status=confirmed');
    act(() => current.clear());
    expect(router.state.location.search).toBe('');
    expect(current.filtered).toBe(false);
  });

  it('puts the search in the address once typing pauses, and follows the address when it is cleared', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const router = renderAt('/list?status=confirmed&page=2');
      const box = screen.getByRole('searchbox', { name: 'Rechercher un membre' });
      await user.type(box, ' Peeters ');
      expect(router.state.location.search).toBe('?status=confirmed&page=2');
      await act(() => vi.advanceTimersByTimeAsync(350));
      expect(router.state.location.search).toBe('?status=confirmed&q=Peeters');
      act(() => current.clear());
      expect(box).toHaveValue('');
      await act(() => vi.advanceTimersByTimeAsync(350));
      expect(router.state.location.search).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
