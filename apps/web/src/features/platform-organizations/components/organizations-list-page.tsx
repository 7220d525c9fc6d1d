import {
  LICENCE_PLANS,
  ORGANIZATION_STATES,
  PLATFORM_ORGANIZATION_SORTS,
  type PlatformOrganizationRow,
  type PlatformOrganizationSort,
  isPlatformAdmin,
  isPlatformStaff,
} from '@inscrio/shared';
import { Building, ChevronRight, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { type Column, DataTable, openColumn } from '@/components/lists/data-table';
import { ListEmpty } from '@/components/lists/list-empty';
import { ListSearch, ListToolbar } from '@/components/lists/list-toolbar';
import { EnumFilter, SortSelect } from '@/components/lists/list-filters';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate, formatDateTime } from '@/lib/dates';
import { PAGE_NOT_FOUND, paths, QUERY } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { usePlatformOrganizations } from '../api/get-organizations';
import { useOrganizationFilters } from '../hooks/use-organization-filters';
import { PlanBadge, StateBadge } from './organization-badges';
import { AccessDenied } from '@/components/feedback/access-denied';
import { useAuth } from '@/lib/auth-store';

const PAGE_SIZE = 20;

function LastActivity({ value }: { value: string | null }) {
  const { t } = useTranslation('platform-organizations');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return value ? (
    <span className="tabular-nums">{formatDateTime(value, timeZone, locale)}</span>
  ) : (
    <span className="text-slate-500">{t('list.never')}</span>
  );
}

function useColumns(linkState: {
  backTo: string;
}): Column<PlatformOrganizationRow, PlatformOrganizationSort>[] {
  const { t } = useTranslation('platform-organizations');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return [
    {
      id: 'name',
      header: t('list.columns.name'),
      sortKeys: [
        { key: 'name', label: t('list.columns.name') },
        { key: 'key', label: t('list.columns.key') },
      ],
      cell: (item) => (
        <>
          <Link
            to={paths.organization.to(item.id)}
            state={linkState}
            className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
            data-organization-link={item.key}
            data-organization-name=""
          >
            {item.name}
          </Link>
          <p className="text-slate-600">{item.key}</p>
        </>
      ),
    },
    {
      id: 'plan',
      header: t('list.columns.plan'),
      cell: (item) => <PlanBadge plan={item.planKey} />,
    },
    {
      id: 'state',
      header: t('list.columns.state'),
      cell: (item) => <StateBadge state={item.state} />,
    },
    {
      id: 'members',
      header: t('list.columns.members'),
      sortKeys: [{ key: 'members', label: t('list.columns.members') }],
      className: 'text-right',
      cellClassName: 'text-slate-700 tabular-nums',
      cell: (item) => item.members,
    },
    {
      id: 'participants',
      header: t('list.columns.participants'),
      className: 'hidden lg:table-cell text-right',
      cellClassName: 'text-slate-700 tabular-nums',
      cell: (item) => item.confirmedParticipantsThisMonth,
    },
    {
      id: 'lastActivityAt',
      header: t('list.columns.lastActivityAt'),
      sortKeys: [{ key: 'lastActivityAt', label: t('list.columns.lastActivityAt') }],
      cellClassName: 'whitespace-nowrap text-slate-700',
      cell: (item) => <LastActivity value={item.lastActivityAt} />,
    },
    {
      id: 'createdAt',
      header: t('list.columns.createdAt'),
      sortKeys: [{ key: 'createdAt', label: t('list.columns.createdAt') }],
      className: 'hidden xl:table-cell',
      cellClassName: 'whitespace-nowrap text-slate-700 tabular-nums',
      cell: (item) => formatDate(item.createdAt, timeZone, locale),
    },
    openColumn(t('list.open')),
  ];
}

/** Phones: one organisation per card, the whole card opening its page. */
function OrganizationCard({
  item,
  linkState,
}: {
  item: PlatformOrganizationRow;
  linkState: { backTo: string };
}) {
  const { t } = useTranslation('platform-organizations');
  return (
    <Link
      to={paths.organization.to(item.id)}
      state={linkState}
      className="flex gap-3 px-4 py-4 hover:bg-slate-50"
      data-organization-link={item.key}
    >
      <span className="min-w-0 flex-1 space-y-1">
        <span className="block font-semibold text-slate-900">{item.name}</span>
        <span className="block truncate text-sm text-slate-600">{item.key}</span>
        <span className="flex flex-wrap gap-1.5">
          <PlanBadge plan={item.planKey} />
          <StateBadge state={item.state} />
        </span>
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
          <span>{t('list.membersCount', { count: item.members })}</span>
          <span>{t('list.participantsCount', { count: item.confirmedParticipantsThisMonth })}</span>
          <span>
            {t('list.lastActivityShort')} <LastActivity value={item.lastActivityAt} />
          </span>
        </span>
      </span>
      <ChevronRight className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
}

/**
 * `/organizations-list`: every organisation of the platform for its staff (system administrators and
 * support), searchable by name or key, filtered by licence plan and state, sorted, a page at a time.
 */
function PlatformOrganizationsListPageContent() {
  const { t } = useTranslation('platform-organizations');
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const { state, set, sortBy, filtered, clear } = useOrganizationFilters();
  const query = usePlatformOrganizations({ ...state, q: state.q.trim() || undefined, pageSize: PAGE_SIZE });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const linkState = { backTo: `${location.pathname}${location.search}` };
  const columns = useColumns(linkState);
  const pageNotFound = searchParams.get(QUERY.error) === PAGE_NOT_FOUND;
  const { user } = useAuth();

  // Creating an organisation is the system administrators' (support reads the list).
  const createButton = isPlatformAdmin(user, user?.organizationId) && (
    <Button asChild>
      <Link to={paths.createOrganization.to()}>
        <Plus aria-hidden="true" />
        {t('list.create')}
      </Link>
    </Button>
  );

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader title={t('list.title')} description={t('list.description')} actions={createButton} />
      {pageNotFound ? (
        <Alert
          tone="info"
          action={
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                setSearchParams(
                  (params) => {
                    params.delete(QUERY.error);
                    return params;
                  },
                  { replace: true },
                )
              }
            >
              {t('list.dismiss')}
            </Button>
          }
        >
          {t('list.pageNotFound')}
        </Alert>
      ) : null}

      <Card className="overflow-hidden">
        <ListToolbar
          className="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:items-center"
          data-organization-filters=""
          search={
            <ListSearch
              className="sm:col-span-2 lg:col-span-1"
              value={state.q}
              onSearch={(q) => set({ q })}
              label={t('list.search')}
              inputProps={{ 'data-organization-search': '' }}
            />
          }
        >
          <EnumFilter
            enumeration={LICENCE_PLANS}
            value={state.plan}
            onChange={(plan) => set({ plan })}
            label={t('list.planFilter')}
            allLabel={t('list.allPlans')}
          />
          <EnumFilter
            enumeration={ORGANIZATION_STATES}
            value={state.state}
            onChange={(value) => set({ state: value })}
            label={t('list.stateFilter')}
            allLabel={t('list.allStates')}
            data-organization-state-filter=""
          />
          {/* Phones have no column titles to click: the sort is a select. */}
          <div className="md:hidden">
            <SortSelect
              sorts={PLATFORM_ORGANIZATION_SORTS}
              sort={state.sort}
              order={state.order}
              onChange={(sort, order) => set({ sort, order })}
              label={t('list.sortLabel')}
              optionLabel={(sort, order) => t(`list.sorts.${sort}.${order}`)}
            />
          </div>
        </ListToolbar>

        <DataTable
          items={items}
          getKey={(item) => item.id}
          columns={columns}
          card={(item) => <OrganizationCard item={item} linkState={linkState} />}
          sorting={{ sort: state.sort, order: state.order, onSort: sortBy }}
          rowLinks
          query={query}
          loadingLabel={t('list.loading')}
          empty={
            <ListEmpty
              icon={<Building className="size-8" aria-hidden="true" />}
              filtered={filtered}
              empty={{ title: t('list.empty'), text: t('list.emptyHint'), action: createButton }}
              noMatch={{
                title: t('list.noMatch'),
                text: t('list.noMatchHint'),
                clearLabel: t('list.clearFilters'),
                onClear: clear,
              }}
            />
          }
          paging={{
            page: state.page,
            total,
            pageSize: PAGE_SIZE,
            onPageChange: (page) => set({ page }),
            summary: (pages) => t('list.summary', { count: total, page: state.page, pages }),
            label: t('list.pagination'),
          }}
          tableProps={{ 'data-organization-table': '' }}
          rowProps={() => ({ 'data-organization-row': '' })}
          cardsProps={{ 'data-organization-cards': '' }}
        />
      </Card>
    </PageContainer>
  );
}

export function PlatformOrganizationsListPage() {
  const { t } = useTranslation('platform-organizations');
  const { user } = useAuth();
  if (!isPlatformStaff(user, user?.organizationId))
    return <AccessDenied title={t('list.title')} reason={t('forbidden')} />;
  return <PlatformOrganizationsListPageContent />;
}
