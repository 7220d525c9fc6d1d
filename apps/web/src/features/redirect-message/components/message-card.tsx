import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The card every `/redirect-message` shows: an icon in a tinted tile, a title, a text, actions. */
export function MessageCard({
  type,
  icon,
  tone,
  title,
  children,
  actions,
}: {
  type: string;
  icon: ReactNode;
  /** Classes of the icon's tile (background and colour). */
  tone: string;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="w-full max-w-md">
      <div
        className="rounded-2xl border border-slate-200/80 bg-white px-6 py-10 text-center shadow-xl shadow-slate-900/[0.04] sm:px-10"
        data-redirect-message={type}
      >
        <span className={cn('mx-auto grid size-14 place-items-center rounded-2xl', tone)}>{icon}</span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children ? <div className="mt-2 space-y-3 text-[15px] text-slate-600">{children}</div> : null}
        {actions ? <div className="mt-8 flex flex-col items-center gap-3">{actions}</div> : null}
      </div>
    </div>
  );
}
