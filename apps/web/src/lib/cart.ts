import type { Cart } from '@inscrio/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';
import { useAuth } from './auth-store';
import { isFamilyAccount } from './family-members';

/*
 * The family's cart (`GET /cart`), read by two features: the catalogue adds to it and opens it, the cart
 * drawer in the header shows it. One query, one cache entry (`CART_KEY`), and one open/closed state for
 * the drawer, so "Ajouter au panier" on an activity's page opens the drawer the header owns.
 */

export const CART_KEY = ['cart'] as const;

export function getCart(signal?: AbortSignal): Promise<Cart> {
  return api.get<Cart>('/cart', { signal });
}

export const cartQuery = () =>
  queryOptions({
    queryKey: CART_KEY,
    queryFn: ({ signal }) => getCart(signal),
    meta: { silent: true },
  });

/** The cart of a family account; other accounts have none (the route refuses them). */
export function useCartQuery() {
  const { user } = useAuth();
  return useQuery({ ...cartQuery(), enabled: isFamilyAccount(user) });
}

let drawerOpen = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Opens (or closes) the cart drawer, from anywhere. */
export function setCartDrawerOpen(open: boolean): void {
  if (drawerOpen === open) return;
  drawerOpen = open;
  emit();
}

export function openCartDrawer(): void {
  setCartDrawerOpen(true);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the cart drawer is open. */
export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => drawerOpen,
    () => false,
  );
}
