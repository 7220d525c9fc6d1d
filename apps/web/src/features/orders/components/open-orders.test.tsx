import type { OrderSummary } from '@inscrio/shared';
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

function summary(overrides: Partial<OrderSummary>): OrderSummary {
  return {
    id: 'ord_1',
    status: 'pending',
    paymentProvider: 'offline',
    totalAmount: 5000,
    paidAmount: 0,
    creditedAmount: 0,
    amountDue: 5000,
    family: { id: 'fam_1', name: 'Famille Peeters' },
    linesCount: 2,
    liveLinesCount: 2,
    createdAt: '2026-11-22T09:30:00.000Z',
    paidAt: null,
    invoiceNumber: null,
    ...overrides,
  };
}

function renderOpenOrders() {
  const router = createMemoryRouter([{ path: '/', element: <OpenOrders /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  setAddressOrganization(DEMO);
  startSession(signInResult({ user: makeUser({ role: 'user' }), organization: DEMO }));
});

afterEach(() => {
  clearSession();
  setAddressOrganization(null);
});

describe("the dashboard's orders to pay", () => {
  it('asks what is due after a cancellation (total − credited − paid), and leaves out an order credits settled', async () => {
    const page = (items: OrderSummary[]) => json(200, { items, total: items.length, page: 1, pageSize: 20 });
    fakeApi({
      'GET /api/orders': (call) =>
        call.url.includes('status=pending')
          ? page([
              // One of two 25 € sessions cancelled (credit note), 10 € received: 15 € left.
              summary({
                id: 'ord_1',
                creditedAmount: 2500,
                paidAmount: 1000,
                amountDue: 1500,
                liveLinesCount: 1,
              }),
              // Both cancelled: nothing is due any more.
              summary({ id: 'ord_2', creditedAmount: 5000, amountDue: 0, liveLinesCount: 0 }),
            ])
          : page([]),
    });
    renderOpenOrders();

    expect(await screen.findByText('15,00 € à payer')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-open-order]')).toHaveLength(1);
    expect(document.querySelector('[data-open-order="ord_2"]')).toBeNull();
  });
});
