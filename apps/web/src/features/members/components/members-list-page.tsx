import {
  MEMBER_EXPORT_MAX_ROWS,
  MEMBER_SORTS,
  type MemberListKind,
  type MemberSort,
  ROLES,
} from '@inscrio/shared';
import { ChevronRight, Clock, UserPlus, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { ListEmpty } from '@/components/lists/list-empty';
import { type Column, DataTable, openColumn } from '@/components/lists/data-table';
import { ListSearch, ListToolbar } from '@/components/lists/list-toolbar';
import { EnumFilter, ExportButton, SortSelect } from '@/components/lists/list-filters';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useEstablishmentOptions } from '../api/get-establishment-options';
import { useExportMembers } from '../api/export-members';
import { useMembers } from '../api/get-members';
import type { MemberListItem } from '../api/types';
import { useMemberFilters } from '../hooks/use-member-filters';
import { useTimeZone } from '@/lib/use-time-zone';
import { memberPagePath } from '../utils/member-paths';
import { saveFile } from '@/lib/download';

const PAGE_SIZE = 20;

const KIND_PATHS: Record<MemberListKind, string> = {
  all: paths.membersAll.to(),
  participants: paths.participants.to(),
  holders: paths.holders.to(),
};

/** 'dd/MM/yyyy HH:mm' in the organisation's zone, or 'Jamais'. */
function LastLogin({ value }: { value: string | null }) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return value ? (
    <span className="tabular-nums">{formatDateTime(value, timeZone, locale)}</span>
  ) : (
    <span className="text-slate-500">{t('list.never')}</span>
  );
}

function HolderBadge() {
  const { t } = useTranslation('members');
  return <Badge variant="info">{t('list.holderBadge')}</Badge>;
}

/** Tous · Participants · Titulaires, as links (the menu's sub-entries, repeated in the page). */
function KindTabs({ kind }: { kind: MemberListKind }) {
  const { t } = useTranslation('members');
  return (
    <nav aria-label={t('list.kindsLabel')} className="-mb-px flex gap-1 overflow-x-auto">
      {(['all', 'participants', 'holders'] as const).map((value) => (
        <NavLink
          key={value}
          to={KIND_PATHS[value]}
          end
          aria-current={value === kind ? 'page' : undefined}
          className={cn(
            'border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors',
            value === kind
              ? 'border-brand-700 text-brand-800'
              : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
          )}
        >
          {t(`list.kinds.${value}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The table's columns: name and e-mail share the first (the e-mail under the name), each sortable. */
function useColumns(linkState: { backTo: string }): Column<MemberListItem, MemberSort>[] {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return [
    {
      id: 'name',
      header: t('list.columns.name'),
      sortKeys: [
        { key: 'name', label: t('list.columns.name') },
        { key: 'email', label: t('list.columns.email') },
      ],
      cell: (item) => (
        <>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              to={memberPagePath(item)}
              state={linkState}
              className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
            >
              {item.displayName}
            </Link>
            {item.isHolder ? <HolderBadge /> : null}
          </div>
          <p className="max-w-[18rem] truncate text-slate-600" title={item.email}>
            {item.email}
          </p>
        </>
      ),
    },
    {
      id: 'establishment',
      header: t('list.columns.establishment'),
      className: 'hidden lg:table-cell',
      cellClassName: 'max-w-[12rem] text-slate-700',
      cell: (item) => item.establishment.name,
    },
    {
      id: 'role',
      header: t('list.columns.role'),
      cellClassName: 'whitespace-nowrap text-slate-700',
      cell: (item) => item.roleLabel,
    },
    {
      id: 'familySize',
      header: t('list.columns.familySize'),
      sortKeys: [{ key: 'familySize', label: t('list.columns.familySize') }],
      className: 'text-right',
      cellClassName: 'text-slate-700 tabular-nums',
      cell: (item) => item.familySize,
    },
    {
      id: 'lastLoginAt',
      header: t('list.columns.lastLoginAt'),
      sortKeys: [{ key: 'lastLoginAt', label: t('list.columns.lastLoginAt') }],
      cellClassName: 'whitespace-nowrap text-slate-700',
      cell: (item) => <LastLogin value={item.lastLoginAt} />,
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

/** Phones: one account per card, the whole card opening the member's page. */
function MemberCard({ item, linkState }: { item: MemberListItem; linkState: { backTo: string } }) {
  const { t } = useTranslation('members');
  return (
    <Link to={memberPagePath(item)} state={linkState} className="flex gap-3 px-4 py-4 hover:bg-slate-50">
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold text-slate-900">{item.displayName}</span>
          {item.isHolder ? <HolderBadge /> : null}
        </span>
        <span className="block truncate text-sm text-slate-600">{item.email}</span>
        <span className="block text-xs text-slate-500">
          {item.roleLabel} · {item.establishment.name}
        </span>
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
          <span>{t('list.familySize', { count: item.familySize })}</span>
          <span>
            {t('list.lastLoginShort')} <LastLogin value={item.lastLoginAt} />
          </span>
        </span>
      </span>
      <ChevronRight className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
}

/**
 * `/members/all`, `/members/participants`, `/members/holders`: the organisation's accounts, searchable
 * (debounced), filtered by establishment and role, sorted by a column, a page at a time, exported as CSV
 * with the same filters. A table on wide screens, cards on phones.
 */
export function MembersListPage({ kind }: { kind: MemberListKind }) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const location = useLocation();
  const { state, set, sortBy, filtered, clear } = useMemberFilters(kind);
  const establishments = useEstablishmentOptions();
  const exportMembers = useExportMembers();
  const query = useMembers({ ...state, q: state.q?.trim() || undefined, pageSize: PAGE_SIZE });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const establishmentOptions = establishments.data?.items ?? [];
  // The member page's back link returns here, filters and page included.
  const linkState = { backTo: `${location.pathname}${location.search}` };
  const columns = useColumns(linkState);

  const onExport = async () => {
    const file = await exportMembers.mutateAsync(state).catch(() => null);
    if (!file) return;
    saveFile(file.blob, file.filename ?? 'membres.csv');
    if (file.headers.get('x-export-truncated') === 'true') {
      notify.info(t('list.exportTruncated', { max: MEMBER_EXPORT_MAX_ROWS.toLocaleString(locale) }));
    } else {
      notify.success(t('list.exported'));
    }
  };

  const createButton = (
    <Button asChild>
      <Link to={paths.membersCreate.to()}>
        <UserPlus aria-hidden="true" />
        {t('list.create')}
      </Link>
    </Button>
  );

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        title={t(`list.titles.${kind}`)}
        description={t(`list.descriptions.${kind}`)}
        actions={
          <>
            <ExportButton
              label={t('list.export')}
              pending={exportMembers.isPending}
              onExport={() => void onExport()}
            />
            {kind === 'holders' ? (
              <Button variant="secondary" asChild>
                <Link to={paths.workTime.to()} data-holders-work-time="">
                  <Clock aria-hidden="true" />
                  {t('list.workTime')}
                </Link>
              </Button>
            ) : null}
            {createButton}
          </>
        }
      />

      <Card className="overflow-hidden">
        <div className="border-b border-slate-100 px-4 sm:px-5">
          <KindTabs kind={kind} />
        </div>
        <ListToolbar
          className="sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:items-center"
          data-member-filters=""
          search={
            <ListSearch
              className={cn('sm:col-span-2 lg:col-span-1', kind !== 'all' && 'lg:col-span-2')}
              value={state.q ?? ''}
              onSearch={(q) => set({ q })}
              label={t('list.search')}
              inputProps={{ 'data-member-search': '' }}
            />
          }
        >
          {establishmentOptions.length > 1 ? (
            <Select
              aria-label={t('list.establishmentFilter')}
              value={state.establishmentId}
              onChange={(event) => set({ establishmentId: event.target.value })}
            >
              <option value="">{t('list.allEstablishments')}</option>
              {establishmentOptions.map((establishment) => (
                <option key={establishment.id} value={establishment.id}>
                  {establishment.name}
                </option>
              ))}
            </Select>
          ) : null}
          {kind === 'all' ? (
            <EnumFilter
              enumeration={ROLES}
              value={state.role}
              onChange={(role) => set({ role })}
              label={t('list.roleFilter')}
              allLabel={t('list.allRoles')}
            />
          ) : null}
          {/* Phones have no column titles to click: the sort is a select. */}
          <div className="md:hidden">
            <SortSelect
              sorts={MEMBER_SORTS}
              sort={state.sort}
              order={state.order}
              onChange={(sort, order) => set({ sort, order })}
              label={t('list.sortLabel')}
              optionLabel={(sort, order) => t(`list.sorts.${sort}.${order}`)}
              data-member-sort=""
            />
          </div>
        </ListToolbar>

        <DataTable
          items={items}
          getKey={(item) => item.userId}
          columns={columns}
          card={(item) => <MemberCard item={item} linkState={linkState} />}
          sorting={{ sort: state.sort, order: state.order, onSort: sortBy }}
          rowLinks
          query={query}
          loadingLabel={t('list.loading')}
          empty={
            <ListEmpty
              icon={<Users className="size-8" aria-hidden="true" />}
              filtered={filtered}
              empty={{ title: t(`list.empty.${kind}`), text: t('list.emptyHint'), action: createButton }}
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
          tableProps={{ 'data-member-table': '' }}
          rowProps={() => ({ 'data-member-row': '' })}
          cardsProps={{ 'data-member-cards': '' }}
          cardProps={() => ({ 'data-member-card': '' })}
        />
      </Card>
    </PageContainer>
  );
}
