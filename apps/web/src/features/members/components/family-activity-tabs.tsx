import type { ParticipantPage } from '@inscrio/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ClipboardList, FileText, ShoppingBag } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { ORDERS_PAGE_SIZE, useOrders } from '@/features/orders/api/get-orders';
import { OrderRow } from '@/features/orders/components/order-row';
import { useParticipants } from '@/features/registry/api/participants';
import { ParticipantStatusBadge } from '@/features/registry/components/participant-status-badge';
import { SessionDate } from '@/features/registry/components/session-label';
import type { MemberDetail } from '../api/types';

const REGISTRATIONS_PAGE_SIZE = 10;

type TabId = 'registrations' | 'orders' | 'documents';

/**
 * The member page's tabs: the family's registrations and orders (the registry's and the orders' lists,
 * filtered on the family), and its documents (filled by the documents issue). Each list pages on its own.
 */
export function FamilyActivityTabs({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const [registrationsPage, setRegistrationsPage] = useState(1);
  const [ordersPage, setOrdersPage] = useState(1);
  const registrations = useParticipants({
    familyId: member.familyId,
    page: registrationsPage,
    pageSize: REGISTRATIONS_PAGE_SIZE,
  });
  const orders = useOrders({ familyId: member.familyId, page: ordersPage });

  // On phones the three tabs fit only without their counts (each list says its count below it).
  const count = (total: number | undefined) =>
    total ? (
      <Badge variant="secondary" className="hidden tabular-nums sm:inline-flex">
        {total}
      </Badge>
    ) : null;
  const empty = (id: TabId, icon: ReactNode) => (
    <EmptyState icon={icon} title={t(`tabs.empty.${id}.title`)} text={t(`tabs.empty.${id}.text`)} />
  );
  const pages = (
    id: TabId,
    total: number,
    page: number,
    pageSize: number,
    onPage: (page: number) => void,
  ) => (
    <Pagination
      className="mt-4"
      page={page}
      pageCount={Math.max(1, Math.ceil(total / pageSize))}
      onPageChange={onPage}
      summary={t(`tabs.count.${id}`, { count: total })}
      previousLabel={t('list.previous')}
      nextLabel={t('list.next')}
      label={t(`tabs.${id}`)}
    />
  );

  return (
    <Card data-member-tabs="">
      {/* A little less padding on phones, so that the three tabs fit on the narrowest ones. */}
      <CardContent className="px-4">
        <Tabs
          label={t('tabs.label')}
          items={[
            {
              id: 'registrations',
              label: t('tabs.registrations'),
              extra: count(registrations.data?.total),
              content: (
                <TabState query={registrations}>
                  {(page) =>
                    page.total === 0 ? (
                      empty('registrations', <ClipboardList className="size-8" aria-hidden="true" />)
                    ) : (
                      <>
                        <RegistrationList page={page} />
                        {pages(
                          'registrations',
                          page.total,
                          registrationsPage,
                          REGISTRATIONS_PAGE_SIZE,
                          setRegistrationsPage,
                        )}
                      </>
                    )
                  }
                </TabState>
              ),
            },
            {
              id: 'orders',
              label: t('tabs.orders'),
              extra: count(orders.data?.total),
              content: (
                <TabState query={orders}>
                  {(page) =>
                    page.total === 0 ? (
                      empty('orders', <ShoppingBag className="size-8" aria-hidden="true" />)
                    ) : (
                      <>
                        <ul className="space-y-2" data-family-orders="">
                          {page.items.map((order) => (
                            <li key={order.id}>
                              <OrderRow order={order} showFamily={false} />
                            </li>
                          ))}
                        </ul>
                        {pages('orders', page.total, ordersPage, ORDERS_PAGE_SIZE, setOrdersPage)}
                      </>
                    )
                  }
                </TabState>
              ),
            },
            {
              id: 'documents',
              label: t('tabs.documents'),
              extra: count(member.documents.length),
              content: empty('documents', <FileText className="size-8" aria-hidden="true" />),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/** A tab's list as it loads, fails (with a retry) or arrives. */
function TabState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) {
    return (
      <ul className="space-y-2" aria-busy="true" data-tab-loading="">
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <Skeleton className="h-16 w-full rounded-2xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <div aria-busy={query.isFetching || undefined}>{children(query.data)}</div>;
}

/** The family's registrations: who, which session, and its status. */
function RegistrationList({ page }: { page: ParticipantPage }) {
  return (
    <ul
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
      data-family-registrations=""
    >
      {page.items.map((participant) => (
        <li
          key={participant.id}
          className="flex items-center gap-3 px-4 py-3"
          data-family-registration={participant.id}
        >
          <span
            className="h-10 w-1 shrink-0 rounded-full"
            style={{ backgroundColor: participant.service.colorCode }}
            aria-hidden="true"
          />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-slate-900">
              {participant.member.firstName} {participant.member.lastName}
            </p>
            <p className="text-sm text-slate-700">{participant.service.blueprintName}</p>
            <p className="text-sm text-slate-600">
              <SessionDate
                start={participant.service.startDateTime}
                duration={participant.service.duration}
              />
            </p>
          </div>
          <ParticipantStatusBadge status={participant.status} />
        </li>
      ))}
    </ul>
  );
}
