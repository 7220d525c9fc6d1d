import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, type Locale } from '@inscrio/shared';

interface RequestStore {
  locale: Locale;
}

const storage = new AsyncLocalStorage<RequestStore>();

/**
 * Binds a per-request store to the rest of the request's work, so that code with no access to the
 * request (schema validation) still answers in the caller's language.
 */
export function enterRequestContext(store: RequestStore): void {
  storage.enterWith(store);
}

export const currentLocale = (): Locale => storage.getStore()?.locale ?? DEFAULT_LOCALE;

export function setCurrentLocale(locale: Locale): void {
  const store = storage.getStore();
  if (store) store.locale = locale;
}
