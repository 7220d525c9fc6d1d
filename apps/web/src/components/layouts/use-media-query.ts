import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept current as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Wide screens keep the menu in place; narrower ones open it as a drawer (spec section 9: 1400 px). */
export const WIDE_LAYOUT_QUERY = '(min-width: 1400px)';
