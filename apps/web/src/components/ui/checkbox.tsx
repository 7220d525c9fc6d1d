import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/** A native checkbox with the platform's look. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}

/** A checkbox with its label (and an optional hint under it), the whole line clickable. */
export function CheckboxField({
  label,
  hint,
  className,
  id,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; hint?: ReactNode }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <label htmlFor={fieldId} className={cn('flex cursor-pointer items-start gap-2.5 text-sm', className)}>
      <Checkbox id={fieldId} className="mt-0.5" {...props} />
      <span className="min-w-0">
        <span className="font-medium text-slate-800">{label}</span>
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}
