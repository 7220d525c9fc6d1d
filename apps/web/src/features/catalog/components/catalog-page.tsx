import { isAtLeastEstManager } from '@inscrio/shared';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { useCatalog } from '../api/get-catalog';
import { usePublicEstablishments } from '../api/get-establishments';
import { usePeriods } from '../api/get-periods';
import { countActiveFilters, useCatalogFilters } from '../hooks/use-catalog-filters';
import { useFamilyMembers } from '../hooks/use-family-members';
import { useTimeZone } from '@/lib/use-time-zone';
import { ActivityCard, ActivityCardSkeleton } from './activity-card';
import { CatalogFilters } from './catalog-filters';

const SKELETONS = Array.from({ length: 6 }, (_, index) => index);

/** `/catalog` ('Catalogue d'activités'): the activities the caller may browse, searchable and filtered. */
export function CatalogPage() {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { user } = useAuth();
  const { filters, setFilter, clear } = useCatalogFilters();
  const catalog = useCatalog(filters, locale);
  const establishments = usePublicEstablishments();
  const { members } = useFamilyMembers();
  // Managers also see drafts and private activities, marked as such.
  const manager = isAtLeastEstManager(user);
  const periods = usePeriods();

  const activeCount = countActiveFilters(filters);
  const pages = catalog.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;
  // Filters changed: the previous cards stay, dimmed, until the new ones arrive.
  const refreshing = catalog.isPlaceholderData && catalog.isFetching;

  let content;
  if (catalog.isPending) {
    content = (
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label={t('loading')}>
        {SKELETONS.map((index) => (
          <li key={index}>
            <ActivityCardSkeleton />
          </li>
        ))}
      </ul>
    );
  } else if (catalog.isError && items.length === 0) {
    content = <ErrorState title={t('error')} error={catalog.error} onRetry={() => void catalog.refetch()} />;
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon={<SearchX className="size-8" aria-hidden="true" />}
        title={t('empty.title')}
        text={t('empty.text')}
        action={
          activeCount > 0 || filters.q ? (
            <Button variant="secondary" onClick={clear}>
              {t('filters.clear')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <div className="space-y-6">
        <ul
          className={cn(
            'grid gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3',
            refreshing && 'opacity-60',
          )}
          aria-busy={refreshing || undefined}
          data-catalog-grid=""
        >
          {items.map((item) => (
            <li key={item.id} className="flex" data-activity={item.name}>
              <ActivityCard item={item} timeZone={timeZone} showVisibility={manager} />
            </li>
          ))}
        </ul>
        {catalog.isFetchNextPageError ? <Alert tone="error">{t('loadMoreError')}</Alert> : null}
        {catalog.hasNextPage ? (
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-slate-600">{t('results.shown', { shown: items.length, total })}</p>
            <Button
              variant="secondary"
              size="lg"
              loading={catalog.isFetchingNextPage}
              onClick={() => void catalog.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <PageContainer>
      <PageHeader title={t('title')} description={t('description')} />
      <CatalogFilters
        filters={filters}
        onChange={setFilter}
        onClear={clear}
        activeCount={activeCount}
        establishments={establishments.data?.items ?? []}
        members={members}
        periods={periods.data ?? []}
        timeZone={timeZone}
      />
      <p className="text-sm font-medium text-slate-700" aria-live="polite" data-result-count="">
        {catalog.isPending ? '\u00a0' : t('results.count', { count: total })}
      </p>
      {content}
    </PageContainer>
  );
}
