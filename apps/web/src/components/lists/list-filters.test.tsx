import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVOICE_STATUSES, type InvoiceStatus } from '@inscrio/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { EnumFilter, SortSelect } from './list-filters';

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('EnumFilter', () => {
  it('offers « all » then each value in the user’s language, and clears the filter on « all »', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(value: InvoiceStatus | undefined) => void>();
    render(
      <EnumFilter
        showLabel
        enumeration={INVOICE_STATUSES}
        value="paid"
        onChange={onChange}
        label="Statut"
        allLabel="Tous les statuts"
      />,
    );
    const select = screen.getByLabelText('Statut');
    expect(select).toHaveDisplayValue(INVOICE_STATUSES.label('paid', 'fr'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tous les statuts',
      ...INVOICE_STATUSES.values.map((v) => INVOICE_STATUSES.label(v, 'fr')),
    ]);
    await user.selectOptions(select, 'Tous les statuts');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await user.selectOptions(select, INVOICE_STATUSES.label('overdue', 'fr'));
    expect(onChange).toHaveBeenLastCalledWith('overdue');
  });
});

describe('SortSelect', () => {
  it('lists each sort in both orders and hands back the chosen pair', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SortSelect
        sorts={['name', 'createdAt'] as const}
        sort="name"
        order="asc"
        onChange={onChange}
        label="Trier"
        optionLabel={(sort, order) => `${sort} ${order === 'asc' ? '↑' : '↓'}`}
      />,
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'name ↑',
      'name ↓',
      'createdAt ↑',
      'createdAt ↓',
    ]);
    await user.selectOptions(screen.getByLabelText('Trier'), 'createdAt ↓');
    expect(onChange).toHaveBeenCalledWith('createdAt', 'desc');
  });
});
