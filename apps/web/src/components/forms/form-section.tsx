import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A titled group of fields, two columns from small screens up. */
export function FormSection({
  title,
  description,
  className,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={cn('grid gap-x-5 gap-y-4 sm:grid-cols-2', className)}>
      <legend className="contents">
        <span className="block text-sm font-semibold text-slate-900 sm:col-span-2">{title}</span>
      </legend>
      {description ? <p className="-mt-2 text-sm text-slate-500 sm:col-span-2">{description}</p> : null}
      {children}
    </fieldset>
  );
}
