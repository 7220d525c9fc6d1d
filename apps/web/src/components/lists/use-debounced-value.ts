import { useEffect, useEffectEvent, useState } from 'react';

/** Pauses typing for this long before searching. */
export const SEARCH_DELAY_MS = 300;

/** `value` once it has stopped changing for `delay` ms: a search runs when typing pauses, not at each key. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** What a search box holds (`text`, as typed) and what is searched (`q`: trimmed, once typing pauses). */
export interface SearchText {
  text: string;
  setText: (text: string) => void;
  q: string;
}

/** A search box's own text and the settled query it asks for (a picker's search, kept out of the address). */
export function useSearchText(delay = SEARCH_DELAY_MS): SearchText {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), delay);
  return { text, setText, q };
}

/**
 * A search box bound to a value kept elsewhere (the address): typing updates `value` through `onSettle`
 * once it pauses, and a change of `value` from outside (back button, « clear the filters ») shows in the
 * box. Returns the box's text and its setter.
 */
export function useSettledSearch(
  value: string,
  onSettle: (q: string) => void,
  delay = SEARCH_DELAY_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim(), delay);
  // Only a settled text drives the first; only the outside value the second (the callback changes with
  // the address, and the text at each key).
  const settle = useEffectEvent((q: string) => {
    if (q !== text.trim()) return;
    if (q !== value) onSettle(q);
  });
  useEffect(() => settle(settled), [settled]);

  const follow = useEffectEvent((outside: string) => {
    if (outside !== text.trim()) setText(outside);
  });
  useEffect(() => follow(value), [value]);

  return [text, setText];
}
