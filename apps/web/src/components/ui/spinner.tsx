import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
      <LoaderCircle className={cn('size-5 animate-spin text-brand-600', className)} aria-hidden="true" />
      {label ? <span>{label}</span> : null}
    </span>
  );
}
