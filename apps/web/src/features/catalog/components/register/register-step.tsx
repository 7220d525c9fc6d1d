import type { ReactNode } from 'react';

/** A numbered step of the register card. */
export function RegisterStep({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span className="grid size-6 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-800">
          {number}
        </span>
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/** A step's error, under its choices. */
export function StepError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="text-[13px] font-medium text-red-600" data-field-error="">
      {message}
    </p>
  ) : null;
}
