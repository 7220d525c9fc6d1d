import {
  ageRestrictionText,
  formatDuration,
  formatMoney,
  VISIBILITIES,
  type Visibility,
} from '@inscrio/shared';
import { ChevronRight, Dumbbell, Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useBlueprints } from '../api/get-blueprints';
import { useEstablishmentOptions } from '../api/get-establishment-options';
import type { BlueprintListItem } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { NEW_BLUEPRINT_ID } from './blueprint-form-model';
import { VisibilityBadge } from './visibility-badge';

const PAGE_SIZE = 20;

/** The list's filters live in the address, so going back to the list keeps them. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const visibility = params.get('visibility');
  const filters = {
    q: params.get('q') ?? '',
    establishmentId: params.get('establishment') ?? '',
    visibility: VISIBILITIES.is(visibility) ? visibility : undefined,
    includeArchived: params.get('archived') === '1',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const set = (
    changes: Partial<Record<'q' | 'establishment' | 'visibility' | 'archived' | 'page', string>>,
  ) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        // Any filter change goes back to the first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  return { filters, set };
}

function NextSession({ item }: { item: BlueprintListItem }) {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return item.nextSessionStart ? (
    <span>{formatDateTime(item.nextSessionStart, timeZone, locale)}</span>
  ) : (
    <span className="text-slate-500">{t('list.noNextSession')}</span>
  );
}

function ColorDot({ color }: { color: string }) {
  return (
    <span className="size-3 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
  );
}

/** `/managing/blueprints`: the organisation's activities, searchable and filterable, a page at a time. */
export function BlueprintsPage() {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  const { filters, set } = useFilters();
  const [search, setSearch] = useState(filters.q);
  const establishments = useEstablishmentOptions();
  const query = useBlueprints({
    q: filters.q.trim() || undefined,
    establishmentId: filters.establishmentId || undefined,
    visibility: filters.visibility,
    includeArchived: filters.includeArchived,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = Boolean(filters.q || filters.establishmentId || filters.visibility);

  // Typing searches after a short pause, not at every key.
  useEffect(() => {
    if (search === filters.q) return;
    const timer = setTimeout(() => set({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
    // Only `search` drives this; `set` changes with the address.
  }, [search]);

  const createButton = (
    <Button asChild>
      <Link to={paths.blueprint.to(NEW_BLUEPRINT_ID)}>
        <Plus aria-hidden="true" />
        {t('list.create')}
      </Link>
    </Button>
  );

  return (
    <PageContainer>
      <PageHeader title={t('list.title')} description={t('list.description')} actions={createButton} />
      <Card className="overflow-hidden">
        <div className="grid gap-3 border-b border-slate-100 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] lg:items-center">
          <div className="relative sm:col-span-2 lg:col-span-1">
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
            />
          </div>
          <Select
            aria-label={t('list.establishmentFilter')}
            value={filters.establishmentId}
            onChange={(event) => set({ establishment: event.target.value })}
          >
            <option value="">{t('list.allEstablishments')}</option>
            {(establishments.data?.items ?? []).map((establishment) => (
              <option key={establishment.id} value={establishment.id}>
                {establishment.name}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t('list.visibilityFilter')}
            value={filters.visibility ?? ''}
            onChange={(event) => set({ visibility: event.target.value })}
          >
            <option value="">{t('list.allVisibilities')}</option>
            {VISIBILITIES.values.map((visibility: Visibility) => (
              <option key={visibility} value={visibility}>
                {VISIBILITIES.label(visibility, locale)}
              </option>
            ))}
          </Select>
          <CheckboxField
            label={t('list.includeArchived')}
            checked={filters.includeArchived}
            onChange={(event) => set({ archived: event.target.checked ? '1' : '' })}
            className="sm:col-span-2 lg:col-span-1"
          />
        </div>

        <QueryStates
          query={query}
          loadingLabel={t('list.loading')}
          isEmpty={items.length === 0}
          inCard
          empty={
            <EmptyState
              icon={<Dumbbell className="size-8" aria-hidden="true" />}
              title={filtered ? t('list.noMatch') : t('list.empty')}
              text={filtered ? t('list.noMatchHint') : t('list.emptyHint')}
              action={filtered ? undefined : createButton}
            />
          }
        >
          <>
            {/* Wide screens: a table. */}
            <table className="hidden w-full text-left text-sm md:table" data-blueprint-table="">
              <thead className="border-b border-slate-100 bg-slate-50/70 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-5 py-3">
                    {t('list.columns.name')}
                  </th>
                  <th scope="col" className="px-3 py-3">
                    {t('list.columns.establishment')}
                  </th>
                  <th scope="col" className="px-3 py-3">
                    {t('list.columns.visibility')}
                  </th>
                  <th scope="col" className="px-3 py-3 text-right">
                    {t('list.columns.price')}
                  </th>
                  <th scope="col" className="px-3 py-3">
                    {t('list.columns.nextSession')}
                  </th>
                  <th scope="col" className="w-10 px-3 py-3">
                    <span className="sr-only">{t('list.open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => (
                  <tr key={item.id} className="group relative hover:bg-slate-50" data-blueprint-row="">
                    <td className="px-5 py-3">
                      <div className="flex items-center gap-3">
                        <ColorDot color={item.colorCode} />
                        <div className="min-w-0">
                          <Link
                            to={paths.blueprint.to(item.id)}
                            className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
                          >
                            {item.name}
                          </Link>
                          <p className="text-xs text-slate-500">
                            {formatDuration(item.duration)} ·{' '}
                            {ageRestrictionText(item.minAge, item.maxAge, locale)}
                          </p>
                        </div>
                        {item.archivedAt ? <Badge variant="warning">{t('archive.badge')}</Badge> : null}
                      </div>
                    </td>
                    <td className="px-3 py-3 text-slate-700">{item.establishmentName}</td>
                    <td className="px-3 py-3">
                      <VisibilityBadge visibility={item.visibility} />
                    </td>
                    <td className="px-3 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
                      {formatMoney(item.price, locale)}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                      <NextSession item={item} />
                    </td>
                    <td className="px-3 py-3 text-slate-400 group-hover:text-brand-700">
                      <ChevronRight className="size-4" aria-hidden="true" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* Phones: cards. */}
            <ul className="divide-y divide-slate-100 md:hidden" data-blueprint-cards="">
              {items.map((item) => (
                <li key={item.id}>
                  <Link to={paths.blueprint.to(item.id)} className="flex gap-3 px-4 py-4 hover:bg-slate-50">
                    <span className="mt-1.5">
                      <ColorDot color={item.colorCode} />
                    </span>
                    <span className="min-w-0 flex-1 space-y-1">
                      <span className="flex items-start justify-between gap-2">
                        <span className="font-semibold text-slate-900">{item.name}</span>
                        <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
                          {formatMoney(item.price, locale)}
                        </span>
                      </span>
                      <span className="block text-xs text-slate-500">{item.establishmentName}</span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                        <VisibilityBadge visibility={item.visibility} />
                        {item.archivedAt ? <Badge variant="warning">{t('archive.badge')}</Badge> : null}
                        <NextSession item={item} />
                      </span>
                    </span>
                    <ChevronRight className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          </>
        </QueryStates>
        {items.length > 0 ? (
          <Pagination
            className="border-t border-slate-100 px-4 py-3 sm:px-5"
            page={filters.page}
            pageCount={pageCount}
            onPageChange={(page) => set({ page: String(page) })}
            summary={t('list.summary', { count: total, page: filters.page, pages: pageCount })}
            label={t('list.pagination')}
          />
        ) : null}
      </Card>
    </PageContainer>
  );
}
