import { type KeyAvailability, ORGANIZATION_KEY_PATTERN } from '@inscrio/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/** Wait after the last keystroke before asking whether the key is free. */
export const KEY_CHECK_DEBOUNCE_MS = 350;

/** `GET /organizations/key-availability?key=` (public). */
export function getKeyAvailability(key: string, signal?: AbortSignal): Promise<KeyAvailability> {
  return api.get<KeyAvailability>('/organizations/key-availability', {
    query: { key },
    signal,
    auth: false,
    organizationId: null,
  });
}

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Whether `key` is free, asked once typing pauses and only for a well-formed key. */
export function useKeyAvailability(key: string) {
  const debounced = useDebounced(key, KEY_CHECK_DEBOUNCE_MS);
  const wellFormed = ORGANIZATION_KEY_PATTERN.test(debounced);
  const query = useQuery({
    queryKey: ['organizations', 'key-availability', debounced],
    queryFn: ({ signal }) => getKeyAvailability(debounced, signal),
    enabled: wellFormed,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const settled = debounced === key && wellFormed;
  return { ...query, settled, data: settled ? query.data : undefined };
}
