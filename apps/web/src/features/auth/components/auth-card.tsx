import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The card every sign-in, sign-up and password screen sits in. */
export function AuthCard({
  title,
  description,
  children,
  footer,
  wide = false,
  icon,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** The sign-up form needs two columns. */
  wide?: boolean;
  icon?: ReactNode;
}) {
  return (
    <div className={cn('w-full', wide ? 'max-w-3xl' : 'max-w-md')}>
      <div className="rounded-2xl border border-slate-200/80 bg-white shadow-xl shadow-slate-900/[0.04]">
        <div className="space-y-2 px-6 pt-7 sm:px-8 sm:pt-8">
          {icon ? (
            <span className="mb-3 grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
              {icon}
            </span>
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="text-[15px] text-slate-600">{description}</p> : null}
        </div>
        <div className="px-6 pt-6 pb-7 sm:px-8 sm:pb-8">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}
