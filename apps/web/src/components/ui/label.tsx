import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- htmlFor comes from the caller
  return <label className={cn('block text-sm font-medium text-slate-800', className)} {...props} />;
}
