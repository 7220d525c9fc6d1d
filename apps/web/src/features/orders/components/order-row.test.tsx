import type { OrderPage, OrderSummary } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { OpenOrders } from './open-orders';
import { OrderRow } from './order-row';

const summary = (overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  id: 'ord_01jf3k8q2w7x',
  status: 'pending',
  paymentProvider: 'offline',
  totalAmount: 5000,
  paidAmount: 0,
  creditedAmount: 0,
  amountDue: 5000,
  family: { id: 'fam_1', name: 'Famille Peeters' },
  linesCount: 2,
  liveLinesCount: 2,
  // 00:30 on the 27th in Brussels.
  createdAt: '2026-11-26T23:30:00.000Z',
  paidAt: null,
  invoiceNumber: '2026-000123',
  ...overrides,
});

function renderWithin(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  startSession(signInResult({ user: makeUser(), organization: DEMO }));
  setAddressOrganization(DEMO);
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe('how a family sees its orders', () => {
  it('names each order of the list by its date and invoice number, never by its id', async () => {
    renderWithin(
      <ul>
        <OrderRow order={summary()} showFamily={false} />
        <OrderRow order={summary({ id: 'ord_2', invoiceNumber: null })} showFamily={false} />
      </ul>,
    );
    const [first, second] = await screen.findAllByRole('link');
    expect(first).toHaveTextContent('Commande du 27/11/2026');
    expect(first).toHaveTextContent('Facture 2026-000123 · 2 inscriptions');
    expect(second).toHaveTextContent('Commande du 27/11/2026');
    expect(second).not.toHaveTextContent('Facture');
    expect(document.body).not.toHaveTextContent(/ord_/);
  });

  it('names the orders to pay on the dashboard the same way', async () => {
    const page: OrderPage = { items: [summary()], total: 1, page: 1, pageSize: 20 };
    const empty: OrderPage = { items: [], total: 0, page: 1, pageSize: 20 };
    fakeApi({
      'GET /api/orders': (call) => json(200, call.url.includes('status=pending') ? page : empty),
    });
    renderWithin(<OpenOrders />);
    expect(await screen.findByText('Commande du 27/11/2026 · Facture 2026-000123')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/ord_/);
  });
});
