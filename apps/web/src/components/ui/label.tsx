import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A field's label, tied to its control by `htmlFor` (the control's id). */
export function Label({ className, htmlFor, ...props }: ComponentProps<'label'>) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn('block text-sm font-medium text-slate-800', className)}
      {...props}
    />
  );
}
