import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';

interface PageNumbers {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

/** A list read with an opaque « next » cursor: no page count, only whether there is a previous or next page. */
export interface CursorSteps {
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

export type PaginationProps = (PageNumbers | { cursor: CursorSteps }) & {
  /** What the bar says ('Page 2 sur 5 · 87 activités'). */
  summary?: ReactNode;
  /** Accessible names of the two buttons; « Page précédente » / « Page suivante » unless given. */
  previousLabel?: string;
  nextLabel?: string;
  /** Accessible name of the navigation landmark. */
  label?: string;
  className?: string;
};

const stepsOf = (props: PaginationProps): CursorSteps =>
  'cursor' in props
    ? props.cursor
    : {
        hasPrevious: props.page > 1,
        hasNext: props.page < props.pageCount,
        onPrevious: () => props.onPageChange(props.page - 1),
        onNext: () => props.onPageChange(props.page + 1),
      };

/**
 * Previous / next page of a list, with a summary; hidden when there is only one page and no summary.
 * Takes page numbers, or a cursor's previous / next steps.
 */
export function Pagination(props: PaginationProps) {
  const { summary, previousLabel, nextLabel, label, className } = props;
  const { t } = useTranslation('common');
  const steps = stepsOf(props);
  const several = steps.hasPrevious || steps.hasNext;
  if (!several && !summary) return null;
  const previous = previousLabel ?? t('pagination.previous');
  const next = nextLabel ?? t('pagination.next');
  return (
    <nav
      aria-label={label}
      className={cn('flex items-center justify-between gap-3 text-sm text-slate-600', className)}
    >
      <p className="min-w-0">{summary}</p>
      {several ? (
        <div className="flex shrink-0 gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={steps.onPrevious}
            disabled={!steps.hasPrevious}
            aria-label={previous}
          >
            <ChevronLeft aria-hidden="true" />
            <span className="hidden sm:inline">{previous}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={steps.onNext}
            disabled={!steps.hasNext}
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
