import { useState } from 'react';
import type { CursorSteps } from '@/components/ui/pagination';

/**
 * Pages of a list read with an opaque cursor (`?after=…` → `nextCursor`): `after` is what to ask for,
 * `steps(nextCursor)` the pagination's previous / next. The cursors already passed are kept to go back.
 * `reset()` when the filters change: a cursor belongs to the list it came from.
 */
export function useCursorPages() {
  const [trail, setTrail] = useState<string[]>([]);
  const after = trail.at(-1);
  const steps = (nextCursor: string | null | undefined): CursorSteps => ({
    hasPrevious: trail.length > 0,
    hasNext: Boolean(nextCursor),
    onPrevious: () => setTrail((current) => current.slice(0, -1)),
    onNext: () => {
      if (nextCursor) setTrail((current) => [...current, nextCursor]);
    },
  });
  return { after, pageIndex: trail.length, steps, reset: () => setTrail([]) };
}
