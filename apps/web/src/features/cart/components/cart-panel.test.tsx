import type { Cart, CartItem } from '@inscrio/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/auth-store';
import { i18n } from '@/lib/i18n';
import { setAddressOrganization } from '@/lib/organization-context';
import { createQueryClient } from '@/lib/query-client';
import { DEMO, fakeApi, json, makeUser, signInResult } from '@/test/fake-api';
import { CartPanel, leaveForPayment } from './cart-panel';

function item(overrides: Partial<CartItem> = {}, minutesLeft = 12): CartItem {
  return {
    participantId: 'reg_lea_1',
    member: { id: 'mbr_lea', firstName: 'Léa', lastName: 'Peeters' },
    service: {
      id: 'svc_1',
      blueprintId: 'bp_dance',
      blueprintName: 'Danse moderne',
      colorCode: '#DB2777',
      // 16:00 UTC is 17:00 in Brussels.
      startDateTime: '2026-11-24T16:00:00.000Z',
      duration: 60,
      status: 'confirmed',
    },
    unitPrice: 900,
    supplements: [{ supplementId: 'sup_1', name: 'Costume du spectacle', price: 2500, frequency: 'once' }],
    taxPercentage: 600,
    totalAmount: 3400,
    taxAmount: 192,
    holdExpiresAt: new Date(Date.now() + minutesLeft * 60_000).toISOString(),
    ...overrides,
  };
}

function cartOf(items: CartItem[], providers: Cart['paymentProviders'] = ['offline', 'mollie']): Cart {
  const holds = items.map((i) => i.holdExpiresAt).sort();
  return {
    items,
    totalAmount: items.reduce((sum, i) => sum + i.totalAmount, 0),
    taxAmount: items.reduce((sum, i) => sum + i.taxAmount, 0),
    holdExpiresAt: holds[0] ?? null,
    paymentProviders: providers,
  };
}

function renderCart() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <CartPanel /> },
      { path: '/orders/:id', element: <p>order page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  startSession(signInResult({ user: makeUser(), organization: DEMO }));
  setAddressOrganization(DEMO);
});

afterEach(() => {
  vi.useRealTimers();
  clearSession();
  setAddressOrganization(null);
});

describe('the cart', () => {
  it('lists the lines per participant with prices, supplements, VAT and totals, and the hold countdown', async () => {
    const tom = item({
      participantId: 'reg_tom_1',
      member: { id: 'mbr_tom', firstName: 'Tom', lastName: 'Peeters' },
      supplements: [],
      taxPercentage: 0,
      unitPrice: 1000,
      totalAmount: 1000,
      taxAmount: 0,
      service: { ...item().service, id: 'svc_2', blueprintName: 'Football 6-12 ans' },
    });
    fakeApi({ 'GET /api/cart': () => json(200, cartOf([item({}, 12), tom])) });
    renderCart();

    const lea = await screen.findByRole('region', { name: 'Léa Peeters' });
    expect(within(lea).getByText('Danse moderne')).toBeInTheDocument();
    expect(within(lea).getByText('Mardi 24 nov. 2026 à 17:00')).toBeInTheDocument();
    expect(within(lea).getByText('+ Costume du spectacle')).toBeInTheDocument();
    expect(within(lea).getByText('25,00 €')).toBeInTheDocument();
    expect(within(lea).getByText('dont TVA (6 %)')).toBeInTheDocument();
    expect(within(lea).getByText('34,00 €')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tom Peeters' })).toHaveTextContent('Football 6-12 ans');

    expect(document.querySelector('[data-cart-total]')).toHaveTextContent('44,00 €');
    expect(document.querySelector('[data-cart-tax]')).toHaveTextContent('1,92 €');
    expect(await screen.findByRole('timer')).toHaveTextContent(
      /Vos places sont réservées encore (11:5\d|12:00)/,
    );
    expect(screen.getByLabelText('Virement bancaire')).toBeChecked();
    expect(screen.getByLabelText('Mollie (Bancontact, carte…)')).not.toBeChecked();
  });

  it('counts down every second, and at zero reads the cart again and says the reservation expired', async () => {
    const api = fakeApi({ 'GET /api/cart': () => json(200, cartOf([item({}, 0.05)])) });
    renderCart();
    const countdown = await screen.findByText(/^00:0[0-3]$/);
    const first = countdown.textContent;
    await waitFor(() => expect(countdown.textContent).not.toBe(first), { timeout: 2500 });
    // The hold runs out: the server has dropped the line.
    api.fetchMock.mockImplementation(async () => json(200, cartOf([])));
    expect(await screen.findByText('Votre réservation a expiré', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Danse moderne')).toBeNull();
    expect(screen.getByText('Votre panier est vide')).toBeInTheDocument();
    expect(api.callsTo('GET /api/cart').length).toBeGreaterThanOrEqual(1);
  });

  it('removes a line and shows the cart as the server has it', async () => {
    let items = [item(), item({ participantId: 'reg_lea_2', service: { ...item().service, id: 'svc_3' } })];
    const api = fakeApi({
      'GET /api/cart': () => json(200, cartOf(items)),
      'DELETE /api/cart/items/reg_lea_1': () => {
        items = items.filter((i) => i.participantId !== 'reg_lea_1');
        return json(200, cartOf(items));
      },
    });
    renderCart();
    await screen.findAllByText('Danse moderne');
    expect(document.querySelector('[data-cart-total]')).toHaveTextContent('68,00 €');
    const [firstRemove] = screen.getAllByRole('button', {
      name: 'Retirer Danse moderne pour Léa Peeters du panier',
    });
    await userEvent.click(firstRemove!);
    await waitFor(() => expect(document.querySelectorAll('[data-cart-line]')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/cart/items/reg_lea_1')).toHaveLength(1);
    expect(document.querySelector('[data-cart-total]')).toHaveTextContent('34,00 €');
  });

  it('checks out offline and opens the order; online it sends the browser to the provider', async () => {
    const order = { id: 'ord_1' };
    const api = fakeApi({
      'GET /api/cart': () => json(200, cartOf([item()])),
      'POST /api/cart/checkout': (call) =>
        json(201, {
          order,
          redirectUrl:
            (call.body as { paymentProvider: string }).paymentProvider === 'mollie'
              ? 'https://mollie.test/checkout/tr_1'
              : null,
        }),
    });
    const router = renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Commander' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/ord_1'));
    expect(api.callsTo('POST /api/cart/checkout')[0]?.body).toEqual({ paymentProvider: 'offline' });

    const go = vi.spyOn(leaveForPayment, 'go').mockImplementation(() => undefined);
    await act(() => router.navigate('/'));
    await userEvent.click(await screen.findByLabelText('Mollie (Bancontact, carte…)'));
    await userEvent.click(screen.getByRole('button', { name: 'Commander' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://mollie.test/checkout/tr_1'));
    expect(api.callsTo('POST /api/cart/checkout')[1]?.body).toEqual({ paymentProvider: 'mollie' });
  });

  it('shows an empty cart with a way to the catalogue, and a failed load with a retry', async () => {
    let fail = true;
    fakeApi({
      'GET /api/cart': () =>
        fail
          ? json(500, { statusCode: 500, error: 'internal', message: 'Erreur interne du serveur.' })
          : json(200, cartOf([])),
    });
    renderCart();
    expect(
      await screen.findByText("Le panier n'a pas pu être chargé", {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Votre panier est vide')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir le catalogue' })).toHaveAttribute('href', '/catalog');
  });
});
