import { useSyncExternalStore } from 'react';
import type { PublicOrganization } from './api-types';

/*
 * The organisation named by the address (spec section 4: "the selected organisation is set from the
 * key in the address and cleared if not found"). Resolved by the root route before any screen shows.
 */

let organization: PublicOrganization | null = null;
const listeners = new Set<() => void>();

export function addressOrganization(): PublicOrganization | null {
  return organization;
}

export function setAddressOrganization(next: PublicOrganization | null): void {
  if (next === organization) return;
  organization = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The organisation of the address as React state (null before it is resolved or when unknown). */
export function useAddressOrganization(): PublicOrganization | null {
  return useSyncExternalStore(subscribe, addressOrganization, addressOrganization);
}
