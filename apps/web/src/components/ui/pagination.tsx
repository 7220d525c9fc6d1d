import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** What the bar says ('Page 2 sur 5 · 87 activités'). */
  summary?: ReactNode;
  /** Accessible names of the two buttons; « Page précédente » / « Page suivante » unless given. */
  previousLabel?: string;
  nextLabel?: string;
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
  const { t } = useTranslation('common');
  if (pageCount <= 1 && !summary) return null;
  const previous = previousLabel ?? t('pagination.previous');
  const next = nextLabel ?? t('pagination.next');
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
            aria-label={previous}
          >
            <ChevronLeft aria-hidden="true" />
            <span className="hidden sm:inline">{previous}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= pageCount}
            aria-label={next}
          >
            <span className="hidden sm:inline">{next}</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
