import type { ParticipantDto } from '@inscrio/shared';
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
import { ORDERS_PAGE_SIZE, useOrders } from '@/features/orders';
import { OrderRow } from '@/features/orders';
import { useParticipants } from '@/features/registry';
import { ParticipantStatusBadge } from '@/features/registry';
import { SessionDate } from '@/features/registry';
import type { MemberDetail } from '../api/types';

const REGISTRATIONS_PAGE_SIZE = 10;

type TabId = 'registrations' | 'orders' | 'documents';

interface Page<T> {
  items: T[];
  total: number;
}

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
                <PagedList
                  id="registrations"
                  icon={<ClipboardList className="size-8" aria-hidden="true" />}
                  query={registrations}
                  page={registrationsPage}
                  pageSize={REGISTRATIONS_PAGE_SIZE}
                  onPageChange={setRegistrationsPage}
                >
                  {(items) => <RegistrationList items={items} />}
                </PagedList>
              ),
            },
            {
              id: 'orders',
              label: t('tabs.orders'),
              extra: count(orders.data?.total),
              content: (
                <PagedList
                  id="orders"
                  icon={<ShoppingBag className="size-8" aria-hidden="true" />}
                  query={orders}
                  page={ordersPage}
                  pageSize={ORDERS_PAGE_SIZE}
                  onPageChange={setOrdersPage}
                >
                  {(items) => (
                    <ul className="space-y-2" data-family-orders="">
                      {items.map((order) => (
                        <li key={order.id}>
                          <OrderRow order={order} showFamily={false} />
                        </li>
                      ))}
                    </ul>
                  )}
                </PagedList>
              ),
            },
            {
              id: 'documents',
              label: t('tabs.documents'),
              extra: count(member.documents.length),
              content: <TabEmpty id="documents" icon={<FileText className="size-8" aria-hidden="true" />} />,
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}

function TabEmpty({ id, icon }: { id: TabId; icon: ReactNode }) {
  const { t } = useTranslation('members');
  return <EmptyState icon={icon} title={t(`tabs.empty.${id}.title`)} text={t(`tabs.empty.${id}.text`)} />;
}

/** A tab's list as it loads, fails (with a retry), is empty, or arrives a page at a time. */
function PagedList<T>({
  id,
  icon,
  query,
  page,
  pageSize,
  onPageChange,
  children,
}: {
  id: TabId;
  icon: ReactNode;
  query: UseQueryResult<Page<T>>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('members');
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
  const { items, total } = query.data;
  if (total === 0) return <TabEmpty id={id} icon={icon} />;
  return (
    <div aria-busy={query.isFetching || undefined}>
      {children(items)}
      <Pagination
        className="mt-4"
        page={page}
        pageCount={Math.max(1, Math.ceil(total / pageSize))}
        onPageChange={onPageChange}
        summary={t(`tabs.count.${id}`, { count: total })}
        label={t(`tabs.${id}`)}
      />
    </div>
  );
}

/** The family's registrations: who, which session, and its status. */
function RegistrationList({ items }: { items: ParticipantDto[] }) {
  return (
    <ul
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
      data-family-registrations=""
    >
      {items.map((participant) => (
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
