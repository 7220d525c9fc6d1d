import {
  MEMBER_EXPORT_MAX_ROWS,
  MEMBER_SORTS,
  type MemberListKind,
  type MemberSort,
  ROLES,
  type SortOrder,
} from '@inscrio/shared';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronRight,
  Download,
  Search,
  UserPlus,
  Users,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
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

/** Pauses typing for this long before searching. */
const SEARCH_DELAY_MS = 300;

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

/** One account in the table; the whole row opens the member's page. */
function MemberRow({ item, linkState }: { item: MemberListItem; linkState: { backTo: string } }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <tr className="group relative hover:bg-slate-50" data-member-row="">
      <td className="py-3 pr-3 pl-5">
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
      </td>
      <td className="hidden max-w-[12rem] px-3 py-3 text-slate-700 lg:table-cell">
        {item.establishment.name}
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">{item.roleLabel}</td>
      <td className="px-3 py-3 text-right text-slate-700 tabular-nums">{item.familySize}</td>
      <td className="px-3 py-3 whitespace-nowrap text-slate-700">
        <LastLogin value={item.lastLoginAt} />
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap text-slate-700 tabular-nums xl:table-cell">
        {formatDate(item.createdAt, timeZone, locale)}
      </td>
      <td className="px-3 py-3 text-slate-400 group-hover:text-brand-700">
        <ChevronRight className="size-4" aria-hidden="true" />
      </td>
    </tr>
  );
}

interface SortProps {
  sort: MemberSort;
  order: SortOrder;
  onSort: (column: MemberSort) => void;
}

const ariaSort = (active: boolean, order: SortOrder) =>
  active ? (order === 'asc' ? 'ascending' : 'descending') : 'none';

/** A column title's button: sorts by the column, or flips the order when it already does. */
function SortButton({
  column,
  label,
  sort,
  order,
  onSort,
}: SortProps & { column: MemberSort; label: string }) {
  const { t } = useTranslation('members');
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      className={cn(
        '-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 tracking-wide uppercase hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600',
        active && 'text-slate-800',
      )}
      title={t('list.sortBy', { column: label })}
      aria-pressed={active}
    >
      {label}
      <Icon className={cn('size-3.5', !active && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

/** A column title that sorts the list; says which way it is sorted to assistive technologies. */
function SortHeader({
  column,
  label,
  className,
  ...sorting
}: SortProps & { column: MemberSort; label: string; className?: string }) {
  return (
    <th
      scope="col"
      className={cn('px-3 py-2 whitespace-nowrap', className)}
      aria-sort={ariaSort(sorting.sort === column, sorting.order)}
    >
      <SortButton column={column} label={label} {...sorting} />
    </th>
  );
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
  const [search, setSearch] = useState(state.q ?? '');
  const establishments = useEstablishmentOptions();
  const exportMembers = useExportMembers();
  const query = useMembers({ ...state, q: state.q?.trim() || undefined, pageSize: PAGE_SIZE });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const establishmentOptions = establishments.data?.items ?? [];

  // Typing searches once it pauses, not at every key.
  useEffect(() => {
    if (search.trim() === (state.q ?? '')) return;
    const timer = window.setTimeout(() => set({ q: search.trim() }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // Only `search` drives this; `set` changes with the address.
  }, [search]);

  // The address changed without the box (back button, "clear filters"): follow it.
  useEffect(() => {
    if ((state.q ?? '') !== search.trim()) setSearch(state.q ?? '');
  }, [state.q]);

  // A page beyond the last (rows removed meanwhile) goes back to the last one.
  useEffect(() => {
    if (query.data && state.page > pageCount) set({ page: String(pageCount) });
  }, [query.data, state.page, pageCount]);

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

  // The member page's back link returns here, filters and page included.
  const linkState = { backTo: `${location.pathname}${location.search}` };
  const sortValue = `${state.sort}:${state.order}`;
  const sorting: SortProps = { sort: state.sort, order: state.order, onSort: sortBy };

  return (
    <PageContainer className="max-w-7xl">
      <PageHeader
        title={t(`list.titles.${kind}`)}
        description={t(`list.descriptions.${kind}`)}
        actions={
          <>
            <Button variant="secondary" onClick={() => void onExport()} loading={exportMembers.isPending}>
              {exportMembers.isPending ? null : <Download aria-hidden="true" />}
              {t('list.export')}
            </Button>
            {createButton}
          </>
        }
      />

      <Card className="overflow-hidden">
        <div className="border-b border-slate-100 px-4 sm:px-5">
          <KindTabs kind={kind} />
        </div>
        <div
          className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] lg:items-center"
          data-member-filters=""
        >
          <div className={cn('relative sm:col-span-2 lg:col-span-1', kind !== 'all' && 'lg:col-span-2')}>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('list.search')}
              aria-label={t('list.search')}
              data-member-search=""
            />
          </div>
          {establishmentOptions.length > 1 ? (
            <Select
              aria-label={t('list.establishmentFilter')}
              value={state.establishmentId}
              onChange={(event) => set({ establishment: event.target.value })}
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
            <Select
              aria-label={t('list.roleFilter')}
              value={state.role ?? ''}
              onChange={(event) => set({ role: event.target.value })}
            >
              <option value="">{t('list.allRoles')}</option>
              {ROLES.values.map((role) => (
                <option key={role} value={role}>
                  {ROLES.label(role, locale)}
                </option>
              ))}
            </Select>
          ) : null}
          {/* Phones have no column titles to click: the sort is a select. */}
          <div className="md:hidden">
            <Select
              aria-label={t('list.sortLabel')}
              value={sortValue}
              onChange={(event) => {
                const [sort, order] = event.target.value.split(':');
                set({ sort, order });
              }}
              data-member-sort=""
            >
              {MEMBER_SORTS.flatMap((sort) =>
                (['asc', 'desc'] as const).map((order) => (
                  <option key={`${sort}:${order}`} value={`${sort}:${order}`}>
                    {t(`list.sorts.${sort}.${order}`)}
                  </option>
                )),
              )}
            </Select>
          </div>
        </div>

        <QueryStates
          query={query}
          loadingLabel={t('list.loading')}
          isEmpty={items.length === 0}
          inCard
          empty={
            <EmptyState
              icon={<Users className="size-8" aria-hidden="true" />}
              title={filtered ? t('list.noMatch') : t(`list.empty.${kind}`)}
              text={filtered ? t('list.noMatchHint') : t('list.emptyHint')}
              action={
                filtered ? (
                  <Button variant="secondary" size="sm" onClick={clear}>
                    {t('list.clearFilters')}
                  </Button>
                ) : (
                  createButton
                )
              }
            />
          }
        >
          <div className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
            {/* Wide screens: a table. */}
            <table className="hidden w-full text-left text-sm md:table" data-member-table="">
              <thead className="border-b border-slate-100 bg-slate-50/70 text-xs font-semibold text-slate-500">
                <tr>
                  {/* Name and e-mail share a column (the e-mail under the name), each sortable. */}
                  <th
                    scope="col"
                    className="py-2 pr-3 pl-5 whitespace-nowrap"
                    aria-sort={ariaSort(state.sort === 'name' || state.sort === 'email', state.order)}
                  >
                    <span className="inline-flex items-center gap-2">
                      <SortButton column="name" label={t('list.columns.name')} {...sorting} />
                      <span aria-hidden="true">/</span>
                      <SortButton column="email" label={t('list.columns.email')} {...sorting} />
                    </span>
                  </th>
                  <th
                    scope="col"
                    className="hidden px-3 py-2 tracking-wide whitespace-nowrap uppercase lg:table-cell"
                  >
                    {t('list.columns.establishment')}
                  </th>
                  <th scope="col" className="px-3 py-2 tracking-wide whitespace-nowrap uppercase">
                    {t('list.columns.role')}
                  </th>
                  <SortHeader
                    column="familySize"
                    label={t('list.columns.familySize')}
                    {...sorting}
                    className="text-right"
                  />
                  <SortHeader column="lastLoginAt" label={t('list.columns.lastLoginAt')} {...sorting} />
                  <SortHeader
                    column="createdAt"
                    label={t('list.columns.createdAt')}
                    {...sorting}
                    className="hidden xl:table-cell"
                  />
                  <th scope="col" className="w-10 px-3 py-2">
                    <span className="sr-only">{t('list.open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => (
                  <MemberRow key={item.userId} item={item} linkState={linkState} />
                ))}
              </tbody>
            </table>

            {/* Phones: cards. */}
            <ul className="divide-y divide-slate-100 md:hidden" data-member-cards="">
              {items.map((item) => (
                <li key={item.userId} data-member-card="">
                  <Link
                    to={memberPagePath(item)}
                    state={linkState}
                    className="flex gap-3 px-4 py-4 hover:bg-slate-50"
                  >
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
                </li>
              ))}
            </ul>
          </div>
        </QueryStates>
        {items.length > 0 ? (
          <Pagination
            className="border-t border-slate-100 px-4 py-3 sm:px-5"
            page={state.page}
            pageCount={pageCount}
            onPageChange={(page) => set({ page: String(page) })}
            summary={t('list.summary', { count: total, page: state.page, pages: pageCount })}
            label={t('list.pagination')}
          />
        ) : null}
      </Card>
    </PageContainer>
  );
}
