import { isAtLeastEstManager, REGISTRATION_STATUSES, type RegistrationStatus } from '@inscrio/shared';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { EnumFilter } from '@/components/lists/list-filters';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { useOrders } from '../api/get-orders';
import { OrderRow } from './order-row';

function ListSkeleton() {
  return (
    <ul className="space-y-2" aria-busy="true" data-orders-loading="">
      {[0, 1, 2].map((index) => (
        <li key={index}>
          <Skeleton className="h-20 w-full rounded-2xl" />
        </li>
      ))}
    </ul>
  );
}

/**
 * `/orders` (Commandes): a family's orders, newest first; managers see every order of the organisation
 * with its family, and filter them by status.
 */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const { user } = useAuth();
  const manager = isAtLeastEstManager(user);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const statusParam = searchParams.get('status');
  const status = REGISTRATION_STATUSES.is(statusParam) ? statusParam : undefined;
  const query = useOrders({ page, status });

  const update = (changes: { page?: number; status?: RegistrationStatus | '' }) => {
    const next = new URLSearchParams(searchParams);
    if (changes.status !== undefined) {
      if (changes.status) next.set('status', changes.status);
      else next.delete('status');
      next.delete('page');
    }
    if (changes.page !== undefined) {
      if (changes.page > 1) next.set('page', String(changes.page));
      else next.delete('page');
    }
    setSearchParams(next);
  };

  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title={t('list.title')}
        description={manager ? t('list.managerText') : t('list.familyText')}
      />

      {manager ? (
        <div className="max-w-xs">
          <EnumFilter
            showLabel
            enumeration={REGISTRATION_STATUSES}
            value={status}
            onChange={(value) => update({ status: value ?? '' })}
            label={t('list.status')}
            allLabel={t('list.allStatuses')}
            data-status-filter=""
          />
        </div>
      ) : null}

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ErrorState title={t('list.error')} error={query.error} onRetry={() => void query.refetch()} />
      ) : data && data.items.length === 0 ? (
        <EmptyState
          icon={<ReceiptText className="size-8" aria-hidden="true" />}
          title={status ? t('list.emptyFiltered') : t('list.empty')}
          text={manager ? undefined : t('list.emptyText')}
          action={
            manager ? null : (
              <Button asChild variant="secondary" size="sm">
                <Link to={paths.catalog.to()}>{t('list.toCatalog')}</Link>
              </Button>
            )
          }
        />
      ) : data ? (
        <>
          <ul className="space-y-2" data-orders="" aria-busy={query.isFetching || undefined}>
            {data.items.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} showFamily={manager} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={(next) => update({ page: next })}
            summary={t('list.summary', { count: data.total, page, pages: pageCount })}
            label={t('list.pagination')}
          />
        </>
      ) : null}
    </PageContainer>
  );
}
