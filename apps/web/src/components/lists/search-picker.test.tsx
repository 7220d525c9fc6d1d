import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { SearchPicker } from './search-picker';
import { useSearchText } from './use-debounced-value';

interface Account {
  id: string;
  name: string;
}

const ACCOUNTS: Account[] = [
  { id: 'u1', name: 'Claire Peeters' },
  { id: 'u2', name: 'Hugo Peeters' },
  { id: 'u3', name: 'Léa Peeters' },
];

type Results = { isPending: boolean; isError: boolean; error: unknown; refetch: () => void };
const done: Results = { isPending: false, isError: false, error: null, refetch: () => undefined };

function Picker({
  results = done,
  onPick = () => undefined,
  mode = 'pick',
}: {
  results?: Results;
  onPick?: (account: Account) => void;
  mode?: 'pick' | 'choose';
}) {
  const search = useSearchText(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const items = ACCOUNTS.filter((account) => account.name.toLowerCase().includes(search.q.toLowerCase()));
  return (
    <SearchPicker
      search={search}
      label="Rechercher un compte"
      results={results}
      items={search.q.length < 2 ? [] : items}
      getKey={(account) => account.id}
      minLength={2}
      idle={<p>Tapez au moins deux lettres</p>}
      loadingLabel="Recherche…"
      empty="Aucun compte"
      listLabel="Comptes trouvés"
      mode={mode}
      chosen={chosen}
      onPick={(account) => {
        setChosen(account.id);
        onPick(account);
      }}
      renderOption={(account) => account.name}
    />
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('SearchPicker', () => {
  it('says what to type, then what it found or that nothing matches', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    expect(screen.getByText('Tapez au moins deux lettres')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un compte' }), 'pe');
    expect(await screen.findByRole('list', { name: 'Comptes trouvés' })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Claire Peeters',
      'Hugo Peeters',
      'Léa Peeters',
    ]);
    await user.type(screen.getByRole('searchbox'), 'zz');
    expect(await screen.findByText('Aucun compte')).toBeInTheDocument();
  });

  it('shows the search in progress, and a failed search with a retry', async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    const { rerender } = render(<Picker results={{ ...done, isPending: true }} />);
    await user.type(screen.getByRole('searchbox'), 'peeters');
    expect(await screen.findByRole('status')).toHaveTextContent('Recherche…');
    rerender(<Picker results={{ ...done, isError: true, error: new Error('network'), refetch }} />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('goes from the box to the options with the arrow keys, and picks with Enter', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Picker onPick={onPick} />);
    const box = screen.getByRole('searchbox');
    await user.type(box, 'peeters');
    await screen.findByRole('list', { name: 'Comptes trouvés' });
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Claire Peeters' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Léa Peeters' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Claire Peeters' })).toHaveFocus();
    await user.keyboard('{End}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Hugo Peeters' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(ACCOUNTS[1]);
    await user.keyboard('{Escape}');
    expect(box).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(box).toHaveFocus();
  });

  it('as a radio group, checks the option chosen with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Picker mode="choose" />);
    await user.type(screen.getByRole('searchbox'), 'peeters');
    expect(await screen.findByRole('radiogroup', { name: 'Comptes trouvés' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    expect(screen.getByRole('radio', { name: 'Hugo Peeters' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Claire Peeters' })).toHaveAttribute('aria-checked', 'false');
  });
});
