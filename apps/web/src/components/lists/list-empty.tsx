import type { ReactNode } from 'react';
import { EmptyState } from '@/components/feedback/error-state';
import { Button } from '@/components/ui/button';

/**
 * A list's empty state: with filters set, « nothing matches » and the button that clears them;
 * without, « nothing yet » and what to do first (create the first item).
 */
export function ListEmpty({
  icon,
  filtered,
  empty,
  noMatch,
}: {
  icon: ReactNode;
  filtered: boolean;
  empty: { title: ReactNode; text?: ReactNode; action?: ReactNode };
  noMatch: { title: ReactNode; text?: ReactNode; clearLabel?: string; onClear?: () => void };
}) {
  if (!filtered) return <EmptyState icon={icon} {...empty} />;
  const { clearLabel, onClear, ...texts } = noMatch;
  return (
    <EmptyState
      icon={icon}
      {...texts}
      action={
        clearLabel && onClear ? (
          <Button variant="secondary" size="sm" onClick={onClear}>
            {clearLabel}
          </Button>
        ) : undefined
      }
    />
  );
}
