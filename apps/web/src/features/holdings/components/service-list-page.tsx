import { TZDate } from '@date-fns/tz';
import { CalendarDays, CalendarX2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPattern } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useServices } from '../api/get-services';
import { useTimeZone } from '@/lib/use-time-zone';
import { ServicesByDay } from './services-by-day';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight of 'yyyy-MM-dd' in the time zone, as a UTC instant for the API. */
function dayStart(value: string, timeZone: string): string {
  const [, year, month, day] = DAY.exec(value)!.map(Number) as [number, number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime()).toISOString();
}

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      <Skeleton className="h-4 w-48" />
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-16 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/**
 * Sessions from a chosen day on (today by default, `?from=yyyy-MM-dd`), grouped by day: a holder's
 * own under `/holdings/services`, every session of the manager's reach under `/attendance/services`.
 */
export function ServiceListPage({
  title,
  description,
  notice,
  linkTo,
  showHolders,
}: {
  title: string;
  description: string;
  notice?: ReactNode;
  linkTo: (serviceId: string) => string;
  showHolders: boolean;
}) {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const fromId = useId();
  const [params, setParams] = useSearchParams();
  const today = formatPattern(new Date(), 'yyyy-MM-dd', timeZone, locale);
  const chosen = params.get('from');
  const fromDay = chosen && DAY.test(chosen) ? chosen : today;
  const services = useServices(dayStart(fromDay, timeZone));
  const items = services.data?.pages.flatMap((page) => page.items) ?? [];
  const total = services.data?.pages[0]?.total ?? 0;

  const setFrom = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value || value === today || !DAY.test(value)) next.delete('from');
        else next.set('from', value);
        return next;
      },
      { replace: true },
    );

  let content;
  if (services.isPending) {
    content = <ListSkeleton />;
  } else if (services.isError && items.length === 0) {
    content = (
      <ErrorState title={t('list.error')} error={services.error} onRetry={() => void services.refetch()} />
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon={<CalendarX2 className="size-8" aria-hidden="true" />}
        title={t('list.empty.title')}
        text={t('list.empty.text')}
      />
    );
  } else {
    content = (
      <div className="space-y-6">
        <ServicesByDay services={items} timeZone={timeZone} linkTo={linkTo} showHolders={showHolders} />
        {services.isFetchNextPageError ? <Alert tone="error">{t('list.moreError')}</Alert> : null}
        {services.hasNextPage ? (
          <div className="flex flex-col items-center gap-2">
            <p className="text-sm text-slate-600">{t('list.shown', { shown: items.length, total })}</p>
            <Button
              variant="secondary"
              size="lg"
              loading={services.isFetchingNextPage}
              onClick={() => void services.fetchNextPage()}
            >
              {t('list.more')}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button asChild variant="secondary">
            <Link to={paths.calendar.to()}>
              <CalendarDays aria-hidden="true" />
              {t('list.calendar')}
            </Link>
          </Button>
        }
      />
      {notice}
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={fromId} className="block text-sm font-medium text-slate-800">
            {t('list.from')}
          </label>
          <Input
            id={fromId}
            type="date"
            value={fromDay}
            onChange={(event) => setFrom(event.target.value)}
            className="w-44"
          />
        </div>
        {fromDay === today ? null : (
          <Button variant="ghost" onClick={() => setFrom(today)}>
            {t('list.fromToday')}
          </Button>
        )}
        <p className="ml-auto text-sm text-slate-600" aria-live="polite">
          {services.isPending ? '' : t('list.count', { count: total })}
        </p>
      </div>
      {content}
    </PageContainer>
  );
}
