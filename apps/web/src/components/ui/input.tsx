import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-[15px] text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 hover:border-slate-400 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/20 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClasses, 'h-10', className)} {...props} />;
}
