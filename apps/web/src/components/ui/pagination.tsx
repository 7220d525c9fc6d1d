import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** What the bar says ('Page 2 sur 5 · 87 activités'). */
  summary?: ReactNode;
  /** Accessible names of the two buttons, in the screen's language. */
  previousLabel: string;
  nextLabel: string;
  /** Accessible name of the navigation landmark. */
  label?: string;
  className?: string;
}

/** Previous / next page of a list, with a summary; hidden when there is only one page and no summary. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  summary,
  previousLabel,
  nextLabel,
  label,
  className,
}: PaginationProps) {
  if (pageCount <= 1 && !summary) return null;
  return (
    <nav
      aria-label={label}
      className={cn('flex items-center justify-between gap-3 text-sm text-slate-600', className)}
    >
      <p className="min-w-0">{summary}</p>
      {pageCount > 1 ? (
        <div className="flex shrink-0 gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
            aria-label={previousLabel}
          >
            <ChevronLeft aria-hidden="true" />
            <span className="hidden sm:inline">{previousLabel}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= pageCount}
            aria-label={nextLabel}
          >
            <span className="hidden sm:inline">{nextLabel}</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
