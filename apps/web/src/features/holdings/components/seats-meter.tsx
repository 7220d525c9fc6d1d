import { cn } from '@/lib/cn';

/** A bar of the seats taken; red once full. `rate` is the seats' filling rate, a whole percent (0–100). */
export function SeatsMeter({ rate, label, className }: { rate: number; label: string; className?: string }) {
  const percent = Math.round(Math.min(100, Math.max(0, rate)));
  return (
    <div
      className={cn('h-1.5 overflow-hidden rounded-full bg-slate-100', className)}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div
        className={cn('h-full rounded-full', percent >= 100 ? 'bg-red-500' : 'bg-brand-600')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
