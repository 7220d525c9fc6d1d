import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A grey placeholder block shown while content loads; hidden from assistive technologies. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-slate-200/80', className)}
      {...props}
    />
  );
}
